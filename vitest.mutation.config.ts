import { defineConfig } from 'vitest/config';
import MutationSequencer from './tests/support/mutation-sequencer';

/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.js): the
 * machines' model-based and rule tests and the domain rules' tests, which run in memory. The server
 * tests (PGlite, PostgreSQL) also reach domain/, but one of their runs takes minutes; a mutant they
 * alone would notice counts as survived here.
 */
export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    testTimeout: 90_000,
    reporters: ['default', './tests/support/load-failure-reporter.ts'],
    include: ['tests/machines/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/core/**/*.test.ts'],
    // Rule tests before model tests: a killed mutant stops at its first failure (bail), sooner.
    sequence: { sequencer: MutationSequencer },
  },
});
