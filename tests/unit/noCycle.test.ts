/**
 * Production code has no import cycles (eslint.config.js, its header says why): import-x/no-cycle is an error in
 * every production root and reports a loop of two files in a features folder, and the features of the server and
 * of the web depend on each other one way. That last check is this file's own: a feature imports another only
 * through its index.ts, so two features can import each other without any loop of files for the rule to see.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'import-x/no-cycle';
/** Two features whose files import each other (a.ts statically, b.ts with import()). */
const FIXTURE = 'tests/fixtures/no-cycle';

describe('import-x/no-cycle', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it('is an error in every production root, and off for tests', async () => {
    const production = [
      'domain/src/x.ts',
      'functions/src/features/x/y.ts',
      'web/src/features/x/Y.tsx',
      'scripts/x.mjs',
    ];
    for (const file of production) {
      const { rules } = await eslint.calculateConfigForFile(join(ROOT, file));
      expect(rules[RULE]?.[0], file).toBe(2);
    }
    for (const file of ['functions/src/features/x/y.test.ts', 'tests/api/x.test.ts']) {
      const { rules } = await eslint.calculateConfigForFile(join(ROOT, file));
      expect(rules[RULE]?.[0] ?? 0, file).toBe(0);
    }
  });

  it("reports both files of a loop, with the repo's resolver and options", async () => {
    const { rules } = await eslint.calculateConfigForFile(join(ROOT, 'functions/src/features/x/y.ts'));
    const linter = new ESLint({
      cwd: ROOT,
      overrideConfig: { files: [`${FIXTURE}/**`], rules: { [RULE]: rules[RULE] } },
    });
    const results = await linter.lintFiles([FIXTURE]);
    const reported = results.map((r) => [
      relative(ROOT, r.filePath).split(sep).join('/'),
      r.messages.filter((m) => m.ruleId === RULE).length,
    ]);
    expect(reported.sort()).toEqual([
      [`${FIXTURE}/features/a/a.ts`, 1],
      [`${FIXTURE}/features/b/b.ts`, 1],
    ]);
  });
});

/** Every .ts/.tsx file under `dir` but tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/**
 * For each feature (a folder directly under `featuresDir`), the other features its files import, each with the
 * first import that does it ("file → specifier"): static imports, `import()` and type-only imports alike.
 */
function featureGraph(featuresDir: string): Map<string, Map<string, string>> {
  const base = join(ROOT, featuresDir);
  const features = new Set(readdirSync(base).filter((n) => statSync(join(base, n)).isDirectory()));
  const featureOf = (path: string) => {
    const first = relative(base, path).split(sep)[0]!;
    return features.has(first) ? first : null;
  };
  const graph = new Map<string, Map<string, string>>([...features].map((f) => [f, new Map()]));
  for (const file of sourceFiles(base)) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = featureOf(resolve(dirname(file), fileName));
      if (to && to !== from && !graph.get(from)!.has(to))
        graph.get(from)!.set(to, `${relative(ROOT, file).split(sep).join('/')} → ${fileName}`);
    }
  }
  return graph;
}

/** The loops of `graph`, each as its features in order with the import that takes each step. */
function loops(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (feature: string, path: string[]) => {
    const at = path.indexOf(feature);
    if (at >= 0) {
      const loop = path.slice(at);
      const step = (f: string, i: number) => {
        const next = loop[(i + 1) % loop.length]!;
        return `${f} → ${next} (${graph.get(f)!.get(next)})`;
      };
      found.push(loop.map(step));
      return;
    }
    if (done.has(feature)) return;
    for (const next of graph.get(feature)!.keys()) visit(next, [...path, feature]);
    done.add(feature);
  };
  for (const feature of graph.keys()) visit(feature, []);
  return found;
}

describe('features', () => {
  it('finds the loop between the two features of the fixture', () => {
    expect(loops(featureGraph(`${FIXTURE}/features`)).length).toBeGreaterThan(0);
  });

  for (const dir of ['functions/src/features', 'web/src/features']) {
    it(`in ${dir} depend on each other one way`, () => {
      expect(existsSync(join(ROOT, dir))).toBe(true);
      const graph = featureGraph(dir);
      expect(
        [...graph.values()].some((imports) => imports.size > 0),
        'some feature imports another',
      ).toBe(true);
      expect(loops(graph)).toEqual([]);
    });
  }
});
