/**
 * npm run report:security — the security figures of the last `npm test`
 * (issue 10), read from test-results/: rules cells asserted and rules
 * coverage (tests/rules), routes swept, guard checks, hostile inputs tried,
 * 5xx seen and documents written by rejected requests (tests/api/routeSweep),
 * and the pass/fail of the rate-limit, fault and webhook suites.
 * Exits 1 when a figure is missing or a "must be 0" figure is not 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const results = join(fileURLToPath(new URL('..', import.meta.url)), 'test-results');
const read = (f) => (existsSync(join(results, f)) ? JSON.parse(readFileSync(join(results, f), 'utf8')) : null);

const rules = read('security-rules.json');
const coverage = read('rules-coverage-summary.json');
const sweep = read('security-sweep.json');
const integration = read('integration.json');

/** passed/failed of the integration tests whose file matches `re`. */
function suite(re) {
  if (!integration) return null;
  let passed = 0;
  let failed = 0;
  for (const f of integration.testResults) {
    if (!re.test(f.name)) continue;
    for (const t of f.assertionResults) t.status === 'passed' ? passed++ : failed++;
  }
  return passed + failed === 0 ? null : { passed, failed };
}

const rows = [];
let ok = true;
const row = (label, value, mustBeZero = false) => {
  const missing = value === null || value === undefined;
  const bad = missing || (mustBeZero && value !== 0);
  if (bad) ok = false;
  rows.push([label, missing ? 'not measured (run npm test)' : String(value), mustBeZero ? (bad ? 'FAIL (must be 0)' : 'ok (must be 0)') : missing ? 'FAIL' : '']);
};

row('Rules matrix cells asserted', rules ? `${rules.cells} (${rules.collections} collections × ${rules.callers} callers × ${rules.operations} operations)` : null);
row('Rules `allow … if` lines never evaluated', coverage ? coverage.missed.length : null, true);
row('API routes found in the Express router', sweep?.routes);
row('Guard checks (401 anonymous / 403 non-admin)', sweep?.guardChecks);
row('Hostile inputs tried (malformed, 1 MB, wrong type, unknown keys, property-based)', sweep?.hostileInputs);
row('5xx answers to hostile input', sweep?.serverErrors, true);
row('Documents written by rejected requests', sweep?.documentsWrittenByRejected, true);
for (const [label, re] of [
  ['Rate-limit tests failed', /rateLimit\.test|clientProject\.test/],
  ['Webhook tests failed (signature, replay, concurrency, order)', /webhook\.test/],
  ['Payment and email fault tests failed', /payments\.test|email\.test/],
  ['Firestore outage tests failed (503 while down, recovery, nothing half-written)', /faults\.test/],
  ['Security header tests failed', /headers\.test/],
]) {
  const s = suite(re);
  row(`${label}${s ? ` (of ${s.passed + s.failed})` : ''}`, s ? s.failed : null, true);
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log('Security report (from the last npm test)\n');
for (const [label, value, verdict] of rows) console.log(`  ${label.padEnd(width)}  ${value}${verdict ? `  ${verdict}` : ''}`);
console.log(`\n${ok ? 'All "must be 0" figures are 0.' : 'Some figures are missing or not 0.'}`);
process.exit(ok ? 0 : 1);
