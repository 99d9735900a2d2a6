/**
 * The ledger contract states and the changes between them (001 section 4), shared by the sale and
 * rent machines and by the server that enforces them. Each target state has its approval item:
 * sale 60 + state (61-67), rent 67 + state (68-71).
 */
export const saleStates = {
  1: '待办理',
  2: '办理中',
  3: '已办理',
  4: '完成',
  5: '冻结',
  6: '作废',
  7: '解除',
} as const;
export const rentStates = { 1: '正常', 2: '解除', 3: '作废', 4: '完成' } as const;

export type SaleState = keyof typeof saleStates;
export type RentState = keyof typeof rentStates;

/** Sale: 1→2, 5, 6; 2→3, 5, 6, 7; 3→4, 5, 7; 5 冻结 only back to the state it was frozen from; 4, 6, 7 are final. */
export const saleTransitions: Record<SaleState, readonly SaleState[]> = {
  1: [2, 5, 6],
  2: [3, 5, 6, 7],
  3: [4, 5, 7],
  4: [],
  5: [],
  6: [],
  7: [],
};

/** Rent: 1→2, 3, 4; 2, 3, 4 are final. */
export const rentTransitions: Record<RentState, readonly RentState[]> = { 1: [2, 3, 4], 2: [], 3: [], 4: [] };

/** States from which a sale contract may be frozen (and to which it returns when unfrozen). */
export const freezableSaleStates: readonly SaleState[] = [1, 2, 3];

export function canChangeSaleState(from: SaleState, to: SaleState, frozenFrom: SaleState | null): boolean {
  if (from === 5) return frozenFrom !== null && to === frozenFrom;
  return saleTransitions[from].includes(to);
}

export function canChangeRentState(from: RentState, to: RentState): boolean {
  return rentTransitions[from].includes(to);
}

/** Whether a contract in this state may be deleted: sale 1 待办理 or 6 作废, rent 3 作废. */
export const deletableSaleStates: readonly SaleState[] = [1, 6];
export const deletableRentStates: readonly RentState[] = [3];

/** Reasons are required for 作废 and 解除. */
export const saleStatesNeedingRemark: readonly SaleState[] = [6, 7];
export const rentStatesNeedingRemark: readonly RentState[] = [2, 3];

export function saleApprovalItem(to: SaleState): number {
  return 60 + to;
}

export function rentApprovalItem(to: RentState): number {
  return 67 + to;
}
