// @ts-check
/**
 * ESLint for the whole repo (`npm run lint`, also a step of `npm test`): zero warnings allowed.
 *
 * - typescript-eslint's recommended rules, without type information (a full lint stays fast on 2 cores);
 * - react-hooks' rules of hooks and exhaustive effect dependencies on the React code;
 * - the layer boundaries below, checked on resolved import paths (import-x/no-restricted-paths) and, for the
 *   landing's "no admin or Firebase code in the initial JS" rule, on static import specifiers;
 * - no import cycles in production code (`domain/src`, `functions/src`, `web/src`, `scripts/`; tests, which no
 *   module imports, are left out): import-x/no-cycle, the rule bulletproof-react uses to forbid them. A cycle runs
 *   a module before the ones it imports have finished loading (a binding read while still undefined), binds the
 *   modules on it into one unit that cannot be read, tested or split into lazy chunks alone, and hides which layer
 *   sits on which. The rule follows static imports and `import()`, not type-only imports (erased at build), and
 *   checks the whole chain (no maxDepth). Across features it sees a loop only where the files loop: a feature
 *   reaches another through its `index.ts`, so tests/unit/noCycle.test.ts also checks that features depend on
 *   each other one way (type-only imports included), besides checking that this rule is on. To break a loop, move
 *   what both sides share down (domain/, `shared/`, `platform/`, a contract file directly under `features/`), or
 *   have the lower side take what it needs as a parameter, passed in by the composition root (functions/src/app.ts)
 *   or the calling component;
 * - eslint-config-prettier last: formatting belongs to Prettier (`npm run format`), never to ESLint.
 *
 * Boundaries (the folders a newcomer may add to are read from disk, so a new feature is covered as it appears):
 * - `domain/` holds pure rules: it imports nothing of ours (functions, web, tests, scripts, bench) and no Firebase;
 * - a feature (`functions/src/features/<a>/`, `web/src/features/<a>/`) imports another feature only through that
 *   feature's `index.ts`; files directly under `features/` are shared by the features;
 * - server features, `platform/` and `shared/` never import the composition root (`functions/src/app.ts`,
 *   `functions/src/index.ts`); `functions/src/platform/` (SDK and vendor adapters) and `functions/src/shared/` (the
 *   kernel: activity, outbox, settings) import no slice (`features/<a>/`); the files directly under `features/` (the
 *   use-case and job types, the job list) are shared contracts;
 * - `web/src/app/` sits on top: features and `web/src/shared/` never import it; `shared/` imports no feature;
 * - the web never imports server code and the server never imports web code; production code imports no test code;
 * - public web code (web/src but `admin/` folders, `shared/` and the back-office features, i.e. every feature not in
 *   PUBLIC_FEATURES) imports no admin module and no Firebase SDK statically, so the landing's initial JS stays within
 *   its budget; it may load them lazily with `import()`. `shared/` may hold admin-only code (the Firestore hooks):
 *   what the landing pulls in through it is caught by the bundle check (scripts/check-bundle.mjs).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * The public pages' features in web/src/features (spec §2: the landing and the pages a client reaches by link).
 * Every other feature is back-office code, which public code loads only lazily.
 */
const PUBLIC_FEATURES = ['landing', 'cart', 'checkout', 'my-project', 'quote-acceptance', 'portal'];

