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

/**
 * 房源 (app type 1, item 0; 001 section 3 "Listing permission options per role"): add 1 (with the
 * public and private caps 15 / 16 and new building numbers 17), view 2 (scope; locked 3, others' key
 * info 4, daily view limit 18), edit 5 (scope; others' public 6, others' private to public 11),
 * delete 7 (follow-ups 8, recycle bin 9), edit private 10, seal/lock/pin 12, assign 13 (with the
 * maintainer cap 25), remove 14.
 */
export const HouseAuth = {
  appType: 1,
  itemId: 0,
  add: 1,
  view: 2,
  viewLocked: 3,
  viewOthersKeyInfo: 4,
  edit: 5,
  editOthersPublic: 6,
  remove: 7,
  removeFollowUp: 8,
  recycleBin: 9,
  editPrivate: 10,
  othersToPublic: 11,
  operate: 12,
  assignTeam: 13,
  removeTeam: 14,
  publicLimit: 15,
  privateLimit: 16,
  newBuildingNo: 17,
  dailyViewLimit: 18,
  viewSellStates: 19,
  editSellStates: 20,
  viewRentStates: 21,
  editRentStates: 22,
  editSurveyorMaterial: 23,
  viewSoleAgentUploads: 24,
  maintainerLimit: 25,
} as const;

/**
 * 客源 (app type 2, item 0; 001 section 6): add 201, view 202 (scope), edit 203 (scope), delete 204,
 * assign 205, to public / pick back 206, daily limit of customer phone views 207 (counted).
 */
export const CustomerAuth = {
  appType: 2,
  itemId: 0,
  add: 201,
  view: 202,
  edit: 203,
  remove: 204,
  assign: 205,
  pools: 206,
  phoneDailyViewLimit: 207,
} as const;

/**
 * 公司管理 (app type 88, item 0): 组织架构管理 8801, 角色与权限设置 8802, 审批设置 8803, 充值中心 8804,
 * 数据统计 8805, 日志记录 8806, 基础设置 8807.
 */
export const OrgAuth = {
  appType: 88,
  itemId: 0,
  manage: 8801,
  roles: 8802,
  approvals: 8803,
  recharge: 8804,
  statistics: 8805,
  logs: 8806,
  settings: 8807,
} as const;
