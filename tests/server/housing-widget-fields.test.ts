import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { houses } from '../../server/db/schema-house';

type Field = {
  fieldTitle: string;
  fieldName: string;
  type: number;
  requiredStatus: number;
  numUnit?: string;
};

describe('listing widget fields: defined on 房源基础设置, asked on entry, checked by the server', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let otherManager: Record<string, string>;
  let community: { communityId: number };

  const listing = (overrides: Record<string, unknown> = {}) => ({
    type: 1,
    attribution: 2,
    communityId: community.communityId,
    buildingNo: '3栋',
    unitNo: '1单元',
    roomNo: '601',
    room: 2,
    hall: 1,
    bath: 1,
    area: 76,
    floor: 6,
    totalFloor: 18,
    price: 420,
    ownerName: '周海燕',
    ownerPhone: '13922223333',
    ...overrides,
  });
  const fieldsOf = async (headers: Record<string, string>) =>
    (
      (await call(t.app, 'GET', '/housing/v2/getHousingCustomizeSettings', { headers })).data as {
        fieldsList: Field[];
      }
    ).fieldsList;
  const houseCount = async () => (await t.database.db.select({ n: count() }).from(houses))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    otherManager = await login(t.app, '13900000000');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    community = { communityId: (search.data as { communityId: number }[])[0]!.communityId };
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo office has its own fields, and its demo listings show their values', async () => {
    const fields = await fieldsOf(broker);
    expect(fields.map((f) => f.fieldTitle)).toEqual(['看房方式', '税费承担']);
    const [demo] = await t.database.db.select().from(houses).limit(1);
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: manager,
      query: { houseId: String(demo!.id) },
    });
    const values = (detail.data as { requestData: { fieldsList: Record<string, unknown> } }).requestData
      .fieldsList;
    expect(['提前预约', '随时可看', '有钥匙', '下班后可看']).toContain(values['fieldsList_1']);
  });

  it('only a manager with 基础设置 defines fields; a broker is refused and nothing changes', async () => {
    const refused = await call(t.app, 'POST', '/housing/v2/housingCustomizeSettings', {
      headers: broker,
      body: { fieldsList: [{ fieldTitle: '车位情况', type: 1 }] },
    });
    expect(refused.code).toBe(403);
    expect(refused.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await fieldsOf(manager)).map((f) => f.fieldTitle)).toEqual(['看房方式', '税费承担']);

    const duplicate = await call(t.app, 'POST', '/housing/v2/housingCustomizeSettings', {
      headers: manager,
      body: {
        fieldsList: [
          { fieldTitle: '车位', type: 1 },
          { fieldTitle: '车位', type: 2 },
        ],
      },
    });
    expect(duplicate.code).toBe(405);
    expect(duplicate.message).toBe('字段名称「车位」重复');

    const kept = (await fieldsOf(manager)).map(({ fieldTitle, fieldName, type }) => ({
      fieldTitle,
      fieldName,
      type,
    }));
    const saved = await call(t.app, 'POST', '/housing/v2/housingCustomizeSettings', {
      headers: manager,
      body: {
        fieldsList: [
          ...kept.map((f) => ({
            ...f,
            optionsData:
              f.fieldTitle === '看房方式'
                ? ['提前预约', '随时可看', '有钥匙', '下班后可看']
                : ['各付各税', '买方承担', '卖方承担'],
          })),
          { fieldTitle: '车位情况', type: 1, requiredStatus: 1, placeholder: '如 地下一层产权车位' },
          { fieldTitle: '物业费', type: 7, numUnit: '元/㎡·月' },
        ],
      },
    });
    expect(saved.code).toBe(200);
    const fields = await fieldsOf(broker);
    expect(fields.map((f) => [f.fieldTitle, f.fieldName, f.requiredStatus])).toEqual([
      ['看房方式', 'fieldsList_1', 0],
      ['税费承担', 'fieldsList_2', 0],
      ['车位情况', 'fieldsList_3', 1],
      ['物业费', 'fieldsList_4', 0],
    ]);
  });

  it('entering without a required field is refused naming it, and nothing is written', async () => {
    const before = await houseCount();
    const missing = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ fieldsList: { fieldsList_1: '有钥匙', fieldsList_3: '  ' } }),
    });
    expect(missing.code).toBe(405);
    expect(missing.message).toBe('请输入车位情况');
    const badNumber = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ fieldsList: { fieldsList_3: '无车位', fieldsList_4: '两块' } }),
    });
    expect(badNumber.code).toBe(405);
    expect(badNumber.message).toBe('物业费请输入数字');
    const badOption = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ fieldsList: { fieldsList_1: '翻墙进去', fieldsList_3: '无车位' } }),
    });
    expect(badOption.code).toBe(405);
    expect(badOption.message).toBe('看房方式的选项无效');
    expect(await houseCount()).toBe(before);
  });

  it('entering with it stores the checked values, the detail returns them and an edit must keep it', async () => {
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({
        fieldsList: {
          fieldsList_1: '有钥匙',
          fieldsList_3: ' 地下产权车位 ',
          fieldsList_4: '2.456',
          stray: 'x',
        },
      }),
    });
    expect(added.code).toBe(200);
    const houseId = (added.data as { houseId: number }).houseId;
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect((detail.data as { requestData: { fieldsList: unknown } }).requestData.fieldsList).toEqual({
      fieldsList_1: '有钥匙',
      fieldsList_2: null,
      fieldsList_3: '地下产权车位',
      fieldsList_4: 2.46,
    });
    const edit = await call(t.app, 'POST', '/housing/v2/housingEdit', {
      headers: broker,
      body: { ...listing({ price: 430, fieldsList: { fieldsList_1: '有钥匙' } }), houseId },
    });
    expect(edit.code).toBe(405);
    expect(edit.message).toBe('请输入车位情况');
    const [row] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    expect(row?.price).toBe(420);
    expect(row?.fieldsList['fieldsList_3']).toBe('地下产权车位');
  });

  it('saving the other house settings keeps the fields', async () => {
    const setting = await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager });
    expect(setting.data).not.toHaveProperty('widgetFields');
    const saved = await call(t.app, 'POST', '/housing/v2/housingSetting', {
      headers: manager,
      body: setting.data,
    });
    expect(saved.code).toBe(200);
    expect((await fieldsOf(manager)).map((f) => f.fieldTitle)).toContain('车位情况');
  });

  it('another company neither sees these fields nor has to fill them', async () => {
    const theirs = await fieldsOf(otherManager);
    expect(theirs.map((f) => f.fieldTitle)).not.toContain('车位情况');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...otherManager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=3101&keyword=',
    });
    const first = (search.data as { communityId: number }[])[0];
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: otherManager,
      body: listing({ communityId: first?.communityId, communityName: '测试小区', roomNo: '902' }),
    });
    expect(added.code).toBe(200);
  });
});
