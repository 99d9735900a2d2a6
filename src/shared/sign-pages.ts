/**
 * The sign pages as workspace tabs (app type 6, 在线签约), and which contract view a contract opens
 * in: visual (contract-operation) when the company's signing type is 2 or the contract type is 3
 * (a visual template), else step by step (sign-operation).
 */
import type { components } from '../../openapi/generated/api';

type SignTemplateItem = components['schemas']['SignTemplateItem'];

export function isVisualSigning(signType: number | null | undefined, contractType?: number | null): boolean {
  return signType === 2 || contractType === 3;
}

/** The templates a view offers: allowed for its signing type (1 step, 2 visual); visual templates (type 3) in both. */
export function usableTemplates(templates: SignTemplateItem[], isVisual: boolean): SignTemplateItem[] {
  return templates.filter((t) => t.contractType === 3 || t.signingInitiateType.includes(isVisual ? 2 : 1));
}

const stepOperation = (params: Record<string, string> = {}) => ({
  appType: 6,
  appId: 0,
  name: '发起签约',
  path: '/views/sign/sign-operation',
  params,
});

const visualOperation = (params: Record<string, string> = {}) => ({
  appType: 6,
  appId: 0,
  name: '可视化合同编辑',
  path: '/views/sign/contract-operation',
  params,
});

export const signPages = {
  list: () => ({ appType: 6, appId: 0, name: '在线签约', path: '/views/sign/index.vue' }),
  detail: (contractId: number, boxName?: string) => ({
    appType: 6,
    appId: 0,
    name: '签约详情',
    path: '/views/sign/detail',
    params: { contractId: String(contractId), ...(boxName ? { boxName } : {}) },
  }),
  operation: stepOperation,
  contractOperation: visualOperation,
  /** The view that edits a contract (params boxId, draftCode or contractId) for this signing type and contract type. */
  contractEditor: (
    how: { signType: number | null | undefined; contractType?: number | null },
    params: Record<string, string> = {},
  ) => (isVisualSigning(how.signType, how.contractType) ? visualOperation(params) : stepOperation(params)),
  /** The approval record of a contract (待审核 / 被拒绝), on the approvals page. */
  approval: (approvalId: number) => ({
    appType: 6,
    appId: 0,
    name: '签约审批',
    path: '/views/office/oa/oa-pending-approval',
    params: { approvalId: String(approvalId) },
  }),
  /** 印章管理: the company's verified bodies and seals. */
  seals: () => ({ appType: 6, appId: 5, name: '印章管理', path: '/views/manager/seal.vue' }),
  settings: () => ({
    appType: 6,
    appId: 1,
    name: '在线签约设置',
    path: '/views/system/setting/fp-sign-setting',
  }),
};
