/**
 * PDF/A checked by a validator of its own, for the tests: Apache PDFBox Preflight (Debian's libpdfbox2-java, with
 * libactivation-java and libjaxb-api-java it needs on a current JDK; `.ci/run` installs them). Preflight validates
 * PDF/A-1b, the only part it knows; veraPDF, which knows PDF/A-3, cannot be installed here. A PDF/A-3b file meets
 * every PDF/A-1b requirement except those ISO 19005-3 relaxes, so Preflight's findings are kept except the few that
 * only state such a relaxation (PDFA3_RELAXATIONS, each with its clause and matched by code and message). Everything
 * else Preflight checks holds for PDF/A-3b as for PDF/A-1b: fonts embedded with consistent widths and a ToUnicode
 * path, the output intent and its ICC profile, colour spaces used by every operator, no transparency groups, no
 * JavaScript or actions, XMP and Info in agreement, the file's syntax. What is PDF/A-3's own (the embedded file's
 * /AFRelationship, the catalog's /AF, pdfaid:part 3) is checked by tests/pdfa.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The jars of Preflight and what it loads, as Debian installs them. */
const JARS = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api'].map(
  (name) => `/usr/share/java/${name}.jar`,
);

/**
 * Preflight findings that are PDF/A-1 rules ISO 19005-3 lifts; anything else Preflight reports is a problem.
 * - 1.2.9 / 1.4.7: embedded files are allowed (19005-3 6.8; Factur-X is built on it).
 * - 7.11.2: the XMP's pdfaid:part names the part the file claims, 3 (19005-3 6.6.4).
 * - 3.1.11, "CIDSet entry is missing": a subset CID font may leave CIDSet out; only one present must be complete
 *   (19005-2 6.2.11.4.2, which part 3 takes over).
 */
export const PDFA3_RELAXATIONS: ReadonlyArray<{ code: string; details: RegExp; clause: string }> = [
  { code: '1.2.9', details: /EmbeddedFile entry is present in a FileSpecification dictionary/, clause: '19005-3 6.8' },
  { code: '1.4.7', details: /EmbeddedFile entry is present in the Names dictionary/, clause: '19005-3 6.8' },
  { code: '7.11.2', details: /^Error on MetaData, part must be 1$/, clause: '19005-3 6.6.4' },
  { code: '3.1.11', details: /The CIDSet entry is missing for the Composite Subset$/, clause: '19005-2 6.2.11.4.2' },
];

/** One finding of Preflight: its error code ("3.1.11") and its sentence. */
export interface PreflightFinding {
  code: string;
  details: string;
}

interface SaxonLite {
  XPath: { evaluate(x: string, ctx: unknown, o?: { resultForm?: 'array' }): unknown };
  getResource(o: { text: string; type: 'xml' }): Promise<unknown>;
}

/**
 * The java Preflight runs on (any Java 8+: JAVA_HOME's, else the one on PATH) and its class path.
 * @throws naming what to install when Java or a jar is missing.
 */
function javaAndClassPath(): { java: string; classPath: string } {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const missing = JARS.filter((jar) => !existsSync(jar));
  if (spawnSync(java, ['-version']).status !== 0) missing.unshift(`Java (${java})`);
  if (missing.length > 0)
    throw new Error(
      `PDF/A check: missing ${missing.join(', ')}; install Debian's libpdfbox2-java libactivation-java libjaxb-api-java (.ci/run does)`,
    );
  return { java, classPath: JARS.join(':') };
}

/**
 * Every finding Preflight gives each PDF of `pdfs` (name → bytes), by name, all in one run of the JVM.
 * @throws when Preflight cannot run, or reports on a different set of files.
 */
export async function preflightFindings(pdfs: Record<string, Uint8Array>): Promise<Record<string, PreflightFinding[]>> {
  const { java, classPath } = javaAndClassPath();
  const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
  try {
    const names = Object.keys(pdfs);
    // Preflight names each result by the file's base name: number them so two names never collide.
    const files = names.map((_, i) => join(dir, `${i}.pdf`));
    names.forEach((name, i) => writeFileSync(files[i]!, pdfs[name]!));
    const list = join(dir, 'list.txt');
    writeFileSync(list, files.join('\n') + '\n');
    execFileSync(java, ['-cp', classPath, 'org.apache.pdfbox.preflight.Validator_A1b', 'xml', 'group', list], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const saxon = require('saxon-js') as SaxonLite;
    const doc = await saxon.getResource({ text: readFileSync(`${list}.preflight.xml`, 'utf8'), type: 'xml' });
    const out: Record<string, PreflightFinding[]> = {};
    names.forEach((name, i) => {
      const at = `/preflights/preflight[@name = '${i}.pdf']`;
      if (saxon.XPath.evaluate(`count(${at})`, doc) !== 1) throw new Error(`PDF/A check: no result for ${name}`);
      const codes = saxon.XPath.evaluate(`${at}/errors/error/code/string()`, doc, { resultForm: 'array' }) as string[];
      const details = saxon.XPath.evaluate(`${at}/errors/error/details/string()`, doc, {
        resultForm: 'array',
      }) as string[];
      out[name] = codes.map((code, j) => ({ code, details: details[j] ?? '' }));
    });
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `f` only states a rule PDF/A-3 lifts (PDFA3_RELAXATIONS). */
export const liftedByPdfA3 = (f: PreflightFinding) =>
  PDFA3_RELAXATIONS.some((r) => r.code === f.code && r.details.test(f.details));

/**
 * What keeps each PDF of `pdfs` from PDF/A-3b by Preflight's rules, by name: "code: details" for every finding
 * PDF/A-3 does not lift; an empty list for a file that passes.
 */
export async function pdfA3Problems(pdfs: Record<string, Uint8Array>): Promise<Record<string, string[]>> {
  const findings = await preflightFindings(pdfs);
  return Object.fromEntries(
    Object.entries(findings).map(([name, list]) => [
      name,
      list.filter((f) => !liftedByPdfA3(f)).map((f) => `${f.code}: ${f.details}`),
    ]),
  );
}