/** Folders directly under `dir` (relative to the repo root): the features present today. */
function featureNames(dir) {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/** The back-office features present today. */
const ADMIN_FEATURES = featureNames('web/src/features').filter((name) => !PUBLIC_FEATURES.includes(name));

/** One zone per feature of `dir`: it may import another feature only through that feature's index. */
function featureZones(dir) {
  const names = featureNames(dir);
  return names
    .map((name) => ({
      target: `./${dir}/${name}`,
      from: names.filter((other) => other !== name).map((other) => `./${dir}/${other}`),
      except: ['./index.ts', './index.tsx'],
      message: `A feature imports another feature only through its index.ts (${dir}/<feature>/index.ts).`,
    }))
    .filter((zone) => zone.from.length > 0);
}

const productionZone = {
  target: ['./domain', './functions', './web'],
  from: ['./tests', './bench', './scripts'],
  message: 'Production code imports no test, bench or script code.',
};

const zones = [
  {
    target: './domain',
    from: ['./functions', './web', './tests', './scripts', './bench'],
    message: 'domain/ holds pure rules: it imports nothing from the app, the tests or the scripts.',
  },
  ...featureZones('functions/src/features'),
  ...featureZones('web/src/features'),
  {
    target: ['./functions/src/platform', './functions/src/shared'],
    from: './functions/src/features/*/**',
    message:
      'functions/src/platform (SDK and vendor adapters) and shared (the kernel) serve every slice and import none of them.',
  },
  {
    target: ['./functions/src/platform', './functions/src/shared', './functions/src/features'],
    from: ['./functions/src/app.ts', './functions/src/index.ts'],
    message: 'The composition root (app.ts, index.ts) imports the features, never the other way round.',
  },
  {
    target: ['./web/src/features', './web/src/shared'],
    from: './web/src/app',
    message: 'web/src/app sits on top: features and shared code never import it.',
  },
  {
    target: './web/src/shared',
    from: './web/src/features',
    message: 'web/src/shared is used by several features and imports none of them.',
  },
  { target: './web', from: './functions', message: 'The web never imports server code.' },
  { target: './functions', from: './web', message: 'The server never imports web code.' },
  productionZone,
];

/**
 * Import specifiers of admin code: an `admin` folder, a back-office feature by its path, or by climbing to it from
 * a sibling feature (`../leads/...`).
 */
const adminNames = ADMIN_FEATURES.join('|');
const adminSpecifier = ADMIN_FEATURES.length
  ? `(^|/)(admin|features/(${adminNames}))(/|$)|^(\\.\\./)+(${adminNames})(/|$)`
  : '(^|/)admin(/|$)';

/** Static imports that would put Firebase or admin code into the landing's initial JS. */
const noAdminInPublic = [
  'error',
  {
    paths: [
      {
        name: 'firebase',
        allowTypeImports: true,
        message: 'Public pages load no Firebase SDK statically (landing JS budget): use import().',
      },
      {
        name: 'reactfire',
        allowTypeImports: true,
        message: 'Public pages load no Firebase SDK statically (landing JS budget): use import().',
      },
    ],
    patterns: [
      {
        group: ['firebase/*', '@firebase/*'],
        allowTypeImports: true,
        message: 'Public pages load no Firebase SDK statically (landing JS budget): use import().',
      },
      {
        regex: adminSpecifier,
        allowTypeImports: true,
        message: 'Public pages import admin code only lazily (import()), so the landing does not pay for it.',
      },
    ],
  },
];

/** Firebase and other platform SDKs, which domain/ never imports. */
const noPlatformInDomain = [
  'error',
  {
    patterns: [
      {
        group: [
          'firebase',
          'firebase/*',
          'firebase-*',
          '@firebase/*',
          '@google-cloud/*',
          'reactfire',
          'express',
          'stripe',
        ],
        message: 'domain/ holds pure rules: no Firebase, Express or Stripe (the callers pass plain data).',
      },
    ],
  },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'functions/lib/',
    'web/dist/',
    'web/dist-sourcemaps/',
    'test-results/',
    'playwright-report/',
    '.cache/',
    '.firebase/',
    'firebase-export-*/',
    '.emulator-data/',
    '.scratch/',
    'bench/.artifacts/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // `_name` marks an argument or binding kept on purpose (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Node scripts, tests and tooling; the web app runs in the browser (its build scripts in Node, but for boot.js).
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['web/src/**', 'web/stubs/**', 'web/scripts/boot.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Playwright and the bench pass functions to the browser (page.evaluate), which use its globals.
  { files: ['bench/**', 'tests/e2e/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },

  // React: the rules of hooks and complete effect dependencies. The plugin's recommended set also carries the
  // React Compiler's checks (refs read during render, setState in effects, libraries it cannot memoize); they
  // describe what the compiler can optimize, and this app is not compiled by it, so they are left off.
  {
    files: ['web/src/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // Layer boundaries, on resolved paths.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'domain/tsconfig.json',
            'functions/tsconfig.json',
            'web/tsconfig.json',
            'tests/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
      // The files import-x reads to follow imports past the linted file (no-cycle); by default JavaScript only.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }] },
  },
  // No import cycles in production code (see the header). Packages are not followed: none imports our code.
  {
    files: ['domain/src/**/*.ts', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'scripts/**/*.{ts,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // A test beside the code it tests may use the shared test helpers.
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: zones.filter((z) => z !== productionZone) }],
    },
  },
  { files: ['domain/**'], rules: { '@typescript-eslint/no-restricted-imports': noPlatformInDomain } },
  // A typed store per collection (docs/architecture.md "Stores"): in every server slice (a glob, so a new slice is
  // covered as it appears, and the files directly under features/) and the kernel, only the `*Store.ts` files touch
  // Firestore documents, reading them parsed through the collection's domain schema and checking what they write.
  // Without types, a raw `.get(x)` by constant or template is recognised by its receiver's name (`…snap`, `…doc`);
  // a transaction's `tx.get(ref)` takes a ref and stays allowed.
  {
    files: ['functions/src/features/**/*.ts', 'functions/src/shared/**/*.ts'],
    ignores: ['**/*Store.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='data'][arguments.length=0]",
          message: "Read documents in the slice's *Store.ts, parsed with the collection's domain schema.",
        },
        {
          // A raw field read has one argument; an Express route (`router.get('/path', handler)`) has two.
          selector: "CallExpression[callee.property.name='get'][arguments.0.type='Literal'][arguments.length=1]",
          message: "Read fields of a parsed document (the slice's *Store.ts), not a raw `.get('field')`.",
        },
        {
          selector: "CallExpression[callee.property.name='collection']",
          message: "Reach collections only in the slice's *Store.ts (typed refs and checked writes).",
        },
        {
          selector: "CallExpression[callee.property.name='doc']",
          message: "Reach documents only in the slice's *Store.ts (typed refs and checked writes).",
        },
        {
          selector:
            "CallExpression[callee.property.name='get'][arguments.length=1][arguments.0.type=/^(Identifier|TemplateLiteral|MemberExpression)$/][callee.object.name=/(snap|Snap|doc|Doc)$/]",
          message: "Read fields of a parsed document (the slice's *Store.ts), not a raw `.get(field)`.",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/**/admin/**',
      'web/src/shared/**',
      ...ADMIN_FEATURES.map((name) => `web/src/features/${name}/**`),
    ],
    rules: { '@typescript-eslint/no-restricted-imports': noAdminInPublic },
  },
  // TanStack Query comes only through web/src/shared/data/adminQuery.ts, which passes its one client to the hooks
  // (no provider in the admin shell: the dashboard's JS budget) and is imported by lazy dialogs and pages only.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/shared/data/adminQuery.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tanstack/*'],
              message: 'Use web/src/shared/data/adminQuery.ts (its client, no provider: admin JS budget).',
            },
          ],
        },
      ],
    },
  },

  prettier,
]);
