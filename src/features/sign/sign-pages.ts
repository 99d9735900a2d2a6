/** The sign pages as workspace tabs (app type 6, 在线签约). */
export const signPages = {
  list: () => ({ appType: 6, appId: 0, name: '在线签约', path: '/views/sign/index.vue' }),
  detail: (contractId: number, boxName?: string) => ({
    appType: 6,
    appId: 0,
    name: '签约详情',
    path: '/views/sign/detail',
    params: { contractId: String(contractId), ...(boxName ? { boxName } : {}) },
  }),
  operation: (params: Record<string, string> = {}) => ({
    appType: 6,
    appId: 0,
    name: '发起签约',
    path: '/views/sign/sign-operation',
    params,
  }),
  /** The approval record of a contract (待审核 / 被拒绝), on the approvals page. */
  approval: (approvalId: number) => ({
    appType: 6,
    appId: 0,
    name: '签约审批',
    path: '/views/office/oa/oa-pending-approval',
    params: { approvalId: String(approvalId) },
  }),
  settings: () => ({
    appType: 6,
    appId: 1,
    name: '在线签约设置',
    path: '/views/system/setting/fp-sign-setting',
  }),
};
