/**
 * The product's main job: a visitor's message becomes a lead that
 * the owner, already on the dashboard in another browser, sees appear live.
 */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin, submitLogin } from './support/admin.js';

/**
 * Documents in the page's Firestore cache in IndexedDB (web/src/shared/data/FirestoreScope.tsx):
 * what a sign-out must leave at zero. (A tab stopping while the cache is deleted may re-create
 * the database's empty tables, so the test counts documents rather than databases.)
 */
const cachedDocuments = (page: Page) =>
  page.evaluate(async () => {
    let total = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('firestore/')) continue;
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      for (const store of Array.from(db.objectStoreNames).filter((n) => n.startsWith('remoteDocuments'))) {
        total += await new Promise<number>((ok, fail) => {
          const r = db.transaction(store).objectStore(store).count();
          r.onsuccess = () => ok(r.result);
          r.onerror = () => fail(r.error);
        });
      }
      db.close();
    }
    return total;
  });

test('a contact message appears live in the New column of an open dashboard', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  const newColumn = admin.getByTestId('column-New');
  await expect(newColumn).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const name = `E2E Visitor ${Date.now()}`;
  await visitor.goto('/#contact');
  const form = visitor.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('e2e.visitor@example.com');
  await form.getByLabel('Subject').fill('Live board check');
  await form.getByLabel('Message').fill('Hello from the end-to-end test.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(visitor.getByText('Message sent!')).toBeVisible();
  await expect(visitor.getByText(`Thanks, ${name}.`)).toBeVisible();

  // No reload on the admin side: the Firestore listener brings the lead in.
  await expect(newColumn.getByText(name)).toBeVisible();

  // The confirmation resets to an empty form after 4 s.
  await expect(visitor.getByRole('form', { name: 'Contact form' })).toBeVisible({ timeout: 10_000 });
  await expect(visitor.getByRole('form', { name: 'Contact form' }).getByLabel('Name')).toHaveValue('');

  await adminContext.close();
  await visitorContext.close();
});

test('the contact form shows field messages and sends nothing when empty', async ({ page }) => {
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) posted = true;
  });
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  // The first invalid field takes the focus, so a keyboard user lands where to fix it.
  await expect(form.getByLabel('Name')).toBeFocused();
  expect(posted).toBe(false);
});

test('admin pages redirect to the login without a session; unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Not authenticated')).toBeVisible(); // spec §8
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();

  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('logout ends the session', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Not authenticated')).toHaveCount(0); // the sign-out was asked for
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the board reloads from the device cache, and Logout deletes that cache', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
  expect(await cachedDocuments(page)).toBeGreaterThan(0);

  // Reloaded without a network path to Firestore, the board still shows: it comes from IndexedDB.
  await page.route(/google\.firestore\.v1\.Firestore/, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
  await page.unroute(/google\.firestore\.v1\.Firestore/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect.poll(() => cachedDocuments(page)).toBe(0);

  // Signing in again in the same page starts a fresh Firestore: the board fills from the server.
  await submitLogin(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
});

test('Logout in another tab signs this tab out too and empties the cache; this tab works again after a new sign-in', async ({
  page,
  context,
}) => {
  await loginAsAdmin(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/admin/clients');
  await expect(other.getByTestId('client-card').first()).toBeVisible();

  await other.getByRole('button', { name: 'Logout' }).click();
  // The toast shows for 5 s: waited for first, before anything that can take that long on a busy machine.
  await expect(page.getByText('Not authenticated')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(other).toHaveURL(/\/admin\/login$/);
  await expect.poll(() => cachedDocuments(page)).toBe(0);

  // This tab let go of its Firestore: signed in again, it shows the board.
  await submitLogin(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
});

test('a session the API refuses signs out and deletes the cache too', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByTestId('lead-card').first()).toBeVisible();
  expect(await cachedDocuments(page)).toBeGreaterThan(0);
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Not authenticated"}' }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Not authenticated')).toBeVisible();
  await expect.poll(() => cachedDocuments(page)).toBe(0);
});

test('a failed logout shows no message (spec §8) and still signs out here', async ({ page }) => {
  await loginAsAdmin(page);
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }),
  );
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Logged out successfully')).toHaveCount(0);
  await expect(page.getByText('Not authenticated')).toHaveCount(0);
});
