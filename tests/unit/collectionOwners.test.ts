/**
 * One owner per collection: every Firestore collection is opened (`.collection(x)`, `.collectionGroup(x)`,
 * `.doc('x/…')`) by exactly one store file of functions/src, in the slice that owns it; other slices go through
 * that slice's index.ts, so a collection's queries, fields and parsing live in one place. Read from the source
 * with the TypeScript parser, the names resolved through the domain's COLLECTIONS and `*_COLLECTION` constants;
 * run without the emulators.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as domain from '@studio/domain';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = 'functions/src';

/**
 * Collections still opened by more than one file, each with exactly those files (sorted): the remaining work of
 * moving each collection behind its owner slice. The test compares this list exactly, so it can only shrink: a new
 * opener fails, and an entry that is fixed must be taken out. Empty now: what remains is DYNAMIC_OPENERS below.
 */
const STILL_SHARED: Record<string, string[]> = {};

/**
 * Files that open a collection whose name is only known at run time (a parameter or a loop variable), each with
 * why: the client-data export and erasure read every collection holding client data verbatim, by design, so they
 * open the other slices' collections without their stores. The list is compared exactly, as STILL_SHARED is.
 */
const DYNAMIC_OPENERS: Record<string, string> = {
  'functions/src/features/client-data/clientRecordStore.ts': 'the export and erasure read every client collection',
  'functions/src/features/client-data/erasureRecordStore.ts': 'every stored client address, for erasing again',
};

/** Where files open collections: collection → files, and the files opening one by a name known at run time. */
interface Openings {
  byCollection: Map<string, Set<string>>;
  dynamic: Set<string>;
}

/** The string values of the domain's exports by name: a name itself, or every string of a record of names. */
function domainNames(name: string): string[] | null {
  const value: unknown = (domain as Record<string, unknown>)[name];
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const strings = Object.values(value).filter((v): v is string => typeof v === 'string');
    return strings.length ? strings : null;
  }
  return null;
}

/** The collection names `arg` can be, or null when they are only known at run time. */
function collectionNames(arg: ts.Expression): string[] | null {
  if (ts.isStringLiteralLike(arg)) return [arg.text];
  if (ts.isPropertyAccessExpression(arg) && ts.isIdentifier(arg.expression)) {
    // COLLECTIONS.leads
    const record: unknown = (domain as Record<string, unknown>)[arg.expression.text];
    const value: unknown =
      record && typeof record === 'object' ? (record as Record<string, unknown>)[arg.name.text] : null;
    return typeof value === 'string' ? [value] : null;
  }
  // BILLABLE_COLLECTION[kind]: any of the record's names.
  if (ts.isElementAccessExpression(arg) && ts.isIdentifier(arg.expression)) return domainNames(arg.expression.text);
  if (ts.isIdentifier(arg) && /^[A-Z][A-Z0-9_]*$/.test(arg.text)) return domainNames(arg.text);
  return null;
}

/** Receivers of `.doc(path)` that are a Firestore (whose `.doc` takes a path), not a collection (whose takes an id). */
const FIRESTORE = /^(db|firestore|this\.firestore|getFirestore\(\))$/;

/**
 * The collection of a `.doc(arg)` call: from a path ('leads/x', `leads/${id}` or a string constant of the file) on
 * any receiver, anything else on a Firestore only (null: known at run time); undefined for a collection's `.doc(id)`.
 */
function docPathCollection(
  arg: ts.Expression,
  receiver: string,
  constants: Map<string, string>,
): string[] | null | undefined {
  const text = ts.isStringLiteralLike(arg)
    ? arg.text
    : ts.isTemplateExpression(arg)
      ? arg.head.text
      : ts.isIdentifier(arg)
        ? (constants.get(arg.text) ?? domainNames(arg.text)?.[0] ?? null)
        : null;
  if (text !== null && text.includes('/')) return [text.split('/')[0]!];
  return FIRESTORE.test(receiver) ? null : undefined;
}

/** Adds the collections `code` (the file `file`) opens to `into`. */
export function scan(code: string, file: string, into: Openings): void {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const add = (names: string[] | null) => {
    if (!names) return void into.dynamic.add(file);
    for (const n of names) {
      if (!into.byCollection.has(n)) into.byCollection.set(n, new Set());
      into.byCollection.get(n)!.add(file);
    }
  };
  // `const NAME = 'text'` of the file, for a `.doc(NAME)`.
  const constants = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      if (ts.isStringLiteralLike(node.initializer)) constants.set(node.name.text, node.initializer.text);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0]) {
      const method = node.expression.name.text;
      const arg = node.arguments[0];
      if (method === 'collection' || method === 'collectionGroup') add(collectionNames(arg));
      else if (method === 'doc') {
        const names = docPathCollection(arg, node.expression.expression.getText(source), constants);
        if (names !== undefined) add(names);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Every .ts file under `dir` but tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

function openings(): Openings {
  const into: Openings = { byCollection: new Map(), dynamic: new Set() };
  for (const path of sourceFiles(join(ROOT, SRC)))
    scan(readFileSync(path, 'utf8'), relative(ROOT, path).split(sep).join('/'), into);
  return into;
}

describe('one owner per collection', () => {
  const found = openings();

  it('finds a planted opening of each kind', () => {
    const planted: Openings = { byCollection: new Map(), dynamic: new Set() };
    const code = `
      import { COLLECTIONS, PAYMENT_REQUESTS_COLLECTION, BILLABLE_COLLECTION } from '@studio/domain';
      export const a = (db) => db.collection(COLLECTIONS.leads).doc('x');
      export const b = (db) => db
        .collection(PAYMENT_REQUESTS_COLLECTION);
      export const c = (db, id) => db.doc(\`settings/\${id}\`);
      export const d = (db) => db.collectionGroup('customers');
      export const e = (db, kind) => db.collection(BILLABLE_COLLECTION[kind]);
      export const f = (db, name) => db.collection(name);
      const PING = '_health/ping';
      export const g = (db) => db.doc(PING);
      export const h = (leads, id) => leads.doc(id);
    `;
    scan(code, 'planted.ts', planted);
    expect(Object.fromEntries([...planted.byCollection].map(([c, files]) => [c, [...files]]))).toEqual({
      leads: ['planted.ts'],
      payment_requests: ['planted.ts'],
      settings: ['planted.ts'],
      customers: ['planted.ts'],
      invoices: ['planted.ts'],
      orders: ['planted.ts'],
      _health: ['planted.ts'],
    });
    expect([...planted.dynamic]).toEqual(['planted.ts']);
  });

  it('finds the stores of the source, each collection the domain names among them', () => {
    expect(found.byCollection.size).toBeGreaterThan(20);
    expect(found.byCollection.get(domain.COLLECTIONS.settings)?.has('functions/src/shared/settingsStore.ts')).toBe(
      true,
    );
  });

  it('has one file opening each collection, but for the listed remaining work', () => {
    const shared: Record<string, string[]> = Object.fromEntries(
      [...found.byCollection]
        .filter(([, files]) => files.size > 1)
        .map(([c, files]): [string, string[]] => [c, [...files].sort()])
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    const report = Object.entries(shared)
      .map(([c, files]) => `${c}:\n  ${files.join('\n  ')}`)
      .join('\n');
    expect(shared, `collections opened by more than one file:\n${report}`).toEqual(STILL_SHARED);
  });

  it('opens a collection named at run time only in the listed files', () => {
    expect([...found.dynamic].sort()).toEqual(Object.keys(DYNAMIC_OPENERS).sort());
  });
});
