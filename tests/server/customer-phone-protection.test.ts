/**
 * Customer phones are protected like owners' phones (issue 38): masked in lists, on the detail and in
 * matches for everyone but the maintainer of a private customer; shown in full one view at a time
 * (customerPhoneView), each view counted against the role's daily limit (客源 207) and written to the
 * customer's change record with who and when; the next view of the same customer needs a follow-up.
 * With the setting off, those who may edit the customer see the phones in full as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { customers } from '../../server/db/schema-customer';
import { appRecords } from '../../server/db/schema-house';

type Detail = { phonesHidden: boolean; phones: { phone: string; remark: string | null }[] };
type Listed = { customerId: number; phone: string };
type Revealed = { customerId: number; phones: { phone: string }[]; remainingViews: number | null };
type Record_ = { type: number; typeName: string; content: string; userName: string; after: string | null };

const defaults = {
  removeDuplicates: 1,
  distribution: { selected: 0, type: 1 },
  upperLimit: { selected: 0, sell: 0, rent: 0, new: 0 },
  sellOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
  rentOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
  newOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
};

const customer = (name: string, phone: string, attribution: 1 | 2) => ({
  customerType: 1,
  customerAttribution: attribution,
  name,
  phones: [{ phone, remark: '本人' }],
  demand: { priceMin: 300, priceMax: 500 },
});

describe('customer phones: masked, viewed one at a time with a follow-up, counted and recorded', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let supervisor: Record<string, string>;
  let broker: Record<string, string>;
  let otherManager: Record<string, string>;
  let publicId: number;
  let privateId: number;

  const detail = async (headers: Record<string, string>, id: number) =>
    (await call(t.app, 'GET', '/customer/v2/customerDetail', { headers, query: { customerId: String(id) } }))
      .data as Detail;
  const view = (headers: Record<string, string>, id: number) =>
    call(t.app, 'POST', '/customer/v2/customerPhoneView', { headers, body: { customerId: id } });
  const followUp = (headers: Record<string, string>, id: number) =>
    call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers,
      body: { customerId: id, category: 1, content: '电话联系，客户仍在看房' },
    });
  const records = async (id: number) =>
    (
      await call(t.app, 'GET', '/customer/v2/customerChangeRecord', {
        headers: manager,
        query: { customerId: String(id), pagesize: '50' },
      })
    ).data as Record_[];
  const listed = async (headers: Record<string, string>, attribution: 1 | 2, keyword: string) =>
    (
      await call(t.app, 'POST', '/customer/v2/customerPosts', {
        headers,
        body: { customerAttribution: attribution, searchType: 1, keyword },
      })
    ).data as Listed[];

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    supervisor = await login(t.app, '13800000002');
    broker = await login(t.app, '13800000003');
    otherManager = await login(t.app, '13900000000');
    const added = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: customer('卫可欣', '13611223344', 2),
    });
    expect(added.code).toBe(200);
    publicId = (added.data as { customerId: number }).customerId;
    const own = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: customer('尤嘉', '13655667788', 1),
    });
    expect(own.code).toBe(200);
    privateId = (own.data as { customerId: number }).customerId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('by default the settings protect customer phones', async () => {
    const read = await call(t.app, 'GET', '/customer/v2/getCustomerSetting', { headers: manager });
    expect((read.data as { phoneProtection: number }).phoneProtection).toBe(1);
  });

  it('the maintainer of a private customer sees its phone; the others, the manager too, see it masked', async () => {
    expect(await detail(broker, privateId)).toMatchObject({
      phonesHidden: false,
      phones: [{ phone: '13655667788', remark: '本人' }],
    });
    for (const headers of [storeManager, manager]) {
      expect(await detail(headers, privateId)).toMatchObject({
        phonesHidden: true,
        phones: [{ phone: '136****7788' }],
      });
    }
    expect((await listed(storeManager, 1, '7788')).find((row) => row.customerId === privateId)?.phone).toBe(
      '136****7788',
    );
  });

  it('a public customer is masked for everyone, its enterer included, in the list and on the detail', async () => {
    for (const headers of [broker, supervisor, manager]) {
      expect(await detail(headers, publicId)).toMatchObject({
        phonesHidden: true,
        phones: [{ phone: '136****3344' }],
      });
      const rows = await listed(headers, 2, '3344');
      expect(rows.find((row) => row.customerId === publicId)?.phone).toBe('136****3344');
    }
  });

  it('a view shows the phones in full and is recorded with who; the next needs a follow-up first', async () => {
    const first = await view(supervisor, publicId);
    expect(first.code).toBe(200);
    expect(first.data as Revealed).toEqual({
      customerId: publicId,
      phones: [{ phone: '13611223344', remark: '本人' }],
      remainingViews: null,
    });
    const recorded = (await records(publicId)).filter((row) => row.type === 11);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ typeName: '查看电话', content: '查看了客户电话' });
    expect(recorded[0]!.userName).not.toBe('');

    const again = await view(supervisor, publicId);
    expect(again.code).toBe(405);
    expect(again.message).toBe('您查看过该客户的电话后还没有写跟进，请先写跟进再查看');
    expect((await records(publicId)).filter((row) => row.type === 11)).toHaveLength(1);

    expect((await followUp(supervisor, publicId)).code).toBe(200);
    expect((await view(supervisor, publicId)).code).toBe(200);
    expect((await records(publicId)).filter((row) => row.type === 11)).toHaveLength(2);
  });

  it('the maintainer needs no view: his own customer answers that he sees it already', async () => {
    const own = await view(broker, privateId);
    expect(own.code).toBe(405);
    expect(own.message).toBe('您可以直接看到该客户的电话');
  });

  it('views past the role’s daily limit are refused; the limit counts views, not customers', async () => {
    const roles = await call(t.app, 'GET', '/org/v2/roleList', { headers: manager });
    const brokerRole = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!;
    const grant = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRole.roleId, appType: 2, authData: [{ authId: 207, selected: 1, count: 2 }] },
    });
    expect(grant.code).toBe(200);
    const one = await view(broker, publicId);
    expect(one.code).toBe(200);
    expect((one.data as Revealed).remainingViews).toBe(1);
    expect((await followUp(broker, publicId)).code).toBe(200);
    const two = await view(broker, publicId);
    expect((two.data as Revealed).remainingViews).toBe(0);
    expect((await followUp(broker, publicId)).code).toBe(200);
    const three = await view(broker, publicId);
    expect(three.code).toBe(405);
    expect(three.message).toBe('今日查看客户电话的次数已达上限（2 次），请明天再查看');
    // The next Beijing day the count starts again.
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await view(broker, publicId)).code).toBe(200);
  });

  it('an edit that sends back the masked phone keeps the stored one; the record keeps phones masked', async () => {
    const edit = await call(t.app, 'POST', '/customer/v2/customerEdit', {
      headers: manager,
      body: {
        ...customer('卫可欣', '136****3344', 2),
        customerId: publicId,
        phones: [{ phone: '136****3344', remark: '本人' }, { phone: '13900001111' }],
      },
    });
    expect(edit.code).toBe(200);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, publicId));
    expect(row!.phones.map((phone) => phone.phone)).toEqual(['13611223344', '13900001111']);
    const [change] = await t.database.db
      .select()
      .from(appRecords)
      .where(and(eq(appRecords.appType, 2), eq(appRecords.itemId, publicId), eq(appRecords.type, 1)));
    const phones = change!.changes!.find((row) => row.field === 'phones')!;
    expect(phones.before).toContain('136****3344');
    expect(phones.after).toContain('139****1111');
    expect(JSON.stringify(change!.changes)).not.toContain('13611223344');

    const wrong = await call(t.app, 'POST', '/customer/v2/customerEdit', {
      headers: manager,
      body: { ...customer('卫可欣', '137****3344', 2), customerId: publicId },
    });
    expect(wrong.code).toBe(405);
    expect(wrong.message).toBe('客户电话不正确，请填写完整的手机号');
  });

  it('another company can neither see nor view the phones', async () => {
    const refused = await view(otherManager, publicId);
    expect(refused.code).toBe(404);
  });

  it('with the protection off, those who may edit see phones in full and a view is not needed', async () => {
    const saved = await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: manager,
      body: { ...defaults, phoneProtection: 0 },
    });
    expect(saved.code).toBe(200);
    expect(await detail(supervisor, publicId)).toMatchObject({
      phonesHidden: false,
      phones: [{ phone: '13611223344' }, { phone: '13900001111' }],
    });
    expect((await view(supervisor, publicId)).code).toBe(405);
    // The store manager may edit the broker's private customer (本部门), so sees it in full too.
    expect((await detail(storeManager, privateId)).phonesHidden).toBe(false);
  });
});
