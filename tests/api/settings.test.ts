/**
 * Studio settings routes: validation (strict, nothing written on 400), the guard, what is stored, and optimistic
 * concurrency (a save from settings read before someone else's save → 409, nothing overwritten).
 */
import { describe, expect, it } from 'vitest';
import { PRIVATE_LOGO_HOST, SETTINGS_CHANGED } from '@studio/domain';
import { adminIdToken, api, db, settingsVersion, userIdToken } from '../helpers.js';

const VALID = {
  businessName: 'Pixel & Code Studio',
  postalAddress: '1 Test Street\nSpringfield',
  contactEmail: 'Billing@Studio.Example',
  taxId: '',
  logoUrl: 'https://studio.example/logo.png',
  paymentTermsDays: 21,
  invoiceFooter: 'Thank you for your business.',
};

describe('PUT /api/settings/studio', () => {
  it('stores the validated settings (email lowercased, blank tax ID as null) with the next version', async () => {
    const token = await adminIdToken();
    const version = await settingsVersion('studio', token);
    const res = await api('PUT', '/api/settings/studio', { body: { ...VALID, version }, token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Settings saved', version: version + 1 });
    const stored = (await db.collection('settings').doc('studio').get()).data()!;
    expect(stored).toMatchObject({
      businessName: 'Pixel & Code Studio',
      contactEmail: 'billing@studio.example',
      taxId: null,
      paymentTermsDays: 21,
      updatedBy: 'test-admin',
      version: version + 1,
    });
  });

  it('rejects unknown keys, bad values and non-https logos with 400 and writes nothing', async () => {
    const token = await adminIdToken();
    const before = (await db.collection('settings').doc('studio').get()).data();
    const version = await settingsVersion('studio', token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, isAdmin: true }, 'isAdmin'],
      [{ ...VALID, businessName: ' ' }, 'businessName'],
      [{ ...VALID, contactEmail: 'nope' }, 'contactEmail'],
      [{ ...VALID, paymentTermsDays: 1.5 }, 'paymentTermsDays'],
      [{ ...VALID, paymentTermsDays: '14' }, 'paymentTermsDays'],
      [{ ...VALID, logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ ...VALID, logoUrl: 'http://insecure.example/logo.png' }, 'logoUrl'],
      [{ ...VALID, invoiceFooter: 'x'.repeat(601) }, 'invoiceFooter'],
      [{ ...VALID, version: undefined }, 'version'],
      [{ ...VALID, version: -1 }, 'version'],
      [{ ...VALID, version: '3' }, 'version'],
    ];
    for (const [fields, field] of cases) {
      const res = await api('PUT', '/api/settings/studio', { body: { version, ...fields }, token });
      expect(res.status, field).toBe(400);
      expect((res.json as { fields: Record<string, string> }).fields, field).toHaveProperty(field);
    }
    expect((await db.collection('settings').doc('studio').get()).data()).toEqual(before);
  });

  it('refuses a logo on a host that is private as written, saying so, and writes nothing', async () => {
    const token = await adminIdToken();
    const before = (await db.collection('settings').doc('studio').get()).data();
    const version = await settingsVersion('studio', token);
    for (const logoUrl of [
      'https://127.0.0.1:8443/logo.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://2130706433/logo.png',
      'https://[::1]/logo.png',
      'https://[::ffff:10.0.0.1]/logo.png',
      'https://localhost/logo.png',
      'https://metadata.google.internal/logo.png',
      'https://192.168.1.10/logo.png',
    ]) {
      const res = await api('PUT', '/api/settings/studio', { body: { ...VALID, logoUrl, version }, token });
      expect(res.status, logoUrl).toBe(400);
      expect((res.json as { fields: Record<string, string> }).fields.logoUrl, logoUrl).toBe(PRIVATE_LOGO_HOST);
    }
    expect((await db.collection('settings').doc('studio').get()).data()).toEqual(before);
  });

  it('refuses callers without the admin claim', async () => {
    const body = { ...VALID, version: 0 };
    expect((await api('PUT', '/api/settings/studio', { body })).status).toBe(401);
    expect((await api('PUT', '/api/settings/studio', { body, token: await userIdToken() })).status).toBe(403);
    expect((await api('GET', '/api/settings/studio')).status).toBe(401);
    expect((await api('GET', '/api/settings/studio', { token: await userIdToken() })).status).toBe(403);
  });
});

