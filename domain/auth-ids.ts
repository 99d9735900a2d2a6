/**
 * The permission ids the screens ask and the server enforces (the permission catalogue's entries,
 * 001 section 6): app type, item and authId, one definition for both sides.
 */

/** 小区档案 (app type 3, item 0): 查看小区档案 301, 编辑小区档案 302. */
export const CommunityAuth = { appType: 3, itemId: 0, view: 301, edit: 302 } as const;

/** 合同 (app type 5, item 0): 查看 501, 新增买卖 502, 新增租赁 503, 变更状态 504, 删除 505. */
export const ContractAuth = {
  appType: 5,
  itemId: 0,
  view: 501,
  addSale: 502,
  addRent: 503,
  changeState: 504,
  remove: 505,
} as const;

/** 在线签约 (app type 6, item 0): 设置 351, 发起 352, 查看 353, 作废 354, 删除 355, 模板 356. */
export const SignAuth = {
  appType: 6,
  itemId: 0,
  settings: 351,
  start: 352,
  view: 353,
  invalid: 354,
  remove: 355,
  templates: 356,
} as const;
