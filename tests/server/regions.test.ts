import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type City = { cityid: number; name: string; provinceid: number };

describe('regions from the national division codes', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await login(t.app, '13800000000');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every province with its two-digit code', async () => {
    const result = await call(t.app, 'GET', '/base/getProvince', { headers });
    expect(result.code).toBe(200);
    const provinces = result.data as { provinceid: number; name: string }[];
    expect(provinces).toContainEqual({ provinceid: 44, name: '广东省' });
    expect(provinces).toContainEqual({ provinceid: 11, name: '北京市' });
    expect(provinces.length).toBeGreaterThanOrEqual(31);
  });

  it('lists the cities of a province, and shows a municipality under its own name instead of 市辖区', async () => {
    const guangdong = await call(t.app, 'GET', '/base/getCity', { headers, query: { provinceid: '44' } });
    expect(guangdong.data as City[]).toContainEqual({ cityid: 4403, name: '深圳市', provinceid: 44 });
    expect((guangdong.data as City[]).every((city) => city.provinceid === 44)).toBe(true);
    const beijing = await call(t.app, 'GET', '/base/getCity', { headers, query: { provinceid: '11' } });
    expect(beijing.data).toEqual([{ cityid: 1101, name: '北京市', provinceid: 11 }]);
  });

  it('lists the districts of a city as distractId and distractName', async () => {
    const result = await call(t.app, 'GET', '/base/getDistractList', { headers, query: { cityid: '4403' } });
    expect(result.data).toContainEqual({ distractId: 440305, distractName: '南山区', cityid: 4403 });
    const beijing = await call(t.app, 'GET', '/base/getDistractList', {
      headers,
      query: { cityid: '1101', type: '2' },
    });
    const districts = beijing.data as { distractName: string; regions: unknown[] }[];
    expect(districts.map((district) => district.distractName)).toContain('朝阳区');
    expect(districts.every((district) => Array.isArray(district.regions))).toBe(true);
  });

  it('refuses a malformed province code with a message naming the field', async () => {
    const result = await call(t.app, 'GET', '/base/getCity', { headers, query: { provinceid: 'abc' } });
    expect(result.code).toBe(405);
    expect(result.message).toContain('省份编号');
  });

  it('answers 400 without a session', async () => {
    expect((await call(t.app, 'GET', '/base/getProvince')).code).toBe(400);
  });

  it('lists only the company’s opened cities with type 2, and another company does not see them', async () => {
    const saved = await call(t.app, 'POST', '/org/v2/openCitySave', {
      headers,
      body: { cityIds: [4403, 4401], defaultCityId: 4403 },
    });
    expect(saved.code).toBe(200);
    const opened = await call(t.app, 'GET', '/base/getCity', {
      headers,
      query: { provinceid: '44', type: '2' },
    });
    expect((opened.data as City[]).map((city) => city.cityid).sort()).toEqual([4401, 4403]);
    const list = await call(t.app, 'GET', '/org/v2/openCityList', { headers });
    expect(list.data).toContainEqual({
      cityid: 4403,
      name: '深圳市',
      provinceid: 44,
      provinceName: '广东省',
      isDefault: 1,
    });

    const other = await login(t.app, '13900000000');
    const foreign = await call(t.app, 'GET', '/base/getCity', {
      headers: other,
      query: { provinceid: '44', type: '2' },
    });
    expect(foreign.data).toEqual([]);
  });

  it('groups all cities by pinyin initial and marks the opened ones', async () => {
    const result = await call(t.app, 'GET', '/org/v2/moreCityList', { headers, query: { key: '深' } });
    const groups = result.data as { letter: string; cities: (City & { opened: number })[] }[];
    expect(groups).toEqual([
      { letter: 'S', cities: [{ cityid: 4403, name: '深圳市', provinceid: 44, opened: 1 }] },
    ]);
    const all = await call(t.app, 'GET', '/org/v2/moreCityList', { headers });
    const letters = (all.data as { letter: string; cities: City[] }[]).map((group) => group.letter);
    expect(letters).toEqual([...letters].sort());
    const c = (all.data as { letter: string; cities: City[] }[]).find((group) => group.letter === 'C');
    expect(c?.cities.map((city) => city.name)).toEqual(
      expect.arrayContaining(['重庆市', '长沙市', '成都市']),
    );
  });

  it('refuses to save open cities for a non-manager and a default city outside the list', async () => {
    const broker = await login(t.app, '13800000003');
    const refused = await call(t.app, 'POST', '/org/v2/openCitySave', {
      headers: broker,
      body: { cityIds: [4403], defaultCityId: 4403 },
    });
    expect(refused).toMatchObject({ code: 403, message: '您没有权限，请联系管理员设置相关权限' });
    const wrong = await call(t.app, 'POST', '/org/v2/openCitySave', {
      headers,
      body: { cityIds: [4403], defaultCityId: 4401 },
    });
    expect(wrong).toMatchObject({ code: 405, message: '默认城市须在开通城市中' });
  });
});
