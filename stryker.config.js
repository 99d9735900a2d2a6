// @ts-check
/**
 * Mutation testing (issue 21): `npm run test:mutation`. StrykerJS changes one operator, condition,
 * string or literal of machines/ and domain/ at a time and runs the vitest tests of
 * vitest.mutation.config.ts; a mutant no test notices "survived". Not part of `npm test`: a full run
 * takes long on two cores (docs/testing.md gives the time).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  // app-config.ts is the seed's version constants as one `as const` object: Stryker 9.6.1 makes no
  // mutants inside a TypeScript `as`, and no test file imports it, which Stryker treats as an error.
  mutate: ['machines/**/*.ts', 'domain/**/*.ts', '!domain/app-config.ts'],
  coverageAnalysis: 'perTest',
  // Two cores shared by everyone; `-- --concurrency 2` on a quiet machine.
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run of all tests with per-test coverage, on two busy cores.
  dryRunTimeoutMinutes: 20,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportTests: false,
    reportScoreTable: true,
    reportMutants: false,
  },
  // Not needed by these tests; keeps the sandbox copy small (other helpers' .tmp/ outputs, reports).
  ignorePatterns: [
    '/.tmp',
    '/reports',
    '/dist',
    '/data',
    '/test-results',
    '/playwright-report',
    '/e2e',
    '/bench',
    '/docs',
  ],
  tempDirName: '.tmp/stryker',
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
