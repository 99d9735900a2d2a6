/**
 * The sale contract machine's model driven through the real contract ledger (合同) against the real
 * server: every state 1 待办理 … 7 解除, every allowed change, a change waiting for its approval and
 * each outcome (approved: the contract moves on; rejected or revoked: it stays). The executors are
 * shared with the rent spec (e2e/support/ledger-paths.ts). The paths are the generated browser
 * paths, narrowed to a subset that still takes every transition (e2e/support/covering-paths.ts).
 */
import { test } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { saleContractModel } from '../tests/models/sale-contract.model';
import { browserModel, runPathInBrowser } from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { isSettled, ledgerExecutors } from './support/ledger-paths';

const spec = browserModel(saleContractModel);
const paths = selectCoveringPaths(spec, generatePaths(spec), isSettled);
const executors = ledgerExecutors('sale', spec);

test.describe('sale contract machine through the real contract ledger', () => {
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
