import { defineConfig } from 'vitest/config';

// unit: pure domain tests, no emulators.
// integration: rules and API tests against the running emulators (npm test starts them).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/rules/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // A real `npm start`, stopped by signals: needs the emulator ports free (tests/stack/startSignals.test.ts).
        test: { name: 'stack', include: ['tests/stack/**/*.test.ts'], environment: 'node', fileParallelism: false },
      },
    ],
  },
});
