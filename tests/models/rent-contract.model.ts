/** The rent contract machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import { rentContractMachine } from '../../machines/rent-contract.machine';
import type { ModelSpec } from '../support/machine-model';
import { browserSerializeLedgerContext, ledgerEvents, serializeLedgerContext } from './sale-contract.model';

export const rentContractModel: ModelSpec = {
  machine: rentContractMachine,
  serializeContext: serializeLedgerContext,
  browserSerializeContext: browserSerializeLedgerContext,
  events: ledgerEvents(
    [1, 2, 3, 4],
    [
      ...[1, 2, 3, 4].map((state) => ({ state, pendingTarget: null, frozenFromState: null })),
      { state: 1, pendingTarget: 2, frozenFromState: null },
    ],
    [2, 3],
  ),
};
