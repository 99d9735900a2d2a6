/**
 * A listing's contracts and the deal (issue 41), shared by the screens and the tests: which sign
 * contract states are still running (a second contract on the same listing is warned of before it is
 * started), and the warning itself.
 */

/** 1 待发起, 2 待审核, 3 被拒绝, 7 待签字, 8 已签约: not voided (4) and not completed (6). */
export const runningSignStates: readonly number[] = [1, 2, 3, 7, 8];

export type ListedContract = { contractNo: string; state: number; stateName: string };

/** The warning before another contract is started on a listing that has running ones, or null. */
export function runningContractWarning(contracts: readonly ListedContract[]): string | null {
  const running = contracts.filter((contract) => runningSignStates.includes(contract.state));
  if (running.length === 0) return null;
  const named = running.map((contract) => `${contract.contractNo}（${contract.stateName}）`).join('、');
  return `该房源已有进行中的合同：${named}，确定再发起签约吗？`;
}
