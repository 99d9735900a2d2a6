/** Labels of approvals and ledger contracts (the designed statuses of docs/approvals.md). */
import { rentStates, saleStates } from '../../../machines/contract-states';

export const approvalStatusNames: Record<number, string> = {
  0: '审批中',
  1: '已通过',
  2: '已拒绝',
  3: '已撤回',
};
export const approvalStatusColors: Record<number, 'amber' | 'green' | 'red' | 'gray'> = {
  0: 'amber',
  1: 'green',
  2: 'red',
  3: 'gray',
};
export const stepStatusNames: Record<number, string> = {
  0: '未到达',
  1: '审批中',
  2: '已通过',
  3: '已拒绝',
  4: '已终止',
};
export { approverTypeNames } from '../../ui/approver-steps';
export const appTypeNames: Record<number, string> = { 5: '合同', 6: '签约' };

/** The list views (type) of companyOaApprovalList, in the seed's order. */
export const approvalViews = [
  { value: 1, label: '待我审批' },
  { value: 2, label: '我已审批' },
  { value: 3, label: '我发起的' },
  { value: 4, label: '抄送我的' },
  { value: 0, label: '全部' },
] as const;

export const saleStateNames: Record<number, string> = saleStates;
export const rentStateNames: Record<number, string> = rentStates;
export const saleStateColors: Record<
  number,
  'gray' | 'blue' | 'cyan' | 'green' | 'orange' | 'red' | 'crimson'
> = {
  1: 'gray',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'orange',
  6: 'red',
  7: 'crimson',
};
export const rentStateColors: Record<number, 'green' | 'crimson' | 'red' | 'gray'> = {
  1: 'green',
  2: 'crimson',
  3: 'red',
  4: 'gray',
};

/** Search kinds of the ledger (001 section 3). */
export const searchKinds = [
  { value: 1, label: '小区名称' },
  { value: 2, label: '合同编号' },
  { value: 3, label: '电话' },
  { value: 4, label: '业主/客户姓名' },
] as const;

export function formatYuan(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  return amount.toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

export function formatWan(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  return `${(amount / 10000).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
