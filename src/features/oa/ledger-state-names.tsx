/**
 * The ledger's state names as the company calls them (合同基础设置 › 合同台账状态名称,
 * getContractSetting): read once by a page and given to everything under it that shows a state — the
 * list's badges and 合同状态 filter, the detail's badge, the change form, the change records and the
 * pending approval. Until the settings answer (or if they fail) the seed's names stand.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { api, ok } from '../../api/client';
import type { ContractKind } from './oa-actors';
import { rentStateNames, saleStateNames } from './oa-format';

export type LedgerStateNames = Record<ContractKind, Record<number, string>>;

const seedNames: LedgerStateNames = { sale: saleStateNames, rent: rentStateNames };

const StateNamesContext = createContext<LedgerStateNames>(seedNames);

function named(
  defaults: Record<number, string>,
  entries: readonly { state: number; stateName: string }[],
): Record<number, string> {
  const names = { ...defaults };
  for (const entry of entries) if (entry.stateName.trim()) names[entry.state] = entry.stateName.trim();
  return names;
}

const loadStateNames = fromPromise<unknown>(async (): Promise<LedgerStateNames> => {
  const setting = (await ok(api.GET('/contract/v2/getContractSetting'))).data;
  if (!setting) return seedNames;
  return {
    sale: named(saleStateNames, setting.saleStateNames),
    rent: named(rentStateNames, setting.rentStateNames),
  };
});

const stateNamesMachine = resourceMachine.provide({ actors: { load: loadStateNames } });

/** Reads the company's names once and gives them to the page below. */
export function LedgerStateNamesProvider({ children }: { children: ReactNode }) {
  const [snapshot] = useMachine(stateNamesMachine, { inspect });
  const names = (snapshot.context.data as LedgerStateNames | null) ?? seedNames;
  return <StateNamesContext.Provider value={names}>{children}</StateNamesContext.Provider>;
}

/** The names of both kinds' states. */
export function useLedgerStateNames(): LedgerStateNames {
  return useContext(StateNamesContext);
}

/** The names of one kind's states (买卖 1–7, 租赁 1–4). */
export function useStateNames(kind: ContractKind): Record<number, string> {
  return useContext(StateNamesContext)[kind];
}
