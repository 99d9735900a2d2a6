/** The contract ledger (合同, app type 5) as workspace tabs: a contract opened, or 新增 from a listing. */
const ledger = (params: Record<string, string>) => ({
  appType: 5,
  appId: 0,
  name: '合同',
  path: '/views/contract/index',
  params,
});

export const ledgerPages = {
  /** A ledger contract (1 买卖, 2 租赁) opened in the ledger. */
  detail: (contractType: number, contractId: number) =>
    ledger({ contractType: String(contractType), contractId: String(contractId) }),
  /** 新增 of the listing's kind (出售 → 买卖, 出租 → 租赁), prefilled from the listing. */
  addFromHouse: (houseId: number, houseType: 1 | 2) =>
    ledger({ contractType: String(houseType), houseId: String(houseId) }),
};

export type ContractAddFlags = {
  newAddBtn: boolean;
  saleContractNewAdd: boolean;
  rentContractNewAdd: boolean;
};

/** 新增 of a kind (1 买卖, 2 租赁): newAddBtn and the flag of that kind (getContractAddOperateAuth). */
export function canRecordContract(type: 1 | 2, flags: ContractAddFlags): boolean {
  return flags.newAddBtn && (type === 1 ? flags.saleContractNewAdd : flags.rentContractNewAdd);
}
