import { describe, expect, it } from 'vitest';
import {
  archiveCreateNames,
  archiveEditNames,
  archiveRefusal,
  collectRoomNames,
  collectSortNames,
  collectSortsFor,
  defaultEstateSetting,
  matchesRoomFilter,
  mustPickCommunityMessage,
  type EstateSetting,
} from '../../domain/estate-rules';

const setting = (overrides: Partial<EstateSetting> = {}): EstateSetting => ({
  archiveCreate: 2,
  archiveEdit: 2,
  mustPickCommunity: 0,
  ...overrides,
});
const manager = { isManager: true, userId: 1, holdsEdit: true };
const holder = { isManager: false, userId: 7, holdsEdit: true };
const ownArchive = { createUserId: 7 };
const othersArchive = { createUserId: 8 };

describe('estate rules', () => {
  it('a new company lets holders of 编辑小区档案 create and change archives, typed communities allowed, no collect limit', () => {
    expect(defaultEstateSetting).toEqual({
      archiveCreate: 2,
      archiveEdit: 2,
      mustPickCommunity: 0,
      collectDailyLimit: null,
    });
    expect(archiveRefusal(defaultEstateSetting, holder, null)).toBeNull();
    expect(archiveRefusal(defaultEstateSetting, holder, othersArchive)).toBeNull();
  });

  it('names the settings as the settings page shows them', () => {
    expect(archiveCreateNames).toEqual({ 1: '仅管理员', 2: '有“编辑小区档案”权限的人员' });
    expect(archiveEditNames).toEqual({
      1: '仅管理员',
      2: '有“编辑小区档案”权限的人员',
      3: '建档人与管理员',
    });
    expect(mustPickCommunityMessage).toBe('公司规定录入房源必须从小区库选择小区');
  });

  describe('建立小区档案', () => {
    it('仅管理员 refuses a holder and lets a manager create', () => {
      expect(archiveRefusal(setting({ archiveCreate: 1 }), holder, null)).toBe(
        '公司规定仅管理员可以建立小区档案',
      );
      expect(archiveRefusal(setting({ archiveCreate: 1 }), manager, null)).toBeNull();
    });

    it('does not judge creating by the edit setting', () => {
      expect(archiveRefusal(setting({ archiveEdit: 1 }), holder, null)).toBeNull();
    });
  });

  describe('修改与删除小区档案', () => {
    it('仅管理员 refuses a holder even on his own archive, not a manager', () => {
      expect(archiveRefusal(setting({ archiveEdit: 1 }), holder, ownArchive)).toBe(
        '公司规定仅管理员可以修改或删除小区档案',
      );
      expect(archiveRefusal(setting({ archiveEdit: 1 }), manager, othersArchive)).toBeNull();
    });

    it('建档人与管理员 lets the creator and a manager change it, refuses another holder', () => {
      expect(archiveRefusal(setting({ archiveEdit: 3 }), holder, ownArchive)).toBeNull();
      expect(archiveRefusal(setting({ archiveEdit: 3 }), manager, othersArchive)).toBeNull();
      expect(archiveRefusal(setting({ archiveEdit: 3 }), holder, othersArchive)).toBe(
        '公司规定仅建档人与管理员可以修改或删除该小区档案',
      );
      expect(archiveRefusal(setting({ archiveEdit: 3 }), holder, { createUserId: null })).toBe(
        '公司规定仅建档人与管理员可以修改或删除该小区档案',
      );
    });

    it('does not judge changing by the create setting', () => {
      expect(archiveRefusal(setting({ archiveCreate: 1 }), holder, othersArchive)).toBeNull();
    });
  });

  describe('云采集', () => {
    it('offers unit-price sorts for sale listings and rent sorts for rent listings', () => {
      expect(collectSortsFor(1)).toEqual([0, 1, 2, 3, 4, 7, 8]);
      expect(collectSortsFor(2)).toEqual([0, 5, 6, 7, 8]);
      expect(collectSortsFor(1).map((sort) => collectSortNames[sort])).toEqual([
        '默认排序',
        '总价从低到高',
        '总价从高到低',
        '单价从低到高',
        '单价从高到低',
        '面积从小到大',
        '面积从大到小',
      ]);
      expect(collectSortsFor(2).map((sort) => collectSortNames[sort])).toEqual([
        '默认排序',
        '租金从低到高',
        '租金从高到低',
        '面积从小到大',
        '面积从大到小',
      ]);
    });

    it('room filter 4 is exactly four rooms, 5 is four or more', () => {
      expect(collectRoomNames[4]).toBe('四室');
      expect(collectRoomNames[5]).toBe('四室及以上');
      expect(Object.values(collectRoomNames)).toEqual(['一室', '二室', '三室', '四室', '四室及以上']);
      expect(matchesRoomFilter(4, 4)).toBe(true);
      expect(matchesRoomFilter(4, 5)).toBe(false);
      expect(matchesRoomFilter(5, 4)).toBe(true);
      expect(matchesRoomFilter(5, 6)).toBe(true);
      expect(matchesRoomFilter(5, 3)).toBe(false);
      expect(matchesRoomFilter(2, 2)).toBe(true);
      expect(matchesRoomFilter(2, 3)).toBe(false);
    });
  });
});
