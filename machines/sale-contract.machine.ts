/**
 * A sale contract of the ledger (001 section 4): 1 待办理, 2 办理中, 3 已办理, 4 完成, 5 冻结,
 * 6 作废, 7 解除, with the changes of contract-states.ts (冻结 returns only to where it was; 作废
 * and 解除 need a reason). A change whose approval item (60 + target) is enabled waits for approval.
 */
import {
  canChangeSaleState,
  freezableSaleStates,
  saleStatesNeedingRemark,
  saleTransitions,
  type SaleState,
} from './contract-states';
import { createLedgerContractMachine } from './ledger-contract';

export const saleContractMachine = createLedgerContractMachine({
  id: 'saleContract',
  nodes: {
    1: 'pendingHandling',
    2: 'handling',
    3: 'handled',
    4: 'completed',
    5: 'frozen',
    6: 'voided',
    7: 'terminated',
  },
  canChange: (from, to, frozenFrom) =>
    canChangeSaleState(from as SaleState, to as SaleState, frozenFrom as SaleState | null),
  needsRemark: saleStatesNeedingRemark,
  fromStates: [1, 2, 3, 5],
  targetStates: [...new Set([...Object.values(saleTransitions).flat(), ...freezableSaleStates])].sort(
    (a, b) => a - b,
  ),
  freezeState: 5,
});
