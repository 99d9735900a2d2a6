import { describe, expect, it } from 'vitest';
import {
  customStateLabels,
  duplicateKey,
  editRefusal,
  followUpCategoryNames,
  followUpFirstMessage,
  houseInputProblem,
  HouseKinds,
  houseKindNames,
  houseOperations,
  HousePools,
  housePoolNames,
  houseStateName,
  houseStateValues,
  isComparableKey,
  isRemovableTeamRole,
  maintainerFallReason,
  maskPhone,
  needsFollowUpBeforeOpening,
  normalizeHouseNumber,
  notOperableMessage,
  pictureTypeNames,
  propertyNames,
  protectionTypeNames,
  publicDueAt,
  publishingTypeNames,
  renovationNames,
  repeatedFieldNames,
  singleHolderTeamRoles,
  TeamRoles,
  teamRoleNames,
  towardNames,
  unitPrice,
  type DuplicateKeyInput,
  type HouseEditor,
  type HouseForEdit,
  type MaintainerRule,
} from '../../domain/house-rules';

const rule: MaintainerRule = {
  selected: 1,
  houseOutState: 1,
  followUpDays: 15,
  followUpCount: 2,
  callDays: 7,
  callCount: 1,
  houseOutType: 1,
};

describe('the maintainer rule (维护人规则)', () => {
  it('judges nothing while it is off', () => {
    expect(maintainerFallReason({ ...rule, selected: 0 }, { days: 99, followUps: 0, calls: 0 })).toBeNull();
  });

  it('judges a period only once the maintainer has held the listing for all of it', () => {
    expect(maintainerFallReason(rule, { days: 6, followUps: 0, calls: 0 })).toBeNull();
    expect(maintainerFallReason(rule, { days: 7, followUps: 0, calls: 0 })).toBe(
      '7 天内拨打业主电话少于 1 次',
    );
    expect(maintainerFallReason(rule, { days: 15, followUps: 1, calls: 3 })).toBe('15 天内跟进少于 2 次');
  });

  it('keeps a maintainer who followed up and called enough, and a count of 0 switches its half off', () => {
    expect(maintainerFallReason(rule, { days: 30, followUps: 2, calls: 1 })).toBeNull();
    expect(maintainerFallReason({ ...rule, callCount: 0 }, { days: 30, followUps: 2, calls: 0 })).toBeNull();
    expect(
      maintainerFallReason({ ...rule, followUpCount: 0 }, { days: 30, followUps: 0, calls: 1 }),
    ).toBeNull();
  });
});

