/**
 * Rules of the community archive that the screens show and the server enforces: the estate basic
 * settings (小区基础设置) with their defaults and what they allow, and the cloud collect list's sorts
 * and room types (001 section 9).
 */

export type EstateSetting = {
  /** 建立小区档案: 1 仅管理员, 2 有“编辑小区档案”权限的人员. */
  archiveCreate: 1 | 2;
  /** 修改与删除小区档案 (and its pictures): 1 仅管理员, 2 有权限的人员, 3 建档人与管理员. */
  archiveEdit: 1 | 2 | 3;
  /** 录入房源须选择小区库小区: 1 must pick from the dictionary, 0 a typed name is allowed. */
  mustPickCommunity: 0 | 1;
  /** 云采集每人每日可转入条数; null: no limit. */
  collectDailyLimit?: number | null;
};

export const defaultEstateSetting: Required<EstateSetting> = {
  archiveCreate: 2,
  archiveEdit: 2,
  mustPickCommunity: 0,
  collectDailyLimit: null,
};

export const archiveCreateNames: Record<EstateSetting['archiveCreate'], string> = {
  1: '仅管理员',
  2: '有“编辑小区档案”权限的人员',
};
export const archiveEditNames: Record<EstateSetting['archiveEdit'], string> = {
  1: '仅管理员',
  2: '有“编辑小区档案”权限的人员',
  3: '建档人与管理员',
};

export type ArchiveEditor = {
  isManager: boolean;
  userId: number;
  /** 编辑小区档案 (3/0/302) held. */
  holdsEdit: boolean;
};

export const onlyManagersCreateMessage = '公司规定仅管理员可以建立小区档案';
export const onlyManagersEditMessage = '公司规定仅管理员可以修改或删除小区档案';
export const onlyCreatorEditsMessage = '公司规定仅建档人与管理员可以修改或删除该小区档案';

/**
 * Why the user may not create (archive null) or change (archive given) a community archive under the
 * company's settings, or null when allowed. Without 编辑小区档案 the permission refusal comes first
 * (the caller's), so this answers only for holders and managers.
 */
export function archiveRefusal(
  setting: EstateSetting,
  user: ArchiveEditor,
  archive: { createUserId: number | null } | null,
): string | null {
  if (user.isManager) return null;
  if (!archive) return setting.archiveCreate === 1 ? onlyManagersCreateMessage : null;
  if (setting.archiveEdit === 1) return onlyManagersEditMessage;
  if (setting.archiveEdit === 3 && archive.createUserId !== user.userId) return onlyCreatorEditsMessage;
  return null;
}

export const mustPickCommunityMessage = '公司规定录入房源必须从小区库选择小区';

/** 001 section 9: the collect list sorts by total price, unit price, rent or area, up or down. */
export const collectSortNames: Record<number, string> = {
  0: '默认排序',
  1: '总价从低到高',
  2: '总价从高到低',
  3: '单价从低到高',
  4: '单价从高到低',
  5: '租金从低到高',
  6: '租金从高到低',
  7: '面积从小到大',
  8: '面积从大到小',
};

/** The sorts that apply to a kind of listing: unit price only for sale, rent only for rent. */
export function collectSortsFor(type: 1 | 2): number[] {
  return type === 1 ? [0, 1, 2, 3, 4, 7, 8] : [0, 5, 6, 7, 8];
}

/** Room types 1-4, and 5 meaning four rooms or more (001 section 9: 4 is exactly four, 5 includes it). */
export const collectRoomNames: Record<number, string> = {
  1: '一室',
  2: '二室',
  3: '三室',
  4: '四室',
  5: '四室及以上',
};

/** Whether a listing with `rooms` rooms matches the room filter (5: four or more). */
export function matchesRoomFilter(filter: number, rooms: number): boolean {
  return filter === 5 ? rooms >= 4 : rooms === filter;
}
