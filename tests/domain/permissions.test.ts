import { describe, expect, it } from 'vitest';
import {
  authRange,
  buildAuthSnapshot,
  canSeeDepartment,
  grantContents,
  grantCount,
  hasAuth,
  noPermissionMessage,
  type AuthSnapshot,
} from '../../domain/permissions';

const grant = (overrides: Partial<Parameters<typeof buildAuthSnapshot>[1][number]>) => ({
  appType: 1,
  itemId: 2,
  authId: 5,
  parentAuthId: null,
  name: '编辑房源',
  range: 2,
  ...overrides,
});

/** 编辑房源 (5) of item 2 under app 1, with its child 10 granted; 26 of item 3 with no range. */
const agent: AuthSnapshot = buildAuthSnapshot(false, [
  grant({}),
  grant({ authId: 10, parentAuthId: 5, name: '编辑私盘', range: null }),
  grant({ itemId: 3, authId: 26, name: '查看房源', range: null, contents: ['1', '2'], count: 3 }),
]);
const manager: AuthSnapshot = buildAuthSnapshot(true, []);

describe('permissions', () => {
  it('refuses with the message the screens and the server show', () => {
    expect(noPermissionMessage).toBe('您没有权限，请联系管理员设置相关权限');
  });

  describe('hasAuth', () => {
    it('a manager holds every permission, granted or not', () => {
      expect(hasAuth(manager, 1, 2, 5)).toBe(true);
      expect(hasAuth(manager, 9, 9, 99, 100)).toBe(true);
    });

    it('anyone else holds only what was granted under that app type and item (an item not granted under a granted app type included)', () => {
      expect(hasAuth(agent, 1, 2, 5)).toBe(true);
      expect(hasAuth(agent, 1, 2, 6)).toBe(false);
      expect(hasAuth(agent, 1, 3, 5)).toBe(false);
      expect(hasAuth(agent, 2, 2, 5)).toBe(false);
      expect(hasAuth(agent, 1, 9, 5)).toBe(false);
    });

    it('a child permission needs the child granted under its parent', () => {
      expect(hasAuth(agent, 1, 2, 5, 10)).toBe(true);
      expect(hasAuth(agent, 1, 2, 5, 11)).toBe(false);
      expect(hasAuth(agent, 1, 2, 6, 10)).toBe(false);
    });
  });

  describe('authRange', () => {
    it('is the granted range, 全公司 when the grant has none, null when not granted', () => {
      expect(authRange(agent, 1, 2, 5)).toBe(2);
      expect(authRange(agent, 1, 3, 26)).toBe(3);
      expect(authRange(agent, 1, 2, 6)).toBeNull();
      expect(authRange(agent, 2, 2, 5)).toBeNull();
      expect(authRange(agent, 1, 9, 5)).toBeNull();
    });

    it('is 全公司 for a manager', () => {
      expect(authRange(manager, 1, 2, 5)).toBe(3);
    });
  });

  it('a management scope sees its own departments, or all of them', () => {
    expect(canSeeDepartment({ allDepts: false, deptIds: [4, 6] }, 6)).toBe(true);
    expect(canSeeDepartment({ allDepts: false, deptIds: [4, 6] }, 5)).toBe(false);
    expect(canSeeDepartment({ allDepts: true, deptIds: [] }, 5)).toBe(true);
  });

  describe('buildAuthSnapshot', () => {
    it('keys grants by app type, item and authId, with their children, contents and count', () => {
      expect(agent).toEqual({
        isManager: false,
        apps: {
          '1': {
            '2': {
              '5': { authId: 5, name: '编辑房源', range: 2, child_auth: [10] },
              '10': { authId: 10, name: '编辑私盘', range: null, child_auth: [] },
            },
            '3': {
              '26': {
                authId: 26,
                name: '查看房源',
                range: null,
                contents: ['1', '2'],
                count: 3,
                child_auth: [],
              },
            },
          },
        },
      });
      expect(manager).toEqual({ isManager: true, apps: {} });
    });

    it('keeps contents as strings, and leaves out empty contents and a missing count', () => {
      const snapshot = buildAuthSnapshot(false, [
        grant({ contents: [1, 6] }),
        grant({ authId: 6, contents: [], count: null }),
        grant({ authId: 7, contents: 'all' }),
      ]);
      const map = snapshot.apps['1']?.['2'];
      expect(map?.['5']?.contents).toEqual(['1', '6']);
      expect(map?.['6']).not.toHaveProperty('contents');
      expect(map?.['6']).not.toHaveProperty('count');
      expect(map?.['7']).not.toHaveProperty('contents');
    });

    it('a count of 0 is kept (a limit of none)', () => {
      const snapshot = buildAuthSnapshot(false, [grant({ count: 0 })]);
      expect(snapshot.apps['1']?.['2']?.['5']?.count).toBe(0);
    });

    it('gives a child to its parent under the same app type and item only, and ignores a child whose parent is not granted', () => {
      const snapshot = buildAuthSnapshot(false, [
        grant({}),
        grant({ itemId: 3, authId: 10, parentAuthId: 5 }),
        grant({ authId: 11, parentAuthId: 9 }),
      ]);
      expect(snapshot.apps['1']?.['2']?.['5']?.child_auth).toEqual([]);
      expect(hasAuth(snapshot, 1, 2, 11)).toBe(true);
    });
  });

  describe('grantContents', () => {
    it('is what the grant chose, null for a manager, an ungranted authId or a grant that chose nothing', () => {
      expect(grantContents(agent, 1, 3, 26)).toEqual(['1', '2']);
      expect(grantContents(agent, 1, 2, 5)).toBeNull();
      expect(grantContents(agent, 1, 3, 27)).toBeNull();
      expect(grantContents(agent, 2, 3, 26)).toBeNull();
      expect(grantContents(agent, 1, 9, 26)).toBeNull();
      expect(grantContents(manager, 1, 3, 26)).toBeNull();
    });

    it('an empty list restricts nothing', () => {
      const snapshot: AuthSnapshot = {
        isManager: false,
        apps: { '1': { '3': { '26': { authId: 26, name: '查看房源', contents: [], child_auth: [] } } } },
      };
      expect(grantContents(snapshot, 1, 3, 26)).toBeNull();
    });

    it('a manager is not restricted even by a grant he holds', () => {
      expect(grantContents({ ...agent, isManager: true }, 1, 3, 26)).toBeNull();
    });
  });

  describe('grantCount', () => {
    it('is the counted grant’s number, null when not limited', () => {
      expect(grantCount(agent, 1, 3, 26)).toBe(3);
      expect(grantCount(agent, 1, 2, 5)).toBeNull();
      expect(grantCount(agent, 1, 3, 27)).toBeNull();
      expect(grantCount(agent, 2, 3, 26)).toBeNull();
      expect(grantCount(agent, 1, 9, 26)).toBeNull();
    });

    it('never limits a manager', () => {
      expect(grantCount({ ...agent, isManager: true }, 1, 3, 26)).toBeNull();
    });
  });
});
