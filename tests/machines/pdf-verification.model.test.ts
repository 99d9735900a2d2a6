import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { pdfVerificationModel } from '../models/pdf-verification.model';

// The size refusal before uploading and the report or refusal after are in pdf-verification.test.ts.
const paths = generatePaths(pdfVerificationModel);

describe('pdf-verification machine (验签), model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(pdfVerificationModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(pdfVerificationModel, path);
    },
  );
});
