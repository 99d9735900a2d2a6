import { describe, expect, it } from 'vitest';
import {
  canChangeRentState,
  canChangeSaleState,
  deletableRentStates,
  deletableSaleStates,
  freezableSaleStates,
  rentApprovalItem,
  rentStates,
  rentStatesNeedingRemark,
  rentTransitions,
  saleApprovalItem,
  saleStates,
  saleStatesNeedingRemark,
  saleTransitions,
  type RentState,
  type SaleState,
} from '../../machines/contract-states';

const sale: SaleState[] = [1, 2, 3, 4, 5, 6, 7];
const rent: RentState[] = [1, 2, 3, 4];

/** Every change from `from` the rule allows, as the change form lists them. */
const saleTargets = (from: SaleState, frozenFrom: SaleState | null = null) =>
  sale.filter((to) => canChangeSaleState(from, to, frozenFrom));

describe('contract ledger states, rules a user relies on', () => {
  it('names the states as the ledger and the state records show them', () => {
    expect(saleStates).toStrictEqual({
      1: '待办理',
      2: '办理中',
      3: '已办理',
      4: '完成',
      5: '冻结',
      6: '作废',
      7: '解除',
    });
    expect(rentStates).toStrictEqual({ 1: '正常', 2: '解除', 3: '作废', 4: '完成' });
  });

  it('a sale contract moves 待办理 → 办理中 → 已办理 → 完成, and is frozen, voided or terminated on the way', () => {
    expect(saleTargets(1)).toEqual([2, 5, 6]);
    expect(saleTargets(2)).toEqual([3, 5, 6, 7]);
    expect(saleTargets(3)).toEqual([4, 5, 7]);
    for (const final of [4, 6, 7] as const) expect(saleTargets(final)).toEqual([]);
    expect(saleTransitions).toStrictEqual({
      1: [2, 5, 6],
      2: [3, 5, 6, 7],
      3: [4, 5, 7],
      4: [],
      5: [],
      6: [],
      7: [],
    });
  });

  it('a frozen sale contract returns only to the state it was frozen from, and nowhere without one', () => {
    expect(freezableSaleStates).toEqual([1, 2, 3]);
    for (const frozenFrom of freezableSaleStates) expect(saleTargets(5, frozenFrom)).toEqual([frozenFrom]);
    expect(saleTargets(5, null)).toEqual([]);
    // Where it was frozen from only matters while it is frozen.
    expect(saleTargets(1, 3)).toEqual([2, 5, 6]);
  });

  it('a rent contract changes only from 正常, to 解除, 作废 or 完成', () => {
    expect(rent.filter((to) => canChangeRentState(1, to))).toEqual([2, 3, 4]);
    for (const final of [2, 3, 4] as const)
      expect(rent.filter((to) => canChangeRentState(final, to))).toEqual([]);
    expect(rentTransitions).toStrictEqual({ 1: [2, 3, 4], 2: [], 3: [], 4: [] });
  });

  it('only a sale contract 待办理 or 作废 and a rent contract 作废 can be deleted', () => {
    expect(sale.filter((state) => deletableSaleStates.includes(state))).toEqual([1, 6]);
    expect(rent.filter((state) => deletableRentStates.includes(state))).toEqual([3]);
  });

  it('作废 and 解除 need a reason', () => {
    expect(
      sale.filter((state) => saleStatesNeedingRemark.includes(state)).map((state) => saleStates[state]),
    ).toEqual(['作废', '解除']);
    expect(
      rent.filter((state) => rentStatesNeedingRemark.includes(state)).map((state) => rentStates[state]),
    ).toEqual(['解除', '作废']);
  });

  it('each target state has its own approval item: sale 61-67, rent 68-71', () => {
    expect(sale.map(saleApprovalItem)).toEqual([61, 62, 63, 64, 65, 66, 67]);
    expect(rent.map(rentApprovalItem)).toEqual([68, 69, 70, 71]);
  });
});
