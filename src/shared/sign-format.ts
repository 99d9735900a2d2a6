/** Names of the sign states, contract types and list options (001 sections 3, 4 and 9). */
import type { SignStateCode } from '../../machines/sign-contract.machine';

export const signStateNames: Record<SignStateCode, string> = {
  1: '待发起',
  2: '待审核',
  3: '被拒绝',
  4: '已作废',
  6: '已完成',
  7: '待签字',
  8: '已签约',
};

export const signStateColors: Record<SignStateCode, 'gray' | 'amber' | 'red' | 'green' | 'blue' | 'indigo'> =
  {
    1: 'gray',
    2: 'amber',
    3: 'red',
    4: 'gray',
    6: 'green',
    7: 'blue',
    8: 'indigo',
  };

/** The list tabs: 0 全部 and every state; the list opens on 7 待签字. */
export const signListTabs: { state: 0 | SignStateCode; label: string }[] = [
  { state: 7, label: '待签字' },
  { state: 1, label: '待发起' },
  { state: 2, label: '待审核' },
  { state: 3, label: '被拒绝' },
  { state: 8, label: '已签约' },
  { state: 6, label: '已完成' },
  { state: 4, label: '已作废' },
  { state: 0, label: '全部' },
];

export const defaultSignListState = 7;
export const defaultSortField = 4;

export const sortFieldNames: Record<1 | 2 | 3 | 4, string> = {
  1: '发起时间降序',
  2: '发起时间升序',
  3: '创建时间降序',
  4: '更新时间降序',
};

export const contractTypeNames: Record<1 | 2 | 3, string> = { 1: '买卖合同', 2: '租赁合同', 3: '自定义合同' };
export const signatureTypeNames: Record<1 | 2, string> = { 1: '电子签署', 2: '纸质签署' };
/** Seal types (001 section 3): 1 official, 2 contract, 3 finance. */
export const sealTypeNames: Record<1 | 2 | 3, string> = { 1: '公章', 2: '合同专用章', 3: '财务专用章' };

export const signatoryRoleNames: Record<number, string> = {
  1: '甲方',
  2: '乙方',
  3: '甲方代理人',
  4: '乙方代理人',
  5: '甲方共有人',
  6: '乙方共有人',
  7: '居间方',
  8: '签署方',
};

export function houseTitle(house: {
  houseName?: string;
  houseBuilding?: string;
  houseRoomNo?: string;
}): string {
  const parts = [house.houseName, house.houseBuilding, house.houseRoomNo].filter((p) => p && p.trim());
  return parts.length > 0 ? parts.join(' ') : '—';
}
