/**
 * The rent contract machine's model driven through the real contract ledger (合同) against the real
 * server: every state 1 正常 … 4 完成, every allowed change, a change waiting for its approval and
 * each outcome (approved: the contract moves on; rejected or revoked: it stays). The executors are
 * shared with the sale spec (e2e/support/ledger-paths.ts). The paths are the generated browser
 * paths, narrowed to a subset that still takes every transition (e2e/support/covering-paths.ts).
 */
import { test } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { rentContractModel } from '../tests/models/rent-contract.model';
import { browserModel, runPathInBrowser } from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { isSettled, ledgerExecutors } from './support/ledger-paths';

const spec = browserModel(rentContractModel);
const paths = selectCoveringPaths(spec, generatePaths(spec), isSettled);
const executors = ledgerExecutors('rent', spec);

test.describe('rent contract machine through the real contract ledger', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { path, company: null, contractId: 0 },
      });
    });
  }
});
