/**
 * Listing (房源) rules shared by the server (to decide and refuse), the machines and the screens
 * (to label and to hide): names of the coded fields, the unit price, the duplicate key, who may edit
 * a listing in which pool, when a private listing falls to the public pool, and when opening a
 * listing needs a follow-up first (001 sections 3, 4, 6, 8 and 9).
 */

export const HouseKinds = { sell: 1, rent: 2 } as const;
export const HousePools = { public: 1, private: 2 } as const;

export const houseKindNames: Record<number, string> = { 1: '出售', 2: '出租' };
export const housePoolNames: Record<number, string> = { 1: '公盘', 2: '私盘' };

/** Fixed states 1-5; 6-9 are the company's custom states A-D (default names A/B/C/D, 001 section 9). */
export const customStateLabels = ['A', 'B', 'C', 'D'] as const;
export type CustomStateName = { stateName: string; stateLable: string };

/** Every listing status value: the fixed 1-5 and the custom A-D as 6-9. */
export const houseStateValues = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export function houseStateName(state: number, kind: number, custom: readonly CustomStateName[] = []): string {
  const sold = kind === HouseKinds.rent ? '租' : '售';
  const fixed: Record<number, string> = { 1: '有效', 2: '暂缓', 3: `我${sold}`, 4: `他${sold}`, 5: '无效' };
  if (fixed[state]) return fixed[state];
  const label = customStateLabels[state - 6];
  if (!label) return '未知';
  return custom.find((entry) => entry.stateLable === label)?.stateName ?? label;
}

export const towardNames: Record<number, string> = {
  1: '东',
  2: '南',
  3: '西',
  4: '北',
  5: '东南',
  6: '东北',
  7: '西南',
  8: '西北',
  9: '南北',
  10: '东西',
};
export const renovationNames: Record<number, string> = {
  1: '毛坯',
  2: '简装',
  3: '中装',
  4: '精装',
  5: '豪装',
};
export const propertyNames: Record<number, string> = {
  1: '住宅',
  2: '别墅',
  3: '商住',
  4: '商铺',
  5: '写字楼',
  6: '厂房仓库',
  7: '车位',
  8: '其他',
};

/** Collaborator roles; entry person, surveyor and deal person cannot be removed (001 section 3). */
export const teamRoleNames: Record<number, string> = {
  1: '录入人',
  2: '维护人',
  3: '委托人',
  4: '钥匙人',
  5: '实勘人',
  6: '独家人',
  7: '成交人',
};
export const TeamRoles = {
  entry: 1,
  maintainer: 2,
  client: 3,
  key: 4,
  surveyor: 5,
  soleAgent: 6,
  deal: 7,
} as const;
const permanentTeamRoles: readonly number[] = [TeamRoles.entry, TeamRoles.surveyor, TeamRoles.deal];
export function isRemovableTeamRole(role: number): boolean {
  return !permanentTeamRoles.includes(role);
}
/** Roles held by one person at a time: assigning another replaces the holder. */
export const singleHolderTeamRoles: readonly number[] = [TeamRoles.maintainer, TeamRoles.soleAgent];

export const followUpCategoryNames: Record<number, string> = {
  1: '普通跟进',
  2: '电话跟进',
  3: '实勘',
  4: '带看',
  5: '钥匙',
  6: '议价',
  7: '状态变更',
};
export const pictureTypeNames: Record<number, string> = {
  1: '室内图',
  2: '户型图',
  3: '小区图',
  4: '外景图',
  5: '其他',
};
/** Protectable key information (InfoProtection rows). */
export const protectionTypeNames: Record<number, string> = {
  1: '业主电话',
  2: '门牌号',
  3: '业主姓名',
  4: '产权证号',
};
/** The de-duplication standard's fields (repeatedFields). */
export const repeatedFieldNames: Record<number, string> = {
  1: '小区',
  2: '楼栋号',
  3: '单元号',
  4: '门牌号',
  5: '业主电话',
};
export const publishingTypeNames: Record<number, string> = { 1: '出售', 2: '出租', 3: '租售' };

/** housingOperate codes: what each sets, and the name used in records and messages. */
export const houseOperations = {
  1: { flag: 'isLock', value: 1, name: '锁盘' },
  2: { flag: 'isLock', value: 0, name: '解锁' },
  3: { flag: 'isSeal', value: 1, name: '封盘' },
  4: { flag: 'isSeal', value: 0, name: '解封' },
  5: { flag: 'isTop', value: 1, name: '置顶' },
  6: { flag: 'isTop', value: 0, name: '取消置顶' },
} as const;
export type HouseOperation = keyof typeof houseOperations;

/** Unit price in 元/㎡ from a sale price in 万元 and an area in ㎡ (rent listings have none). */
export function unitPrice(kind: number, price: number, area: number): number | null {
  if (kind !== HouseKinds.sell || area <= 0) return null;
  return Math.round((price * 10000) / area);
}

/** Building, unit and room numbers compared as people write them: trimmed, half-width, upper case. */
export function normalizeHouseNumber(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '')
    .toUpperCase();
}

export type DuplicateKeyInput = {
  communityId: number | null;
  communityName: string;
  buildingNo: string | null;
  unitNo: string | null;
  roomNo: string | null;
  ownerPhone: string | null;
};