describe('listing names', () => {
  it('names the fixed states by kind, and the custom states A-D by the company’s names', () => {
    expect([1, 2, 3, 4, 5].map((state) => houseStateName(state, HouseKinds.sell))).toEqual([
      '有效',
      '暂缓',
      '我售',
      '他售',
      '无效',
    ]);
    expect([3, 4].map((state) => houseStateName(state, HouseKinds.rent))).toEqual(['我租', '他租']);
    const custom = [
      { stateName: '待核实', stateLable: 'B' },
      { stateName: '已签约', stateLable: 'D' },
    ];
    expect([6, 7, 8, 9].map((state) => houseStateName(state, HouseKinds.sell, custom))).toEqual([
      'A',
      '待核实',
      'C',
      '已签约',
    ]);
    expect(houseStateName(6, HouseKinds.sell)).toBe('A');
    expect(houseStateName(10, HouseKinds.sell)).toBe('未知');
    expect(houseStateName(0, HouseKinds.sell)).toBe('未知');
    expect(customStateLabels).toEqual(['A', 'B', 'C', 'D']);
    expect(houseStateValues).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('names kinds, pools and the coded fields as the screens show them', () => {
    expect(HouseKinds).toEqual({ sell: 1, rent: 2 });
    expect(HousePools).toEqual({ public: 1, private: 2 });
    expect(houseKindNames).toEqual({ 1: '出售', 2: '出租' });
    expect(housePoolNames).toEqual({ 1: '公盘', 2: '私盘' });
    expect(Object.values(towardNames)).toEqual([
      '东',
      '南',
      '西',
      '北',
      '东南',
      '东北',
      '西南',
      '西北',
      '南北',
      '东西',
    ]);
    expect(Object.values(renovationNames)).toEqual(['毛坯', '简装', '中装', '精装', '豪装']);
    expect(Object.values(propertyNames)).toEqual([
      '住宅',
      '别墅',
      '商住',
      '商铺',
      '写字楼',
      '厂房仓库',
      '车位',
      '其他',
    ]);
    expect(Object.values(followUpCategoryNames)).toEqual([
      '普通跟进',
      '电话跟进',
      '实勘',
      '带看',
      '钥匙',
      '议价',
      '状态变更',
    ]);
    expect(Object.values(pictureTypeNames)).toEqual(['室内图', '户型图', '小区图', '外景图', '其他']);
    expect(protectionTypeNames).toEqual({ 1: '业主电话', 2: '门牌号', 3: '业主姓名', 4: '产权证号' });
    expect(repeatedFieldNames).toEqual({ 1: '小区', 2: '楼栋号', 3: '单元号', 4: '门牌号', 5: '业主电话' });
    expect(publishingTypeNames).toEqual({ 1: '出售', 2: '出租', 3: '租售' });
  });

  it('names each housingOperate code and the flag it sets', () => {
    expect(houseOperations).toEqual({
      1: { flag: 'isLock', value: 1, name: '锁盘' },
      2: { flag: 'isLock', value: 0, name: '解锁' },
      3: { flag: 'isSeal', value: 1, name: '封盘' },
      4: { flag: 'isSeal', value: 0, name: '解封' },
      5: { flag: 'isTop', value: 1, name: '置顶' },
      6: { flag: 'isTop', value: 0, name: '取消置顶' },
    });
  });
});

describe('the listing team', () => {
  it('names the roles; entry person, surveyor and deal person cannot be removed', () => {
    expect(Object.entries(TeamRoles).map(([, role]) => teamRoleNames[role])).toEqual([
      '录入人',
      '维护人',
      '委托人',
      '钥匙人',
      '实勘人',
      '独家人',
      '成交人',
    ]);
    expect(TeamRoles).toEqual({
      entry: 1,
      maintainer: 2,
      client: 3,
      key: 4,
      surveyor: 5,
      soleAgent: 6,
      deal: 7,
    });
    expect([1, 2, 3, 4, 5, 6, 7].filter(isRemovableTeamRole)).toEqual([2, 3, 4, 6]);
  });

  it('the maintainer and the exclusive agent are one person at a time', () => {
    expect(singleHolderTeamRoles).toEqual([TeamRoles.maintainer, TeamRoles.soleAgent]);
  });
});

describe('the unit price', () => {
  it('is the sale price in 万元 per ㎡ of area, in 元, rounded', () => {
    expect(unitPrice(HouseKinds.sell, 300, 89)).toBe(33708);
    expect(unitPrice(HouseKinds.sell, 100, 100)).toBe(10000);
  });

  it('does not exist for a rent listing or an area of 0 or less', () => {
    expect(unitPrice(HouseKinds.rent, 3000, 89)).toBeNull();
    expect(unitPrice(HouseKinds.sell, 300, 0)).toBeNull();
    expect(unitPrice(HouseKinds.sell, 300, -5)).toBeNull();
  });
});

describe('the duplicate key', () => {
  it('compares house numbers trimmed, half-width and in upper case', () => {
    expect(normalizeHouseNumber(' １２ 栋 a ')).toBe('12栋A');
    expect(normalizeHouseNumber('Ａ座－３０１')).toBe('A座-301');
    expect(normalizeHouseNumber(null)).toBe('');
    expect(normalizeHouseNumber(undefined)).toBe('');
  });

  const house: DuplicateKeyInput = {
    communityId: 12,
    communityName: '阳光花园',
    buildingNo: '３栋',
    unitNo: ' 2 单元',
    roomNo: '301a',
    ownerPhone: ' 13800000000 ',
  };

  it('takes the fields of the standard, the community by id when chosen from the dictionary', () => {
    expect(duplicateKey([1, 2, 3, 4, 5], house)).toEqual({
      1: '#12',
      2: '3栋',
      3: '2单元',
      4: '301A',
      5: '13800000000',
    });
    expect(duplicateKey([1, 4], { ...house, communityId: null, communityName: ' 阳光 花园 ' })).toEqual({
      1: '阳光花园',
      4: '301A',
    });
    expect(duplicateKey([5, 9], { ...house, ownerPhone: null })).toEqual({ 5: '', 9: '' });
  });

  it('cannot find a duplicate on an empty value', () => {
    expect(isComparableKey({ 1: '#12', 4: '301A' })).toBe(true);
    expect(isComparableKey({ 1: '#12', 4: '' })).toBe(false);
    expect(isComparableKey({})).toBe(true);
  });
});

describe('who may edit a listing', () => {
  const agent: HouseEditor = {
    isManager: false,
    userId: 7,
    canEditInScope: true,
    holdsEditPrivate: false,
    holdsEditOthersPublic: false,
  };
  const privateOf = (attributorId: number | null): HouseForEdit => ({
    attribution: HousePools.private,
    attributorId,
    isSeal: 0,
  });
  const publicOf = (attributorId: number | null): HouseForEdit => ({
    attribution: HousePools.public,
    attributorId,
    isSeal: 0,
  });

  it('nobody, a manager included, changes a sealed listing', () => {
    expect(editRefusal({ ...agent, isManager: true }, { ...publicOf(7), isSeal: 1 })).toBe(
      '当前状态不可操作!',
    );
    expect(notOperableMessage).toBe('当前状态不可操作!');
  });

  it('a manager changes any listing that is not sealed', () => {
    const manager = { ...agent, isManager: true, canEditInScope: false };
    expect(editRefusal(manager, privateOf(8))).toBeNull();
    expect(editRefusal(manager, publicOf(8))).toBeNull();
  });

  it('a private listing is for its maintainer and holders of 编辑私盘', () => {
    expect(editRefusal(agent, privateOf(7))).toBeNull();
    expect(editRefusal({ ...agent, holdsEditPrivate: true }, privateOf(8))).toBeNull();
    expect(editRefusal(agent, privateOf(8))).toBe('这是他人的私盘，只有维护人或有编辑私盘权限的人可以修改');
    expect(editRefusal({ ...agent, canEditInScope: false }, privateOf(7))).toBeNull();
  });

  it('a public listing needs 编辑房源 in scope, and another’s needs 编辑他人公盘信息', () => {
    expect(editRefusal({ ...agent, canEditInScope: false }, publicOf(7))).toBe(
      '您没有权限，请联系管理员设置相关权限',
    );
    expect(editRefusal(agent, publicOf(7))).toBeNull();
    expect(editRefusal(agent, publicOf(null))).toBeNull();
    expect(editRefusal({ ...agent, holdsEditOthersPublic: true }, publicOf(8))).toBeNull();
    expect(editRefusal(agent, publicOf(8))).toBe('这是他人维护的公盘，您没有编辑他人公盘信息的权限');
  });
});

describe('a private listing falling to the public pool', () => {
  const day = 24 * 60 * 60 * 1000;
  const since = new Date('2026-11-01T00:00:00Z');
  const rule = { days: 10, selected: 1 };
  const house = { attribution: HousePools.private, privateSince: since, lastFollowUpAt: null };

  it('is due the rule’s days after the later of becoming private and the last follow-up', () => {
    expect(publicDueAt(rule, house)).toEqual(new Date(since.getTime() + 10 * day));
    const followed = new Date(since.getTime() + 3 * day);
    expect(publicDueAt(rule, { ...house, lastFollowUpAt: followed })).toEqual(
      new Date(since.getTime() + 13 * day),
    );
    const before = new Date(since.getTime() - 3 * day);
    expect(publicDueAt(rule, { ...house, lastFollowUpAt: before })).toEqual(
      new Date(since.getTime() + 10 * day),
    );
  });

  it('is never due while the rule is off or for a public listing', () => {
    expect(publicDueAt({ ...rule, selected: 0 }, house)).toBeNull();
    expect(publicDueAt(rule, { ...house, attribution: HousePools.public })).toBeNull();
  });
});

describe('opening a listing after viewing its key information', () => {
  const viewed = new Date('2026-11-10T08:00:00Z');

  it('needs a follow-up written since the last view', () => {
    expect(needsFollowUpBeforeOpening(viewed, null)).toBe(true);
    expect(needsFollowUpBeforeOpening(viewed, new Date('2026-11-10T07:59:59Z'))).toBe(true);
    expect(needsFollowUpBeforeOpening(viewed, viewed)).toBe(false);
    expect(needsFollowUpBeforeOpening(viewed, new Date('2026-11-10T09:00:00Z'))).toBe(false);
    expect(followUpFirstMessage).toBe('您查看过该房源的关键信息后尚未写跟进，请先写跟进');
  });

  it('needs nothing without a view', () => {
    expect(needsFollowUpBeforeOpening(null, null)).toBe(false);
  });
});

describe('contradicting listing input', () => {
  const input = { price: 300, area: 89, communityId: 12 };

  it('needs a community, chosen or typed', () => {
    expect(houseInputProblem({ ...input, communityId: null })).toBe('请选择小区');
    expect(houseInputProblem({ ...input, communityId: null, communityName: '  ' })).toBe('请选择小区');
    expect(houseInputProblem({ ...input, communityId: null, communityName: '阳光花园' })).toBeNull();
    expect(houseInputProblem(input)).toBeNull();
  });

  it('refuses a floor above the total, a bottom price above the price, an inside area above the area', () => {
    expect(houseInputProblem({ ...input, floor: 19, totalFloor: 18 })).toBe('所在楼层不能大于总楼层');
    expect(houseInputProblem({ ...input, floor: 18, totalFloor: 18 })).toBeNull();
    expect(houseInputProblem({ ...input, floor: 19 })).toBeNull();
    expect(houseInputProblem({ ...input, totalFloor: 0, floor: null })).toBeNull();
    expect(houseInputProblem({ ...input, bottomPrice: 301 })).toBe('底价不能高于挂牌价');
    expect(houseInputProblem({ ...input, bottomPrice: 300 })).toBeNull();
    expect(houseInputProblem({ ...input, insideArea: 90 })).toBe('套内面积不能大于建筑面积');
    expect(houseInputProblem({ ...input, insideArea: 89 })).toBeNull();
  });

  it('compares a floor only with a total floor that was given (an empty one is null)', () => {
    expect(houseInputProblem({ ...input, floor: 19, totalFloor: null })).toBeNull();
    expect(houseInputProblem({ ...input, floor: null, totalFloor: null })).toBeNull();
  });
});

describe('a masked phone', () => {
  it('shows the first three and the last four digits of a mobile number, nothing of another', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('0571-8888888')).toBe('****');
    expect(maskPhone('')).toBeNull();
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone(undefined)).toBeNull();
  });
});
