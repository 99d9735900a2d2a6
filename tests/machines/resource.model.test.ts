import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { resourceModel } from '../models/resource.model';

// The rules a screen relies on (messages kept, reload and save) are in resource.test.ts.
const paths = generatePaths(resourceModel);

describe('resource machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(resourceModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(resourceModel, path);
    },
  );
});
