import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { statisticsModel } from '../models/statistics.model';

// The rules the page relies on (nothing to export, filters back to page 1) are in statistics.test.ts.
const paths = generatePaths(statisticsModel);

describe('statistics machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(statisticsModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(statisticsModel, path);
    },
  );
});