describe('two admins saving the studio settings', () => {
  it("a save from settings read before another admin's save → 409, nothing overwritten; reread, it goes through", async () => {
    const tokenA = await adminIdToken();
    const tokenB = await adminIdToken({ username: 'second-admin', password: 'second-admin-pass' });
    // Both open the settings page.
    const readA = (await api('GET', '/api/settings/studio', { token: tokenA })).json as {
      settings: typeof VALID;
      version: number;
    };
    const readB = (await api('GET', '/api/settings/studio', { token: tokenB })).json as typeof readA;
    expect(readB.version).toBe(readA.version);

    // A changes the invoice footer.
    const footer = `Footer by A ${Date.now()}`;
    const saveA = await api('PUT', '/api/settings/studio', {
      token: tokenA,
      body: { ...VALID, invoiceFooter: footer, version: readA.version },
    });
    expect(saveA.status).toBe(200);
    const afterA = (await db.collection('settings').doc('studio').get()).data();

    // B saves new terms from the form it opened before A's save.
    const stale = await api('PUT', '/api/settings/studio', {
      token: tokenB,
      body: { ...VALID, paymentTermsDays: 45, version: readB.version },
    });
    expect(stale).toMatchObject({ status: 409, json: { error: SETTINGS_CHANGED } });
    expect((await db.collection('settings').doc('studio').get()).data()).toEqual(afterA);

    // B reloads: A's footer and the new version; B's terms on top of them now go through, and keep A's footer.
    const reread = (await api('GET', '/api/settings/studio', { token: tokenB })).json as typeof readA;
    expect(reread).toMatchObject({ settings: { invoiceFooter: footer }, version: readA.version + 1 });
    const saveB = await api('PUT', '/api/settings/studio', {
      token: tokenB,
      body: { ...VALID, invoiceFooter: reread.settings.invoiceFooter, paymentTermsDays: 45, version: reread.version },
    });
    expect(saveB.status).toBe(200);
    expect((await db.collection('settings').doc('studio').get()).data()).toMatchObject({
      invoiceFooter: footer,
      paymentTermsDays: 45,
      updatedBy: 'second-admin',
      version: readA.version + 2,
    });
  });

  it('of two saves from the same version sent at once, exactly one is stored', async () => {
    const token = await adminIdToken();
    const version = await settingsVersion('studio', token);
    const results = await Promise.all(
      ['First', 'Second'].map((who) =>
        api('PUT', '/api/settings/studio', { token, body: { ...VALID, invoiceFooter: `${who} wins`, version } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.status === 200) === 0 ? 'First' : 'Second';
    expect((await db.collection('settings').doc('studio').get()).data()).toMatchObject({
      invoiceFooter: `${winner} wins`,
      version: version + 1,
    });
  });
});

describe('PUT /api/settings/automations', () => {
  const AUTOMATIONS = {
    quoteFollowUp: { enabled: true, days: 7 },
    quoteExpiry: { enabled: true, days: 5 },
    depositUnpaid: { enabled: false, days: 7 },
    invoiceDueSoon: { enabled: true, days: 3 },
    invoiceOverdue: { enabled: true, days: [1, 7, 14] },
  };

  it('stores the automations; refuses days out of order, out of range and unknown keys', async () => {
    const token = await adminIdToken();
    // Other tests (reminders) own the automations document's content: write back what was there.
    const before = (await db.collection('settings').doc('automations').get()).data();
    const version = await settingsVersion('automations', token);
    const saved = await api('PUT', '/api/settings/automations', { body: { ...AUTOMATIONS, version }, token });
    expect(saved.json).toEqual({ success: true, message: 'Automations saved', version: version + 1 });
    // Saved without the repeats (as before they existed): the defaults, weekly and at most 4 times.
    expect((await db.collection('settings').doc('automations').get()).get('invoiceOverdue')).toEqual({
      enabled: true,
      days: [1, 7, 14],
      repeatEveryDays: 7,
      maxRepeats: 4,
    });
    for (const body of [
      { ...AUTOMATIONS, invoiceOverdue: { enabled: true, days: [7, 1] } },
      { ...AUTOMATIONS, quoteFollowUp: { enabled: true, days: 0 } },
      { ...AUTOMATIONS, quoteFollowUp: { enabled: 'yes', days: 3 } },
      { ...AUTOMATIONS, extra: { enabled: true, days: 3 } },
      { ...AUTOMATIONS, depositUnpaid: { enabled: true, days: 3, note: 'x' } },
    ]) {
      expect((await api('PUT', '/api/settings/automations', { body: { ...body, version }, token })).status).toBe(400);
    }
    // A save from before the one above is stale.
    expect(
      await api('PUT', '/api/settings/automations', {
        body: { ...AUTOMATIONS, quoteFollowUp: { enabled: false, days: 7 }, version },
        token,
      }),
    ).toMatchObject({ status: 409, json: { error: SETTINGS_CHANGED } });
    expect((await db.collection('settings').doc('automations').get()).get('quoteFollowUp')).toEqual({
      enabled: true,
      days: 7,
    });
    if (before) await db.collection('settings').doc('automations').set(before);
  });

  it("round-trips the overdue reminder's repeats; refuses bad ones naming the field, and other callers", async () => {
    const token = await adminIdToken();
    const before = (await db.collection('settings').doc('automations').get()).data();
    const repeats = { enabled: true, days: [1, 7, 14], repeatEveryDays: 10, maxRepeats: 0 };
    const body = { ...AUTOMATIONS, invoiceOverdue: repeats };
    let version = await settingsVersion('automations', token);
    expect((await api('PUT', '/api/settings/automations', { body: { ...body, version }, token })).status).toBe(200);
    version += 1;
    const read = await api('GET', '/api/settings/automations', { token });
    expect(read.json).toMatchObject({ settings: { invoiceOverdue: repeats }, version });

    const stored = (await db.collection('settings').doc('automations').get()).data();
    for (const [invoiceOverdue, field] of [
      [{ ...repeats, repeatEveryDays: 0 }, 'invoiceOverdue.repeatEveryDays'],
      [{ ...repeats, repeatEveryDays: 91 }, 'invoiceOverdue.repeatEveryDays'],
      [{ ...repeats, repeatEveryDays: 2.5 }, 'invoiceOverdue.repeatEveryDays'],
      [{ ...repeats, maxRepeats: -1 }, 'invoiceOverdue.maxRepeats'],
      [{ ...repeats, maxRepeats: 13 }, 'invoiceOverdue.maxRepeats'],
      [{ ...repeats, maxRepeats: '4' }, 'invoiceOverdue.maxRepeats'],
      [{ ...repeats, every: 7 }, 'invoiceOverdue'],
    ] as const) {
      const res = await api('PUT', '/api/settings/automations', {
        body: { ...AUTOMATIONS, invoiceOverdue, version },
        token,
      });
      expect(res.status, field).toBe(400);
      expect(Object.keys((res.json as { fields: Record<string, string> }).fields), field).toContain(
        field === 'invoiceOverdue' ? 'every' : field,
      );
    }
    // Callers without the admin claim: refused, nothing written.
    const again = { ...body, invoiceOverdue: { ...repeats, maxRepeats: 12 }, version };
    expect((await api('PUT', '/api/settings/automations', { body: again })).status).toBe(401);
    expect((await api('PUT', '/api/settings/automations', { body: again, token: await userIdToken() })).status).toBe(
      403,
    );
    expect((await api('GET', '/api/settings/automations')).status).toBe(401);
    expect((await api('GET', '/api/settings/automations', { token: await userIdToken() })).status).toBe(403);
    expect((await db.collection('settings').doc('automations').get()).data()).toEqual(stored);

    // A stored document from before the repeats existed reads with the defaults.
    await db
      .collection('settings')
      .doc('automations')
      .set({ ...AUTOMATIONS, version: 3, updatedBy: 'test-admin' });
    expect((await api('GET', '/api/settings/automations', { token })).json).toMatchObject({
      settings: { invoiceOverdue: { ...AUTOMATIONS.invoiceOverdue, repeatEveryDays: 7, maxRepeats: 4 } },
      version: 3,
    });
    if (before) await db.collection('settings').doc('automations').set(before);
    else await db.collection('settings').doc('automations').delete();
  });
});
