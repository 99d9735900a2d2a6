/** The community archive's permissions (app type 3, item 0): 查看小区档案 301, 编辑小区档案 302. */
export const CommunityAuth = { appType: 3, itemId: 0, view: 301, edit: 302 } as const;
