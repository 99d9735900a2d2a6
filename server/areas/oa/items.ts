/**
 * The fixed approval items (001 section 4): sign approvals 45/47/49 (sign type 1/2/3), sale
 * contract state changes 61-67 (60 + target state) and rent state changes 68-71 (67 + target state).
 */
export type OaItemId = 45 | 47 | 49 | 61 | 62 | 63 | 64 | 65 | 66 | 67 | 68 | 69 | 70 | 71;
export type OaAppType = 5 | 6;

export type OaItemEntry = { oaItemId: OaItemId; appType: OaAppType; name: string; description: string };

export const oaAppNames: Record<OaAppType, string> = { 5: '合同', 6: '签约' };

export const oaItemCatalogue: readonly OaItemEntry[] = [
  { oaItemId: 45, appType: 6, name: '买卖合同签约审批', description: '发起买卖合同签约（签约类型 1）前审批' },
  { oaItemId: 47, appType: 6, name: '租赁合同签约审批', description: '发起租赁合同签约（签约类型 2）前审批' },
  {
    oaItemId: 49,
    appType: 6,
    name: '其他合同签约审批',
    description: '发起其他合同签约（签约类型 3）与快捷签署前审批',
  },
  { oaItemId: 61, appType: 5, name: '买卖合同转待办理', description: '买卖合同状态变为 待办理 前审批' },
  { oaItemId: 62, appType: 5, name: '买卖合同转办理中', description: '买卖合同状态变为 办理中 前审批' },
  { oaItemId: 63, appType: 5, name: '买卖合同转已办理', description: '买卖合同状态变为 已办理 前审批' },
  { oaItemId: 64, appType: 5, name: '买卖合同转完成', description: '买卖合同状态变为 完成 前审批' },
  { oaItemId: 65, appType: 5, name: '买卖合同冻结', description: '冻结买卖合同前审批' },
  { oaItemId: 66, appType: 5, name: '买卖合同作废', description: '作废买卖合同前审批' },
  { oaItemId: 67, appType: 5, name: '买卖合同解除', description: '解除买卖合同前审批' },
  { oaItemId: 68, appType: 5, name: '租赁合同转正常', description: '租赁合同状态变为 正常 前审批' },
  { oaItemId: 69, appType: 5, name: '租赁合同解除', description: '解除租赁合同前审批' },
  { oaItemId: 70, appType: 5, name: '租赁合同作废', description: '作废租赁合同前审批' },
  { oaItemId: 71, appType: 5, name: '租赁合同转完成', description: '租赁合同状态变为 完成 前审批' },
];

/** Sign type 1/2/3 -> approval item 45/47/49. */
export const signTypeItems: Record<1 | 2 | 3, OaItemId> = { 1: 45, 2: 47, 3: 49 };

export function findOaItem(oaItemId: number): OaItemEntry | undefined {
  return oaItemCatalogue.find((item) => item.oaItemId === oaItemId);
}

export function oaItemName(oaItemId: number): string {
  return findOaItem(oaItemId)?.name ?? `审批项 ${oaItemId}`;
}
