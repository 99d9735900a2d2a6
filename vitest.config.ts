import { connect } from 'node:net';
import { defineConfig } from 'vitest/config';

/** Server tests run on PGlite always, and again on PostgreSQL when 127.0.0.1:5432 answers. */
function isPostgresReachable(): Promise<boolean> {
  if (process.env['TEST_POSTGRES'] === '0') return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export default defineConfig(async () => {
  const withPostgres = await isPostgresReachable();
  // Generous limits: two cores run PGlite setups and PostgreSQL databases side by side; nothing here is a timing test.
  // Each project's global setup prepares its databases once per run (tests/support/database-templates.ts).
  // Every file gets its own signing master key (tests/support/key-vault-setup.ts).
  const shared = {
    environment: 'node' as const,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    setupFiles: ['tests/support/key-vault-setup.ts'],
  };
  return {
    test: {
      maxWorkers: 2,
      // The model paths' records (steps, states, transitions, outcome) for npm run model:coverage and
      // npm run model:report: one file per run in reports/model-runs/vitest/.
      reporters: ['default', './tests/support/model-path-reporter.ts'],
      projects: [
        {
          test: {
            ...shared,
            name: 'pglite',
            include: ['tests/**/*.test.ts'],
            globalSetup: ['tests/support/global-setup-pglite.ts'],
          },
        },
        ...(withPostgres
          ? [
              {
                test: {
                  ...shared,
                  name: 'postgres',
                  include: ['tests/server/**/*.test.ts'],
                  env: { TEST_DATABASE: 'postgres' },
                  globalSetup: ['tests/support/global-setup-postgres.ts'],
                },
              },
            ]
          : []),
      ],
    },
  };
});
