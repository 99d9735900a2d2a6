/**
 * A rent contract of the ledger (001 section 4): 1 正常, 2 解除, 3 作废, 4 完成; only 正常 can
 * change (解除 and 作废 need a reason). A change whose approval item (67 + target) is enabled waits
 * for approval.
 */
import {
  canChangeRentState,
  rentStatesNeedingRemark,
  rentTransitions,
  type RentState,
} from './contract-states';
import { createLedgerContractMachine } from './ledger-contract';

export const rentContractMachine = createLedgerContractMachine({
  id: 'rentContract',
  nodes: { 1: 'normal', 2: 'terminated', 3: 'voided', 4: 'completed' },
  canChange: (from, to) => canChangeRentState(from as RentState, to as RentState),
  needsRemark: rentStatesNeedingRemark,
  fromStates: [1],
  targetStates: [...new Set(Object.values(rentTransitions).flat())].sort((a, b) => a - b),
});
