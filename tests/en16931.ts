/**
 * EN 16931 validation for the tests: CEN's official validation artefacts for
 * CII (ConnectingEurope/eInvoicing-EN16931, EUPL 1.2, vendored unchanged in
 * tests/fixtures/en16931/ with its version in the README there), run with
 * Saxonica's SaxonJS from the npm registry.
 *
 * The artefact is a Schematron compiled to XSLT 2.0. SaxonJS runs a compiled
 * form of it (SEF); `xslt3` (the same vendor's compiler) makes that once and
 * it is kept in node_modules/.cache/en16931/ under the XSLT's hash, so the
 * repository holds only the upstream file, and a new artefact recompiles by
 * itself. Compiling takes about 30 s on this machine, a validation well under
 * a second once loaded.
 *
 * Not checked here: the D16B XML schema (XSD) itself; the Schematron's CII-SR
 * and CII-DT rules cover much of its structure, and each helper's output is
 * also read back by the tests.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..');

/** The vendored CEN artefacts. */
export const EN16931_DIR = join(here, 'fixtures', 'en16931');
const XSLT = join(EN16931_DIR, 'EN16931-CII-validation.xslt');
const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
const COMPILE_TIMEOUT_MS = 300_000;

/** The parts of SaxonJS (no types published) these tests use. */
interface SaxonNode {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface Saxon {
  transform(
    o: { stylesheetInternal: unknown; sourceText: string; destination: 'document' },
    mode: 'sync',
  ): { principalResult: unknown };
  XPath: {
    evaluate(
      xpath: string,
      context: unknown,
      o: { namespaceContext: Record<string, string>; resultForm: 'array' },
    ): SaxonNode[];
  };
  serialize(node: unknown): string;
}

/** One failed assertion of the Schematron (svrl:failed-assert). */
export interface FailedAssert {
  /** The rule, e.g. "BR-CO-10". */
  id: string;
  /** "fatal" is an error (the invoice is not EN 16931 conformant); "warning" is advice. */
  flag: string;
  /** XPath of the node it fired on. */
  location: string;
  /** The rule's text, e.g. "[BR-09]-The Seller postal address (BG-5) shall contain a Seller country code (BT-40)." */
  text: string;
}

export interface CiiValidation {
  /** The whole report (SVRL, ISO Schematron's output) as XML text. */
  svrl: string;
  /** Every failed assertion, warnings included. */
  failed: FailedAssert[];
  /** The failed assertions flagged fatal: empty when the XML passes. */
  errors: FailedAssert[];
}

/** The compiled stylesheet (SEF), made by xslt3 on first use and cached under the XSLT's hash. */
function sefPath(): string {
  const hash = createHash('sha256').update(readFileSync(XSLT)).digest('hex').slice(0, 16);
  const dir = join(ROOT, 'node_modules', '.cache', 'en16931');
  const out = join(dir, `EN16931-CII-validation-${hash}.sef.json`);
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  // One compiler at a time: test files in parallel workers wait for the first one's file instead of each
  // compiling (a lock older than the compile's timeout is a crashed run's, and is taken over).
  const lock = `${out}.lock`;
  const deadline = Date.now() + COMPILE_TIMEOUT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (existsSync(out)) return out;
      const held = statSync(lock, { throwIfNoEntry: false });
      if (!held) continue;
      if (Date.now() > deadline || Date.now() - held.mtimeMs > COMPILE_TIMEOUT_MS) {
        rmSync(lock, { force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    // Written aside then renamed, so a reader never sees half a file.
    const tmp = `${out}.${process.pid}.tmp`;
    execFileSync(
      process.execPath,
      [require.resolve('xslt3/xslt3.js'), `-xsl:${XSLT}`, `-export:${tmp}`, '-nogo', '-relocate:on', '-ns:##html5'],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: COMPILE_TIMEOUT_MS },
    );
    renameSync(tmp, out);
  } finally {
    rmSync(lock, { force: true });
  }
  return out;
}

let loaded: { saxon: Saxon; sef: unknown } | undefined;

/** Loads (and compiles once) the validator; call in a beforeAll with a long timeout. */
export function loadCiiValidator(): void {
  loaded ??= {
    saxon: require('saxon-js') as Saxon,
    sef: JSON.parse(readFileSync(sefPath(), 'utf8')) as unknown,
  };
}

/**
 * Runs CEN's EN 16931 CII validation on `xml`: the SVRL report and its failed
 * assertions. @throws when `xml` is not well-formed XML.
 */
export function validateCii(xml: string): CiiValidation {
  loadCiiValidator();
  const { saxon, sef } = loaded!;
  const report = saxon.transform(
    { stylesheetInternal: sef, sourceText: xml, destination: 'document' },
    'sync',
  ).principalResult;
  const failed = saxon.XPath.evaluate('//svrl:failed-assert', report, {
    namespaceContext: { svrl: SVRL_NS },
    resultForm: 'array',
  }).map((n) => ({
    id: n.getAttribute('id') ?? '',
    flag: n.getAttribute('flag') ?? '',
    location: n.getAttribute('location') ?? '',
    text: (n.textContent ?? '').trim(),
  }));
  return { svrl: saxon.serialize(report), failed, errors: failed.filter((f) => f.flag === 'fatal') };
}