/**
 * The values a listing is compared on under the standard: field number -> normalised value. The
 * community is its id when chosen from the dictionary, else its typed name.
 */
export function duplicateKey(fields: readonly number[], house: DuplicateKeyInput): Record<number, string> {
  const values: Record<number, string> = {
    1: house.communityId ? `#${house.communityId}` : normalizeHouseNumber(house.communityName),
    2: normalizeHouseNumber(house.buildingNo),
    3: normalizeHouseNumber(house.unitNo),
    4: normalizeHouseNumber(house.roomNo),
    5: (house.ownerPhone ?? '').trim(),
  };
  return Object.fromEntries(fields.map((field) => [field, values[field] ?? '']));
}

/** A standard that compares only empty values (e.g. no room number given) cannot find a duplicate. */
export function isComparableKey(key: Record<number, string>): boolean {
  return Object.values(key).every((value) => value !== '');
}

export type HouseEditor = {
  isManager: boolean;
  userId: number;
  /** 编辑房源 (5) held and the listing inside its scope. */
  canEditInScope: boolean;
  holdsEditPrivate: boolean;
  holdsEditOthersPublic: boolean;
};
export type HouseForEdit = { attribution: number; attributorId: number | null; isSeal: number };

export const notOperableMessage = '当前状态不可操作!';

/**
 * Whether the user may change the listing (001 section 6: a private listing only with auth 10 or by
 * its attributor; others' public listings need 编辑他人公盘信息): null when allowed, else the refusal.
 */
export function editRefusal(user: HouseEditor, house: HouseForEdit): string | null {
  if (house.isSeal === 1) return notOperableMessage;
  if (user.isManager) return null;
  const own = house.attributorId === user.userId;
  if (house.attribution === HousePools.private) {
    return own || user.holdsEditPrivate ? null : '这是他人的私盘，只有维护人或有编辑私盘权限的人可以修改';
  }
  if (!user.canEditInScope) return '您没有权限，请联系管理员设置相关权限';
  return own || user.holdsEditOthersPublic || house.attributorId === null
    ? null
    : '这是他人维护的公盘，您没有编辑他人公盘信息的权限';
}

/**
 * When a private listing falls to the public pool (privacyToPublic): `days` after the later of its
 * last follow-up and the time it became private; null when the rule is off or it is public.
 */
export function publicDueAt(
  rule: { days: number; selected: number },
  house: { attribution: number; privateSince: Date; lastFollowUpAt: Date | null },
): Date | null {
  if (rule.selected !== 1 || house.attribution !== HousePools.private) return null;
  const from = Math.max(house.privateSince.getTime(), house.lastFollowUpAt?.getTime() ?? 0);
  return new Date(from + rule.days * 24 * 60 * 60 * 1000);
}

/**
 * Opening a listing needs a follow-up first (code 4001001) when the user has viewed a key field
 * protected by 查看需写跟进 and has written no follow-up on it since.
 */
export function needsFollowUpBeforeOpening(
  lastKeyViewAt: Date | null,
  lastOwnFollowUpAt: Date | null,
): boolean {
  if (!lastKeyViewAt) return false;
  return !lastOwnFollowUpAt || lastOwnFollowUpAt.getTime() < lastKeyViewAt.getTime();
}

export const followUpFirstMessage = '您查看过该房源的关键信息后尚未写跟进，请先写跟进';

/** Floors and prices that contradict each other, named by field (null when consistent). */
export function houseInputProblem(input: {
  floor?: number | null;
  totalFloor?: number | null;
  price: number;
  bottomPrice?: number | null;
  area: number;
  insideArea?: number | null;
  communityId?: number | null;
  communityName?: string | null;
}): string | null {
  if (!input.communityId && !input.communityName?.trim()) return '请选择小区';
  if (input.floor != null && input.totalFloor != null && input.floor > input.totalFloor)
    return '所在楼层不能大于总楼层';
  if (input.bottomPrice != null && input.bottomPrice > input.price) return '底价不能高于挂牌价';
  if (input.insideArea != null && input.insideArea > input.area) return '套内面积不能大于建筑面积';
  return null;
}

/** Masked phone for lists and records: 138****0000. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}

/** The maintainer rule of the team settings (维护人规则, 001 section 3 teamMaintainer). */
export type MaintainerRule = {
  selected: number;
  houseOutState: number;
  followUpDays: number;
  followUpCount: number;
  callDays: number;
  callCount: number;
  houseOutType: number;
};

/**
 * Why a maintainer falls off a private listing, or null: within the last followUpDays days fewer than
 * followUpCount follow-ups, or within the last callDays days fewer than callCount calls to the owner
 * (each view of the owner's phone counts as a call). A period is judged only once the maintainer has
 * held the listing for all of it; a count of 0 switches that half off.
 */
export function maintainerFallReason(
  rule: MaintainerRule,
  held: { days: number; followUps: number; calls: number },
): string | null {
  if (rule.selected !== 1) return null;
  if (rule.followUpCount > 0 && held.days >= rule.followUpDays && held.followUps < rule.followUpCount)
    return `${rule.followUpDays} 天内跟进少于 ${rule.followUpCount} 次`;
  if (rule.callCount > 0 && held.days >= rule.callDays && held.calls < rule.callCount)
    return `${rule.callDays} 天内拨打业主电话少于 ${rule.callCount} 次`;
  return null;
}
