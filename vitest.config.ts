// Test projects: unit (pure code), web (React components under jsdom), api (server against a real database), e2e (Chromium against the built app).
import { defineConfig } from 'vitest/config';
import { LongSweepsFirst } from './e2e/support/sequencer.ts';

export default defineConfig({
  test: {
    sequence: { sequencer: LongSweepsFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/platform/**/*.test.ts',
            'apps/server/src/db/**/*.test.ts',
            'apps/server/src/modules/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // API tests beside platform code need the api project's seeded database.
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          // Pure code keeps no state between files: one module graph per worker spares each file the imports.
          isolate: false,
          testTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // One module graph for all files of a worker: each file builds its own app on its own database copy, and the
          // server's module-level registries (job workers, hooks) count a handler once, so files share nothing but the
          // ~8 s import of the server, which isolation paid per file (an API run took twice as long).
          isolate: false,
          // Generous: a test that starts a second app or server process is slow on a busy 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // Two files at once: each has its own server, data folder, mail receiver and browser, and a journey spends
          // much of its time waiting on the browser and the server, so two fill the 2-core machine's cores.
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
