/**
 * The permission catalogue: every authId that roles can be granted, per app type and item
 * (000 section 6, 001 section 6). authIds are unique across the catalogue. Item 0 is the app itself.
 */
export const AppTypes = {
  house: 1,
  customer: 2,
  estate: 3,
  contract: 5,
  sign: 6,
  promotion: 21,
  company: 88,
  home: 999,
} as const;

export type AppTypeCode = (typeof AppTypes)[keyof typeof AppTypes];

export type CatalogueEntry = {
  appType: AppTypeCode;
  itemId: number;
  authId: number;
  name: string;
  parentAuthId?: number;
  hasRange?: boolean;
  /** The grant carries a number (a limit counted in listings or views), in this unit. */
  hasCount?: boolean;
  countUnit?: string;
  /** The grant carries chosen contents: the listing statuses of one kind (values 1-9, as strings). */
  contentKind?: 'sellStates' | 'rentStates';
};

export const permissionCatalogue: readonly CatalogueEntry[] = [
  // 房源 (001 section 3 "Listing permission options per role")
  { appType: 1, itemId: 0, authId: 1, name: '新增房源' },
  { appType: 1, itemId: 0, authId: 2, name: '查看房源', hasRange: true },
  { appType: 1, itemId: 0, authId: 3, name: '查看锁定房源', parentAuthId: 2 },
  { appType: 1, itemId: 0, authId: 4, name: '查看他人私盘关键信息', parentAuthId: 2 },
  { appType: 1, itemId: 0, authId: 5, name: '编辑房源', hasRange: true },
  { appType: 1, itemId: 0, authId: 6, name: '编辑他人公盘信息', parentAuthId: 5 },
  { appType: 1, itemId: 0, authId: 7, name: '删除房源' },
  { appType: 1, itemId: 0, authId: 8, name: '删除跟进', parentAuthId: 7 },
  { appType: 1, itemId: 0, authId: 9, name: '回收站管理', parentAuthId: 7 },
  { appType: 1, itemId: 0, authId: 10, name: '编辑私盘房源' },
  { appType: 1, itemId: 0, authId: 11, name: '手动将他人私盘转公盘', parentAuthId: 5 },
  { appType: 1, itemId: 0, authId: 12, name: '封盘、锁盘、置顶' },
  { appType: 1, itemId: 0, authId: 13, name: '分配协作人' },
  { appType: 1, itemId: 0, authId: 14, name: '移除协作人', parentAuthId: 13 },
  // team (001 section 3): the surveyor's and the exclusive agent's materials (domain/house-team-rules.ts)
  { appType: 1, itemId: 0, authId: 23, name: '实勘人全部资料编辑、删除' },
  { appType: 1, itemId: 0, authId: 24, name: '查看独家人上传资料' },
  // counted in people: how many maintainers (归属人 included) one listing may have (domain/house-team-rules.ts)
  {
    appType: 1,
    itemId: 0,
    authId: 25,
    name: '限制维护人数量',
    parentAuthId: 13,
    hasCount: true,
    countUnit: '人',
  },
  // counted in listings (the grant's count; no grant or no count: no limit)
  { appType: 1, itemId: 0, authId: 15, name: '公盘上限', parentAuthId: 1, hasCount: true, countUnit: '套' },
  { appType: 1, itemId: 0, authId: 16, name: '私盘上限', parentAuthId: 1, hasCount: true, countUnit: '套' },
  { appType: 1, itemId: 0, authId: 17, name: '新增楼栋、单元号', parentAuthId: 1 },
  {
    appType: 1,
    itemId: 0,
    authId: 18,
    name: '每日查看上限',
    parentAuthId: 2,
    hasCount: true,
    countUnit: '次',
  },
  // statuses (001 section 3 "status"): granted, the role sees and changes only the chosen statuses
  {
    appType: 1,
    itemId: 0,
    authId: 19,
    name: '仅可查看所选出售状态',
    parentAuthId: 2,
    contentKind: 'sellStates',
  },
  {
    appType: 1,
    itemId: 0,
    authId: 20,
    name: '仅可修改所选出售状态',
    parentAuthId: 5,
    contentKind: 'sellStates',
  },
  {
    appType: 1,
    itemId: 0,
    authId: 21,
    name: '仅可查看所选出租状态',
    parentAuthId: 2,
    contentKind: 'rentStates',
  },
  {
    appType: 1,
    itemId: 0,
    authId: 22,
    name: '仅可修改所选出租状态',
    parentAuthId: 5,
    contentKind: 'rentStates',
  },
  // 客源
  { appType: 2, itemId: 0, authId: 201, name: '新增客源' },
  { appType: 2, itemId: 0, authId: 202, name: '查看客源', hasRange: true },
  { appType: 2, itemId: 0, authId: 203, name: '编辑客源', hasRange: true },
  { appType: 2, itemId: 0, authId: 204, name: '删除客源' },
  { appType: 2, itemId: 0, authId: 205, name: '分配客源' },
  { appType: 2, itemId: 0, authId: 206, name: '转公客、拣入私客' },
  // counted in views of protected customer phones a day (no grant or no count: no limit)
  {
    appType: 2,
    itemId: 0,
    authId: 207,
    name: '每日查看客户电话上限',
    parentAuthId: 202,
    hasCount: true,
    countUnit: '次',
  },
  // 小区
  { appType: 3, itemId: 0, authId: 301, name: '查看小区档案' },
  { appType: 3, itemId: 0, authId: 302, name: '编辑小区档案', parentAuthId: 301 },
  // 合同
  { appType: 5, itemId: 0, authId: 501, name: '查看合同', hasRange: true },
  { appType: 5, itemId: 0, authId: 502, name: '新增买卖合同' },
  { appType: 5, itemId: 0, authId: 503, name: '新增租赁合同' },
  { appType: 5, itemId: 0, authId: 504, name: '变更合同状态' },
  { appType: 5, itemId: 0, authId: 505, name: '删除合同' },
  // 签约
  { appType: 6, itemId: 0, authId: 351, name: '签约设置' },
  { appType: 6, itemId: 0, authId: 352, name: '发起签约' },
  { appType: 6, itemId: 0, authId: 353, name: '查看签约', hasRange: true },
  { appType: 6, itemId: 0, authId: 354, name: '作废与撤销作废', parentAuthId: 353 },
  { appType: 6, itemId: 0, authId: 355, name: '删除签约', parentAuthId: 353 },
  { appType: 6, itemId: 0, authId: 356, name: '模板管理' },
  { appType: 6, itemId: 0, authId: 357, name: '印章管理' },
  { appType: 6, itemId: 0, authId: 358, name: '快速签署' },
  // 推广
  { appType: 21, itemId: 0, authId: 2101, name: '房源推广' },
  // 公司管理
  { appType: 88, itemId: 0, authId: 8801, name: '组织架构管理' },
  { appType: 88, itemId: 0, authId: 8802, name: '角色与权限设置' },
  { appType: 88, itemId: 0, authId: 8803, name: '审批设置' },
  { appType: 88, itemId: 0, authId: 8804, name: '充值中心' },
  { appType: 88, itemId: 0, authId: 8805, name: '数据统计' },
  { appType: 88, itemId: 0, authId: 8806, name: '日志记录' },
  { appType: 88, itemId: 0, authId: 8807, name: '基础设置' },
];

/** The built-in roles of a new company (001 section 6) and what each is granted by default. */
export const builtinRoles = [
  {
    key: 'store_manager',
    name: '店长',
    grants: [
      1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 23, 24, 201, 202, 203, 204, 205, 206, 301, 302, 501, 502,
      503, 504, 351, 352, 353, 354, 356, 358, 2101, 8801, 8805,
    ],
    range: 2,
  },
  {
    key: 'store_supervisor',
    name: '店务主管',
    grants: [1, 2, 3, 5, 6, 12, 13, 201, 202, 203, 205, 206, 301, 501, 502, 503, 352, 353, 358],
    range: 2,
  },
  {
    key: 'broker',
    name: '经纪人',
    grants: [1, 2, 5, 201, 202, 203, 206, 301, 501, 502, 503, 352, 353, 358],
    range: 1,
  },
  { key: 'finance', name: '财务', grants: [2, 202, 501, 504, 353, 8804, 8805], range: 3 },
  { key: 'certificate_handler', name: '权证专员', grants: [2, 501, 504, 353, 357], range: 3 },
] as const;
