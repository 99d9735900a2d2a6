import { describe, expect, it } from 'vitest';
import { AppTypes, builtinRoles, permissionCatalogue } from '../../domain/permission-catalogue';

const entry = (authId: number) => permissionCatalogue.find((e) => e.authId === authId);

describe('the permission catalogue (000 section 6, 001 section 6)', () => {
  it('lists every grant once, named, under a known app', () => {
    const ids = permissionCatalogue.map((e) => e.authId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(permissionCatalogue.map((e) => e.name)).size).toBe(ids.length);
    const apps: number[] = Object.values(AppTypes);
    for (const e of permissionCatalogue) {
      expect(e.name, String(e.authId)).not.toBe('');
      expect(apps, String(e.authId)).toContain(e.appType);
      if (e.parentAuthId !== undefined) expect(entry(e.parentAuthId)?.appType, e.name).toBe(e.appType);
    }
    expect(AppTypes).toEqual({
      house: 1,
      customer: 2,
      estate: 3,
      contract: 5,
      sign: 6,
      promotion: 21,
      company: 88,
      home: 999,
    });
  });

  it('gives a scope (本人/本部门/...) to viewing and editing listings and customers, viewing contracts and signings only', () => {
    expect(permissionCatalogue.filter((e) => e.hasRange === true).map((e) => e.authId)).toEqual([
      2, 5, 202, 203, 501, 353,
    ]);
  });

  it('counts the public and private caps in listings, the daily views in views and the maintainers in people', () => {
    expect(
      permissionCatalogue
        .filter((e) => e.hasCount === true)
        .map((e) => [e.authId, e.name, e.parentAuthId, e.countUnit])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [15, '公盘上限', 1, '套'],
      [16, '私盘上限', 1, '套'],
      [18, '每日查看上限', 2, '次'],
      [25, '限制维护人数量', 13, '人'],
      [207, '每日查看客户电话上限', 202, '次'],
    ]);
  });

  it('lets a role be limited to chosen sale or rent statuses, for viewing under 查看房源 and for changing under 编辑房源', () => {
    expect(
      permissionCatalogue
        .filter((e) => e.contentKind !== undefined)
        .map((e) => [e.authId, e.name, e.parentAuthId, e.contentKind]),
    ).toEqual([
      [19, '仅可查看所选出售状态', 2, 'sellStates'],
      [20, '仅可修改所选出售状态', 5, 'sellStates'],
      [21, '仅可查看所选出租状态', 2, 'rentStates'],
      [22, '仅可修改所选出租状态', 5, 'rentStates'],
    ]);
  });

  it('nests the finer grants under the grant they refine', () => {
    const children = (parent: number) =>
      permissionCatalogue.filter((e) => e.parentAuthId === parent).map((e) => e.authId);
    expect(children(2)).toEqual([3, 4, 18, 19, 21]);
    expect(children(5)).toEqual([6, 11, 20, 22]);
    expect(children(7)).toEqual([8, 9]);
    expect(children(13)).toEqual([14, 25]);
    expect(children(1)).toEqual([15, 16, 17]);
    expect(children(301)).toEqual([302]);
    expect(children(353)).toEqual([354, 355]);
  });

  it('gives a new company five roles with their default grants and scopes', () => {
    expect(builtinRoles.map((role) => [role.key, role.name, role.range])).toEqual([
      ['store_manager', '店长', 2],
      ['store_supervisor', '店务主管', 2],
      ['broker', '经纪人', 1],
      ['finance', '财务', 3],
      ['certificate_handler', '权证专员', 3],
    ]);
    expect(builtinRoles.map((role) => [...role.grants])).toEqual([
      [
        1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 23, 24, 201, 202, 203, 204, 205, 206, 301, 302, 501, 502,
        503, 504, 351, 352, 353, 354, 356, 358, 2101, 8801, 8805,
      ],
      [1, 2, 3, 5, 6, 12, 13, 201, 202, 203, 205, 206, 301, 501, 502, 503, 352, 353, 358],
      [1, 2, 5, 201, 202, 203, 206, 301, 501, 502, 503, 352, 353, 358],
      [2, 202, 501, 504, 353, 8804, 8805],
      [2, 501, 504, 353, 357],
    ]);
    for (const role of builtinRoles) {
      for (const grant of role.grants) expect(entry(grant), `${role.name} ${grant}`).toBeDefined();
    }
  });
});
