import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { signTemplates } from '../../server/db/schema-sign';
import { builtinTemplates } from '../../server/areas/template/builtin-templates';
import { refreshBuiltinTemplates } from '../../server/areas/template/seed-templates';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Item = {
  boxId: number;
  boxName: string;
  type: number;
  groupId: number;
  groupName: string;
  state: number;
};
type Group = { groupId: number; groupName: string; isSystem: number; templateCount: number };

describe('contract templates', () => {
  let t: TestApp;
  let manager: Headers;
  let broker: Headers;
  let managerB: Headers;
  let sale: Item;
  let rent: Item;

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    managerB = await login(t.app, '13900000000');
    const list = (await get('/template/templateManagementPosts', manager)).data as Item[];
    sale = list.find((x) => x.type === 1)!;
    rent = list.find((x) => x.type === 2)!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('ships the sale and rent templates in 常用模板 with their widget fields and required standard fields', async () => {
    expect(sale).toMatchObject({ boxName: '二手房买卖合同', groupName: '常用模板', state: 1 });
    expect(rent).toMatchObject({ boxName: '房屋租赁合同', groupName: '常用模板', state: 1 });
    const fields = (await get('/template/templateFieldList', broker, { boxId: String(sale.boxId) })).data as {
      fieldName: string;
      fieldTitle: string;
      requiredStatus: number;
    }[];
    expect(fields[0]).toMatchObject({
      fieldName: 'fieldsList_1',
      fieldTitle: '房屋产权年限',
      requiredStatus: 1,
    });
    const signing = (await get('/sign/signingField', broker, { boxId: String(rent.boxId) })).data as {
      requireFlags: Record<string, number>;
    };
    expect(signing.requireFlags).toMatchObject({
      'rental.monthlyRent': 1,
      'transaction.startDate': 1,
      'bankinfo.bankName': 0,
      'furniture.items': 0,
    });
    const groups = (await get('/template/templateGroupPosts', broker)).data as Group[];
    expect(groups.map((g) => g.groupName)).toEqual(['常用模板', '其他模板']);
  });

  it('requires 模板管理 (356) to manage templates', async () => {
    expect((await get('/template/templateManagementPosts', broker)).code).toBe(403);
    expect((await post('/template/templateUpAndDown', broker, { boxId: sale.boxId, state: 2 })).code).toBe(
      403,
    );
    expect((await post('/template/templateGroupAdd', broker, { groupName: '门店模板' })).code).toBe(403);
  });

  it('saves template settings and refuses them without an initiation type (请选择签约方式)', async () => {
    const empty = await post('/template/templateSettings', manager, {
      boxId: sale.boxId,
      signingInitiateType: [],
    });
    expect(empty).toMatchObject({ code: 405, message: '请选择签约方式' });
    const saved = await post('/template/templateSettings', manager, {
      boxId: sale.boxId,
      signingInitiateType: [2, 1],
      mobileShowStyle: 2,
      contractNumber: { prefix: 'MM', date: 2, numberStyle: 2 },
    });
    expect(saved.code, saved.message).toBe(200);
    const settings = (await get('/template/getTemplateSettings', manager, { boxId: String(sale.boxId) }))
      .data;
    expect(settings).toMatchObject({
      signingInitiateType: [1, 2],
      mobileShowStyle: 2,
      contractNumber: { prefix: 'MM', date: 2, numberStyle: 2, sample: 'MM20261100001' },
      oaSetting: { oaState: 0 },
      rangeSetting: { dept: [], role: [] },
    });
  });

  it('edits widget fields, require flags and the list card titles', async () => {
    const current = (
      await get('/template/getTemplateCustomizeSettings', manager, { boxId: String(rent.boxId) })
    ).data as {
      fieldsList: { fieldName: string; fieldTitle: string; type: number; optionsData: string[] }[];
    };
    const kept = current.fieldsList.slice(0, 2).map(({ fieldName, fieldTitle, type, optionsData }) => ({
      fieldName,
      fieldTitle,
      type,
      ...(optionsData.length ? { optionsData } : {}),
    }));
    const saved = await post('/template/templateCustomizeSettings', manager, {
      boxId: rent.boxId,
      fieldsList: [
        ...kept,
        { fieldTitle: '宠物约定', type: 4, optionsData: ['允许', '不允许'], requiredStatus: 1 },
      ],
      requireFlags: { 'bankinfo.bankName': 1 },
    });
    expect(saved.code, saved.message).toBe(200);
    const after = (
      await get('/template/getTemplateCustomizeSettings', manager, { boxId: String(rent.boxId) })
    ).data as {
      fieldsList: { fieldName: string; fieldTitle: string }[];
      requireFlags: Record<string, number>;
    };
    expect(after.fieldsList.map((f) => f.fieldTitle)).toEqual(['租赁用途', '水电燃气底数', '宠物约定']);
    expect(after.fieldsList[2]!.fieldName).toBe('fieldsList_5');
    expect(after.requireFlags['bankinfo.bankName']).toBe(1);
    const badFlag = await post('/template/templateCustomizeSettings', manager, {
      boxId: rent.boxId,
      fieldsList: kept,
      requireFlags: { 'property.nothing': 1 },
    });
    expect(badFlag.code).toBe(405);
    const duplicate = await post('/template/templateCustomizeSettings', manager, {
      boxId: rent.boxId,
      fieldsList: [...kept, { fieldTitle: '租赁用途', type: 1 }],
    });
    expect(duplicate.code).toBe(405);
    expect(
      (
        await post('/template/templateOtherSettings', manager, {
          boxId: rent.boxId,
          mainTitle: 'fieldsList_5',
          subTitle: 'partyB.name',
          role: 0,
        })
      ).code,
    ).toBe(200);
    expect(
      (await get('/template/getTemplateOtherSettings', manager, { boxId: String(rent.boxId) })).data,
    ).toMatchObject({ mainTitle: 'fieldsList_5', role: 0, user: 1 });
    expect(
      (await post('/template/templateOtherSettings', manager, { boxId: rent.boxId, mainTitle: 'nope' })).code,
    ).toBe(405);
  });

  it('writes in a built-in template’s text only the widget fields it still has as shipped', async () => {
    // The rent template kept 租赁用途 and 水电燃气底数 and dropped 可居住人数 and 钥匙交接 (above).
    const { html } = (await get('/sign/signingPreviewContent', broker, { boxId: String(rent.boxId) }))
      .data as {
      html: string;
    };
    expect(html).toContain('乙方租赁该房屋用于<span data-field="fieldsList_1" class="blank">____</span>');
    expect(html).toContain('水、电、燃气表底数：<span data-field="fieldsList_2" class="blank">____</span>');
    expect(html).not.toContain('可居住人数');
    expect(html).not.toContain('钥匙交接');
    // 宠物约定, added by the company, has no shipped sentence: it gets its own under 其他约定.
    expect(html).toMatch(
      /其他约定：[^]*<p>宠物约定：<span data-field="fieldsList_5" class="blank">____<\/span><\/p>\n<h2>第六条 收款账户<\/h2>/,
    );
    // 房屋产权年限 renamed to 车位编号 no longer reads as the land-use term.
    const current = (
      await get('/template/getTemplateCustomizeSettings', manager, { boxId: String(sale.boxId) })
    ).data as {
      fieldsList: { fieldName: string; fieldTitle: string; type: number; optionsData: string[] }[];
    };
    const renamed = current.fieldsList.map(({ fieldName, fieldTitle, type, optionsData }) => ({
      fieldName,
      fieldTitle: fieldName === 'fieldsList_1' ? '车位编号' : fieldTitle,
      type: fieldName === 'fieldsList_1' ? 1 : type,
      ...(optionsData.length && fieldName !== 'fieldsList_1' ? { optionsData } : {}),
    }));
    const saved = await post('/template/templateCustomizeSettings', manager, {
      boxId: sale.boxId,
      fieldsList: renamed,
    });
    expect(saved.code, saved.message).toBe(200);
    const sold = (await get('/sign/signingPreviewContent', broker, { boxId: String(sale.boxId) })).data as {
      html: string;
    };
    expect(sold.html).not.toContain('土地使用权（产权）年限');
    expect(sold.html).toContain(
      '<p>车位编号：<span data-field="fieldsList_1" class="blank">____</span></p>\n<h2>第八条 收款账户</h2>',
    );
    expect(sold.html).toContain(
      '专项维修资金（维修基金）<span data-field="fieldsList_3" class="blank">____</span>元',
    );
  });

  it('brings the built-in templates of every company up to the shipped text at start, once', async () => {
    const db = t.database.db;
    const builtins = () =>
      db
        .select({
          id: signTemplates.id,
          companyId: signTemplates.companyId,
          builtinKey: signTemplates.builtinKey,
          fields: signTemplates.fields,
          requireFlags: signTemplates.requireFlags,
          bodyHtml: signTemplates.bodyHtml,
        })
        .from(signTemplates)
        .where(isNotNull(signTemplates.builtinKey))
        .orderBy(signTemplates.id);
    const before = await builtins();
    const shippedRows = before.filter((row) => row.builtinKey === 'sale' || row.builtinKey === 'rent');
    const companyB = shippedRows.find(
      (row) => row.companyId !== before.find((r) => r.id === sale.boxId)!.companyId,
    )!;
    // Company B was created with the old text, which printed no widget field.
    const oldText = '<h1>二手房买卖合同</h1>\n<p>甲方所售房屋坐落于{{property.address}}。</p>';
    for (const row of shippedRows.filter((r) => r.companyId === companyB.companyId))
      await db.update(signTemplates).set({ bodyHtml: oldText }).where(eq(signTemplates.id, row.id));

    expect(await refreshBuiltinTemplates(db)).toBe(2);
    const after = await builtins();
    for (const row of after.filter((r) => r.companyId === companyB.companyId)) {
      const shipped = builtinTemplates.find((template) => template.builtinKey === row.builtinKey)!;
      expect(row.bodyHtml).toBe(shipped.bodyHtml);
      expect(row.fields).toEqual(shipped.fields);
    }
    const saleB = after.find((r) => r.companyId === companyB.companyId && r.builtinKey === 'sale')!;
    expect(saleB.bodyHtml).toContain('该房屋土地使用权（产权）年限为{{fieldsList_1}}');
    // Company A's copies (their widget fields changed above) and everything else are as they were.
    expect(after.filter((r) => r.companyId !== companyB.companyId)).toEqual(
      before.filter((r) => r.companyId !== companyB.companyId),
    );
    const shown = (await get('/sign/signingPreviewContent', managerB, { boxId: String(saleB.id) })).data as {
      html: string;
    };
    expect(shown.html).toContain('年限为<span data-field="fieldsList_1" class="blank">____</span>');

    // Twice changes nothing.
    expect(await refreshBuiltinTemplates(db)).toBe(0);
    expect(await builtins()).toEqual(after);
    const [aRent] = await db
      .select({ bodyHtml: signTemplates.bodyHtml })
      .from(signTemplates)
      .where(eq(signTemplates.id, rent.boxId));
    expect(aRent!.bodyHtml).not.toContain('钥匙交接');
  });

  it('manages groups: names unique, built-ins fixed, a deleted group’s templates move to 其他模板', async () => {
    const added = await post('/template/templateGroupAdd', manager, { groupName: '商铺模板' });
    expect(added.code).toBe(200);
    const { groupId } = added.data as Group;
    expect((await post('/template/templateGroupAdd', manager, { groupName: '商铺模板' })).code).toBe(405);
    const groups = (await get('/template/templateGroupPosts', manager)).data as Group[];
    expect(groups.map((g) => g.groupName)).toEqual(['常用模板', '商铺模板', '其他模板']);
    const common = groups[0]!;
    expect(
      (await post('/template/templateGroupEdit', manager, { groupId: common.groupId, groupName: '改名' }))
        .code,
    ).toBe(409);
    expect((await post('/template/templateGroupDel', manager, { groupId: common.groupId })).code).toBe(409);
    await post('/template/templateSettings', manager, {
      boxId: rent.boxId,
      signingInitiateType: [1],
      groupId,
    });
    expect(
      (await post('/template/templateGroupEdit', manager, { groupId, groupName: '商铺与写字楼' })).code,
    ).toBe(200);
    expect((await post('/template/templateGroupDel', manager, { groupId })).code).toBe(200);
    const moved = (await get('/template/templateManagementPosts', manager, { type: '2' })).data as Item[];
    expect(moved[0]!.groupName).toBe('其他模板');
  });

  it('takes a template off the shelf (then it cannot be used) and deletes only templates off the shelf', async () => {
    expect((await post('/template/templateDelete', manager, { boxId: rent.boxId })).code).toBe(409);
    expect((await post('/template/templateUpAndDown', manager, { boxId: rent.boxId, state: 2 })).code).toBe(
      200,
    );
    expect((await post('/template/templateUpAndDown', manager, { boxId: rent.boxId, state: 2 })).code).toBe(
      409,
    );
    const usable = (await get('/sign/templatePostsV2', broker)).data as { boxId: number }[];
    expect(usable.map((x) => x.boxId)).not.toContain(rent.boxId);
    expect((await get('/template/templatesRecommend', broker)).data).toEqual([
      expect.objectContaining({ boxId: sale.boxId }),
    ]);
    expect((await post('/template/templateDelete', manager, { boxId: rent.boxId })).code).toBe(200);
    expect((await get('/template/getTemplateSettings', manager, { boxId: String(rent.boxId) })).code).toBe(
      404,
    );
  });

  it('limits a template to its departments and roles', async () => {
    const roles = (await call(t.app, 'GET', '/org/v2/roleList', { headers: manager })).data as {
      roleId: number;
      roleName: string;
    }[];
    const storeManager = roles.find((r) => r.roleName === '店长')!;
    expect(
      (
        await post('/template/templateRangeSetting', manager, {
          boxId: sale.boxId,
          dept: [],
          role: [storeManager.roleId],
        })
      ).code,
    ).toBe(200);
    expect((await get('/template/templateFieldList', broker, { boxId: String(sale.boxId) })).code).toBe(405);
    expect((await get('/sign/templatePostsV2', broker)).data).toEqual([]);
    expect(
      (await post('/template/templateRangeSetting', manager, { boxId: sale.boxId, dept: [999999], role: [] }))
        .code,
    ).toBe(405);
    expect(
      (await post('/template/templateRangeSetting', manager, { boxId: sale.boxId, dept: [], role: [] })).code,
    ).toBe(200);
    expect((await get('/template/templateFieldList', broker, { boxId: String(sale.boxId) })).code).toBe(200);
  });

  it('keeps each company’s templates apart', async () => {
    expect((await get('/template/getTemplateSettings', managerB, { boxId: String(sale.boxId) })).code).toBe(
      404,
    );
    expect((await post('/template/templateUpAndDown', managerB, { boxId: sale.boxId, state: 2 })).code).toBe(
      404,
    );
    const own = (await get('/template/templateManagementPosts', managerB)).data as Item[];
    expect(own.map((x) => x.boxName).sort()).toEqual(['二手房买卖合同', '房屋租赁合同'].sort());
    expect(own.some((x) => x.boxId === sale.boxId)).toBe(false);
  });
});
