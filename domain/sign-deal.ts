/**
 * A listing's contracts and the deal (issue 41), shared by the screens, the server and the tests:
 * which contracts are deals (written to the listing and the customer), which are still running (a
 * second contract on the same listing is warned of before it is started), and the warning itself.
 * Both kinds of contract count: online sign contracts (source 1) and the contract ledger's (source 2).
 */

/** 1 在线签约, 2 合同台账 */
export type ContractSource = 1 | 2;

/** Sign: 1 待发起, 2 待审核, 3 被拒绝, 7 待签字, 8 已签约: not voided (4) and not completed (6). */
export const runningSignStates: readonly number[] = [1, 2, 3, 7, 8];

/**
 * Ledger (machines/contract-states.ts): a recorded contract is one signed offline, so it is a deal
 * from its recording — as the statistics count 业绩 — until it is 作废 or 解除 (sale 6, 7; rent 3, 2).
 */
const ledgerDealEnds: Record<1 | 2, readonly number[]> = { 1: [6, 7], 2: [2, 3] };

/** Ledger contracts still running: sale 1 待办理, 2 办理中, 3 已办理, 5 冻结; rent 1 正常. */
const runningLedgerStates: Record<1 | 2, readonly number[]> = { 1: [1, 2, 3, 5], 2: [1] };

/** Whether a ledger contract of this type (1 买卖, 2 租赁) in this state is a deal. */
export function isLedgerDeal(type: 1 | 2, state: number): boolean {
  return !ledgerDealEnds[type].includes(state);
}

export function isRunningContract(contract: { source: ContractSource; contractType: number; state: number }) {
  if (contract.source === 1) return runningSignStates.includes(contract.state);
  const type = contract.contractType === 2 ? 2 : 1;
  return runningLedgerStates[type].includes(contract.state);
}

export type ListedContract = { contractNo: string; running: 0 | 1; stateName: string };

/** The warning before another contract is started on a listing that has running ones, or null. */
export function runningContractWarning(contracts: readonly ListedContract[]): string | null {
  const running = contracts.filter((contract) => contract.running === 1);
  if (running.length === 0) return null;
  const named = running.map((contract) => `${contract.contractNo}（${contract.stateName}）`).join('、');
  return `该房源已有进行中的合同：${named}，确定再发起合同吗？`;
}
