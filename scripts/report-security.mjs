/**
 * npm run report:security — the security figures of the last `npm test`
 * read from test-results/: rules cells asserted and rules
 * coverage (tests/rules), routes swept, guard checks, hostile inputs and ids tried,
 * 5xx seen and documents written by rejected requests (tests/api/routeSweep),
 * old ID tokens' Firestore reads after logout (tests/api/sessions),
 * and the pass/fail of the rate-limit, fault and webhook suites.
 * Exits 1 when a figure is missing or a "must be 0" figure is not 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWithUsageIfAsked } from './usage.mjs';

exitWithUsageIfAsked(`
Usage: npm run report:security

Prints the security figures of the last full \`npm test\` from test-results/ (rules cells and coverage,
routes swept, hostile inputs, 5xx seen, writes by rejected requests, old tokens' reads after logout).
Exits 1 when a figure is missing or a "must be 0" figure is not 0.
`);

const results = join(fileURLToPath(new URL('..', import.meta.url)), 'test-results');
const read = (f) => (existsSync(join(results, f)) ? JSON.parse(readFileSync(join(results, f), 'utf8')) : null);

const rules = read('security-rules.json');
const coverage = read('rules-coverage-summary.json');
const sweep = read('security-sweep.json');
const integration = read('integration.json');
const failClosed = read('security-failclosed.json');
const sessions = read('security-sessions.json');

/** passed/failed of the integration tests whose file matches `re`. */
function suite(re) {
  if (!integration) return null;
  let passed = 0;
  let failed = 0;
  for (const f of integration.testResults) {
    if (!re.test(f.name)) continue;
    for (const t of f.assertionResults) {
      if (t.status === 'passed') passed++;
      else failed++;
    }
  }
  return passed + failed === 0 ? null : { passed, failed };
}

/** Failed runs of the integration test whose file matches `file` and whose title matches `title`; null if not run. */
function caseFailed(file, title) {
  const cases = (integration?.testResults ?? [])
    .filter((f) => file.test(f.name))
    .flatMap((f) => f.assertionResults.filter((t) => title.test(t.title)));
  return cases.length === 0 ? null : cases.filter((t) => t.status !== 'passed').length;
}

const rows = [];
let ok = true;
const row = (label, value, mustBeZero = false) => {
  const missing = value === null || value === undefined;
  const bad = missing || (mustBeZero && value !== 0);
  if (bad) ok = false;
  rows.push([
    label,
    missing ? 'not measured (run npm test)' : String(value),
    mustBeZero ? (bad ? 'FAIL (must be 0)' : 'ok (must be 0)') : missing ? 'FAIL' : '',
  ]);
};

row(
  'Rules matrix cells asserted',
  rules
    ? `${rules.cells} (${rules.collections} collections × ${rules.callers} callers × ${rules.operations} operations${
        rules.cells > rules.collections * rules.callers * rules.operations
          ? `, and ${rules.cells - rules.collections * rules.callers * rules.operations} cases of sessions ended by a logout`
          : ''
      })`
    : null,
);
row('Rules `allow … if` lines never evaluated', coverage ? coverage.missed.length : null, true);
row('API routes found in the Express router', sweep?.routes);
row('Guard checks (401 anonymous / 403 non-admin)', sweep?.guardChecks);
row('Hostile inputs tried (malformed, 1 MB, wrong type, unknown keys, property-based)', sweep?.hostileInputs);
row('Hostile ids and dates tried (%2F, ., .., __x__, over 1,500 bytes; years outside 2000–2100)', sweep?.hostileIds);
row('5xx answers to hostile input', sweep?.serverErrors, true);
row('Documents written by rejected requests', sweep?.documentsWrittenByRejected, true);
// Fail closed in production (tests/api/failClosed.test.ts).
row('Real-project stand-in: payment routes answering 503 without Stripe', failClosed?.standinPaymentRoutes503);
row('Real-project stand-in: /api/test-mode status (must be 404)', failClosed?.standinTestModeStatus);
row('Real-project stand-in: unsent emails marked SUCCESS', failClosed?.unsentEmailsMarkedSuccess, true);
row(
  'Real-project stand-in: missing setting names in the public /api/health',
  failClosed?.settingNamesInPublicHealth,
  true,
);
row(
  'Contact posts with made-up X-Forwarded-For, accepted of sent (limit 10)',
  failClosed?.spoofedForwardedPosts === undefined
    ? null
    : `${failClosed.spoofedForwardedAccepted} of ${failClosed.spoofedForwardedPosts}`,
);
row('Cross-site (form/text) posts refused with 415', failClosed?.crossSitePosts415);
row('Documents written by cross-site posts', failClosed?.crossSitePostsWritten, true);
row(
  'Confirmation emails to one mailbox in an hour (of 3 messages, written with a +tag and gmail dots)',
  failClosed?.confirmationsPerAddressPerHour,
);
row('Visitor-written phrases in a confirmation to an unverified address', failClosed?.visitorTextInConfirmations, true);
row(
  'Parallel wrong passwords answered 401, of sent (limit 10)',
  failClosed?.parallelLoginAttempts === undefined
    ? null
    : `${failClosed.parallelLogin401s} of ${failClosed.parallelLoginAttempts}`,
);
row(
  `Old ID token reads after logout (Firestore, this device's and another's token${
    sessions ? `; of ${sessions.oldTokenReadsTried}: leads, settings, board` : ''
  })`,
  sessions?.oldTokenReadsTried > 0 ? sessions.oldTokenReadsAllowed : null,
  true,
);
row(
  'My Project lookups: a client locked out by another caller using up their address (test failed)',
  caseFailed(/myProject\.test/, /cannot lock a client out/),
  true,
);
for (const [label, re] of [
  ['Rate-limit tests failed', /rateLimit\.test|myProject\.test/],
  ['Fail-closed tests failed (modes, client IP, 415, relay, login limiter)', /failClosed\.test/],
  ['Webhook tests failed (signature, replay, concurrency, order)', /webhook\.test/],
  ['Payment and email fault tests failed', /payments\.test|email\.test/],
  ['Firestore outage tests failed (503 while down, recovery, nothing half-written)', /faults\.test/],
  [
    'Money and quote guard tests failed (payable only on an accepted quote, dead links, also after a move out of Quoted and back, refused edits after payment, promo reservations)',
    /quoteMoney\.test|promoReservation\.test/,
  ],
  ['admin:create tests failed (no admin claim for outsider or IdP-linked accounts)', /adminCreate\.test/],
  ['Email outage tests failed (2-hour SendGrid outage delivered exactly once)', /outboxOutage\.test/],
  ['Security header tests failed', /headers\.test/],
]) {
  const s = suite(re);
  row(`${label}${s ? ` (of ${s.passed + s.failed})` : ''}`, s ? s.failed : null, true);
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log('Security report (from the last npm test)\n');
for (const [label, value, verdict] of rows)
  console.log(`  ${label.padEnd(width)}  ${value}${verdict ? `  ${verdict}` : ''}`);
console.log(`\n${ok ? 'All "must be 0" figures are 0.' : 'Some figures are missing or not 0.'}`);
process.exit(ok ? 0 : 1);
