import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { customerPickBackModel } from '../models/customer-pick-back.model';

const paths = generatePaths(customerPickBackModel);

describe('customer-pick-back machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(customerPickBackModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(customerPickBackModel, path);
    },
  );
});
