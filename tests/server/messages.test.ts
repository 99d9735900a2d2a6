import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Menu = { messageType: number; name: string; unreadCount: number }[];
type Remind = {
  remindId: number;
  messageType: number;
  title: string;
  content: string;
  readed: number;
  gonggaoId: number | null;
  link: { path: string } | null;
};
type Staff = { userId: number; name: string; deptId: number | null };
type Dept = { dept: { deptId: number; deptName: string }; children?: Dept[] };

describe('the message centre and company notices', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let finance: Record<string, string>;
  let certificate: Record<string, string>;
  let managerB: Record<string, string>;
  let staff: Staff[];
  const userId = (name: string) => staff.find((s) => s.name === name)!.userId;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    finance = await login(t.app, '13800000004');
    certificate = await login(t.app, '13800000005');
    managerB = await login(t.app, '13900000000');
    staff = (await call(t.app, 'GET', '/org/v2/staffList', { headers: manager })).data as Staff[];
  });
  afterAll(async () => {
    await t.close();
  });

  const menu = async (headers: Record<string, string>) =>
    (await call(t.app, 'GET', '/base/messageMenu', { headers })).data as Menu;
  const unread = async (headers: Record<string, string>, messageType: number) =>
    (await menu(headers)).find((item) => item.messageType === messageType)!.unreadCount;
  const reminds = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
    (await call(t.app, 'GET', '/base/remindPosts', { headers, query })).data as Remind[];
  const release = (headers: Record<string, string>, body: object) =>
    call(t.app, 'POST', '/omp/gonggao/releaseV2', { headers, body });

  it('lists the three message kinds with their unread counts, starting empty', async () => {
    expect(await menu(broker)).toEqual([
      { id: 1, messageType: 1, name: '公告通知', unreadCount: 0, icon: null },
      { id: 2, messageType: 2, name: '业务提醒', unreadCount: 0, icon: null },
      { id: 3, messageType: 3, name: '合同报告', unreadCount: 0, icon: null },
    ]);
  });

  it('sends a company-wide notice to every active colleague and to nobody in another company', async () => {
    const released = await release(manager, {
      title: '十二月门店例会通知',
      content: '<p>各位同事：</p><p>本周五 <b>18:00</b> 召开例会。</p>',
      range: { allCompany: 1, deptIds: [], userIds: [] },
    });
    expect(released).toMatchObject({ code: 200, message: '公告已发布' });
    const gonggaoId = (released.data as { gonggaoId: number }).gonggaoId;

    expect(await unread(broker, 1)).toBe(1);
    const [message] = await reminds(broker, { messageType: '1' });
    expect(message).toMatchObject({
      title: '十二月门店例会通知',
      content: '各位同事： 本周五 18:00 召开例会。',
      readed: 2,
      gonggaoId,
    });
    expect(await unread(managerB, 1)).toBe(0);
    const foreign = await call(t.app, 'GET', '/omp/gonggao/detailV2', {
      headers: managerB,
      query: { gonggaoId: String(gonggaoId) },
    });
    expect(foreign.code).toBe(404);

    // Reading the detail does not mark it; gonggaoRead does, once.
    const detail = await call(t.app, 'GET', '/omp/gonggao/detailV2', {
      headers: broker,
      query: { gonggaoId: String(gonggaoId) },
    });
    expect(detail.data).toMatchObject({ readed: 2, publisherName: '张经理', canEdit: 0, readCount: 0 });
    expect((detail.data as { receiverCount: number }).receiverCount).toBe(staff.length);
    await call(t.app, 'GET', '/omp/gonggao/gonggaoRead', {
      headers: broker,
      query: { gonggaoId: String(gonggaoId) },
    });
    await call(t.app, 'GET', '/omp/gonggao/gonggaoRead', {
      headers: broker,
      query: { gonggaoId: String(gonggaoId) },
    });
    expect(await unread(broker, 1)).toBe(0);
    const seenByManager = await call(t.app, 'GET', '/omp/gonggao/detailV2', {
      headers: manager,
      query: { gonggaoId: String(gonggaoId) },
    });
    expect(seenByManager.data).toMatchObject({ readCount: 1, canEdit: 1 });
  });

  it('lets only managers publish, and refuses an empty or unknown range by name', async () => {
    const body = {
      title: '放假通知',
      content: '<p>元旦放假一天</p>',
      range: { allCompany: 1, deptIds: [], userIds: [] },
    };
    expect((await release(broker, body)).code).toBe(403);
    const empty = await release(manager, { ...body, range: { allCompany: 0, deptIds: [], userIds: [] } });
    expect(empty).toMatchObject({ code: 405, message: '请选择接收范围：接收部门或接收员工' });
    const foreignUser = (
      (await call(t.app, 'GET', '/org/v2/staffList', { headers: managerB })).data as Staff[]
    )[0]!.userId;
    const foreign = await release(manager, {
      ...body,
      range: { allCompany: 0, deptIds: [], userIds: [foreignUser] },
    });
    expect(foreign).toMatchObject({ code: 405, message: `接收员工不存在或已离职：${foreignUser}` });
    const noTitle = await release(manager, { ...body, title: '' });
    expect(noTitle.code).toBe(405);
    expect(noTitle.message).toContain('公告标题');
  });

  it('sends a department notice to its staff; editing moves it to named staff, deleting withdraws it', async () => {
    const tree = (await call(t.app, 'GET', '/org/v2/deptTree', { headers: manager })).data as Dept[];
    const flat: Dept['dept'][] = [];
    const walk = (items: Dept[]) =>
      items.forEach((item) => (flat.push(item.dept), walk(item.children ?? [])));
    walk(tree);
    const storeDept = flat.find((d) => d.deptName === '滨江店')!.deptId;

    const released = await release(manager, {
      title: '权证资料归档要求',
      content: '<p>请于月底前归档。</p>',
      range: { allCompany: 0, deptIds: [storeDept], userIds: [] },
    });
    const gonggaoId = (released.data as { gonggaoId: number }).gonggaoId;
    const inbox = async (headers: Record<string, string>) =>
      (await reminds(headers, { messageType: '1' })).filter((m) => m.gonggaoId === gonggaoId);
    expect(await inbox(finance)).toHaveLength(1);
    expect(await inbox(certificate)).toHaveLength(1);
    expect(await inbox(broker)).toHaveLength(0);
    await call(t.app, 'GET', '/omp/gonggao/gonggaoRead', {
      headers: finance,
      query: { gonggaoId: String(gonggaoId) },
    });

    // Now to the finance officer and the broker by name: the certificate handler's message goes, the
    // broker gets one, and the finance officer keeps hers, still read.
    const modified = await call(t.app, 'POST', '/omp/gonggao/modifyV2', {
      headers: manager,
      body: {
        gonggaoId,
        title: '权证资料归档要求（修订）',
        content: '<p>请于 12 月 31 日前归档。</p>',
        range: { allCompany: 0, deptIds: [], userIds: [userId('钱财务'), userId('赵经纪')] },
      },
    });
    expect(modified).toMatchObject({ code: 200, message: '公告已修改' });
    expect(await inbox(certificate)).toHaveLength(0);
    expect(await inbox(broker)).toMatchObject([{ title: '权证资料归档要求（修订）', readed: 2 }]);
    expect(await inbox(finance)).toMatchObject([{ title: '权证资料归档要求（修订）', readed: 1 }]);

    expect(
      (await call(t.app, 'POST', '/omp/gonggao/gonggaoDel', { headers: broker, body: { gonggaoId } })).code,
    ).toBe(403);
    const deleted = await call(t.app, 'POST', '/omp/gonggao/gonggaoDel', {
      headers: manager,
      body: { gonggaoId },
    });
    expect(deleted).toMatchObject({ code: 200, message: '公告已删除' });
    expect(await inbox(broker)).toHaveLength(0);
    const gone = await call(t.app, 'GET', '/omp/gonggao/detailV2', {
      headers: manager,
      query: { gonggaoId: String(gonggaoId) },
    });
    expect(gone.code).toBe(404);
  });

  it('reminds each approver when their step is due and the sponsor of the result', async () => {
    const list = await call(t.app, 'POST', '/contract/v2/contractSalePosts', {
      headers: manager,
      body: { searchKey: { type: 2, key: 'XS20261020005' } },
    });
    const contractId = (list.data as { contractId: number }[])[0]!.contractId;
    const started = await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: certificate,
      body: { contractId, state: 6, remark: '客户放弃购买' },
    });
    const approvalId = (started.data as { approvalId: number }).approvalId;

    const [forStoreManager] = await reminds(storeManager, { messageType: '2', readed: '2' });
    expect(forStoreManager).toMatchObject({
      title: '待您审批',
      content: '孙权证提交的买卖合同作废，等待您审批',
      link: { path: '/views/office/oa/oa-pending-approval' },
    });
    const managerBefore = await unread(manager, 2);
    await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'approve' },
    });
    expect(await unread(manager, 2)).toBe(managerBefore + 1);
    await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: manager,
      body: { approvalId, result: 'approve' },
    });

    const [result] = await reminds(certificate, { messageType: '2' });
    expect(result).toMatchObject({ title: '审批已通过', content: '您提交的买卖合同作废已通过' });
    const [copy] = await reminds(finance, { messageType: '2' });
    expect(copy).toMatchObject({ title: '审批抄送' });
  });

  it('marks one message or all of a kind read, and refuses someone else’s message', async () => {
    const [first] = await reminds(storeManager, { readed: '2' });
    const single = await call(t.app, 'GET', '/base/remindSingleRead', {
      headers: broker,
      query: { remindId: String(first!.remindId) },
    });
    expect(single.code).toBe(404);
    await call(t.app, 'GET', '/base/remindSingleRead', {
      headers: storeManager,
      query: { remindId: String(first!.remindId) },
    });
    expect((await reminds(storeManager, { readed: '1' })).map((m) => m.remindId)).toContain(first!.remindId);

    const all = await call(t.app, 'GET', '/base/remindRead', { headers: manager });
    expect(all.code).toBe(200);
    expect((all.data as { count: number }).count).toBeGreaterThan(0);
    expect((await menu(manager)).every((item) => item.unreadCount === 0)).toBe(true);
    const again = await call(t.app, 'GET', '/base/remindRead', { headers: manager });
    expect(again).toMatchObject({ data: { count: 0 }, message: '没有未读消息' });
  });

  it('uploads one photo checked by content and size, and tells the system version', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = async (name: string, data: Buffer) => {
      const boundary = '----photo-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/base/uploadPhoto',
        headers: { ...broker, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      return response.json<{
        code: number;
        message: string;
        data: { url: string; name: string; size: number } | null;
      }>();
    };
    expect(await upload('house.pdf', Buffer.from('%PDF-1.4'))).toMatchObject({
      code: 405,
      message: '仅支持 png、jpg、jpeg、webp、gif 格式的文件',
    });
    expect((await upload('house.png', Buffer.from('not a png'))).code).toBe(405);
    const ok = await upload('客厅.png', png);
    expect(ok).toMatchObject({ code: 200, data: { name: '客厅.png', size: png.length } });
    const served = await t.app.inject({ method: 'GET', url: ok.data!.url });
    expect(served.rawPayload.equals(png)).toBe(true);

    const info = await call(t.app, 'GET', '/base/systemInfo', { headers: broker });
    expect(info.data).toMatchObject({ systemName: '电子合同', version: '5.0', versionCode: 100 });
  });
});
