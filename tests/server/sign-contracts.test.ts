import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { createCompany } from '../../server/areas/org/companies';
import { hashPassword } from '../../server/areas/user/passwords';
import { oaApprovals, oaGroups } from '../../server/db/schema-oa';
import { users } from '../../server/db/schema';
import { signSignatories } from '../../server/db/schema-sign';
import { changeSignBalance, SignLedgerKinds } from '../../server/areas/recharge/entitlements';
import { idCard } from '../support/test-data';
import { editStateRefused } from '../../domain/page-state';

type Headers = Record<string, string>;
type Result = {
  contractId: number;
  contractNo: string;
  state: number;
  contractType: number;
  nextType?: number;
  oaItemId?: number;
};

const sellerId = idCard('11010519491231002');
const buyerId = idCard('44030419900101123');
const region = {
  province: { id: 440000, name: '广东省' },
  city: { id: 440300, name: '深圳市' },
  district: { id: 440304, name: '福田区' },
};

function saleContent(overrides: Record<string, unknown> = {}) {
  return {
    partyA: { subjectType: 1, name: '张三', certType: 1, certNo: sellerId, phone: '13811112222' },
    partyB: {
      subjectType: 1,
      name: '李四',
      certType: 1,
      certNo: buyerId.toLowerCase(),
      phone: '13933334444',
    },
    property: {
      ...region,
      address: '福华路 88 号',
      houseName: '阳光花园',
      houseBuilding: '3',
      houseRoomNo: '1202',
      buildingCertificate: '粤(2020)深圳市不动产权第0012345号',
      houseArea: 89.5,
      atticHave: 0,
      atticArea: 12,
    },
    transaction: {
      transactionPrice: 3200000,
      paymentMethod: 2,
      transferDate: '2026-12-20',
      deliveryDate: '2027-01-10',
    },
    customFields: { fieldsList_1: '70年', fieldsList_3: '5000.456' },
    ...overrides,
  };
}

describe('sign contracts: submission, nextType and the lifecycle', () => {
  let t: TestApp;
  let manager: Headers;
  let broker: Headers;
  let managerB: Headers;
  let saleBoxId: number;
  let rentBoxId: number;

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });

  async function submit(
    headers: Headers,
    content: unknown = saleContent(),
    extra: Record<string, unknown> = {},
  ): Promise<Result> {
    const result = await post('/sign/contractSubmissionV2501', headers, {
      boxid: saleBoxId,
      content,
      signatureType: 1,
      ...extra,
    });
    expect(result.code, result.message).toBe(200);
    return result.data as Result;
  }
  async function balance(headers: Headers): Promise<number> {
    return ((await get('/sign/companyInfo', headers)).data as { signBalance: number }).signBalance;
  }
  async function state(headers: Headers, contractId: number): Promise<number> {
    const detail = await get('/sign/signDetailV3', headers, { contractId: String(contractId) });
    expect(detail.code, detail.message).toBe(200);
    return (detail.data as { state: number }).state;
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    managerB = await login(t.app, '13900000000');
    const templates = (await get('/sign/templatePostsV2', manager)).data as {
      boxId: number;
      contractType: number;
    }[];
    saleBoxId = templates.find((x) => x.contractType === 1)!.boxId;
    rentBoxId = templates.find((x) => x.contractType === 2)!.boxId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('numbers contracts uniquely in the company although two templates number the same way', async () => {
    const sale = await submit(manager);
    const rent = await post('/sign/contractSubmissionV2501', manager, {
      boxid: rentBoxId,
      signatureType: 1,
      content: {
        partyA: saleContent().partyA,
        partyB: saleContent().partyB,
        property: saleContent().property,
        transaction: { startDate: '2027-01-01', endDate: '2027-12-31', paymentCycle: 3 },
        rental: { monthlyRent: 4500, depositRent: 9000 },
        customFields: { fieldsList_1: '居住' },
      },
    });
    expect(rent.code, rent.message).toBe(200);
    const rentNo = (rent.data as Result).contractNo;
    // Both shipped templates number as date + serial without a prefix: the serial is shared.
    expect(rentNo).toMatch(/^\d{12}$/);
    expect(rentNo).not.toBe(sale.contractNo);
    const next = await submit(manager);
    expect(new Set([sale.contractNo, rentNo, next.contractNo]).size).toBe(3);
  });

  it('refuses to start anything before the company has chosen its signing type', async () => {
    const templatesB = (await get('/sign/templatePostsV2', managerB)).data as {
      boxId: number;
      contractType: number;
    }[];
    const result = await post('/sign/contractSubmissionV2501', managerB, {
      boxid: templatesB.find((x) => x.contractType === 1)!.boxId,
      content: saleContent(),
      signatureType: 1,
    });
    expect(result).toMatchObject({ code: 405, message: '您还未设置签署方式,请前往设置!' });
    expect((await get('/sign/getSignSetting', managerB)).data).toEqual({ signType: null, signLabel: 'fada' });
  });

  it('lets only holders of 签约设置 (351) change the signing type, and accepts only 1 or 2', async () => {
    expect((await post('/sign/signSetting', broker, { signType: 2 })).code).toBe(403);
    expect((await post('/sign/signSetting', manager, { signType: 3 })).code).toBe(405);
    expect((await post('/sign/signSetting', manager, { signType: 2 })).code).toBe(200);
    expect((await get('/sign/getSignSetting', broker)).data).toEqual({ signType: 2, signLabel: 'fada' });
    expect((await post('/sign/signSetting', manager, { signType: 1 })).code).toBe(200);
  });

  it('rejects party forms with the messages of the seed, naming the party and role', async () => {
    const bad = (partyA: Record<string, unknown>) =>
      post('/sign/contractSubmissionV2501', broker, {
        boxid: saleBoxId,
        content: saleContent({ partyA }),
        signatureType: 1,
      });
    const legalPerson = { name: '张三', certType: 1, certNo: sellerId, phone: '13811112222' };
    const person = { subjectType: 1, ...legalPerson };
    expect(
      (await bad({ ...person, certNo: `${sellerId.slice(0, 17)}${sellerId.endsWith('1') ? '2' : '1'}` }))
        .message,
    ).toBe('甲方：身份证号码格式不正确');
    expect((await bad({ ...person, name: ' ' })).message).toBe('甲方：请输入姓名');
    expect((await bad({ ...person, phone: '10345678901' })).message).toBe('甲方：手机号码格式不正确');
    expect(
      (
        await bad({
          ...person,
          agent: { name: '王五', certType: 1, certNo: '110105194912310021', phone: '13800001111' },
        })
      ).message,
    ).toBe('甲方：代理人身份证号码格式不正确');
    expect(
      (
        await bad({
          ...person,
          coOwners: [{ name: '赵六', certType: 1, certNo: '123', phone: '13800001111' }],
        })
      ).message,
    ).toBe('甲方：共有人身份证号码格式不正确');
    expect(
      (await bad({ subjectType: 2, name: '深圳某某公司', certNo: '91440300MA5ISXXX12', legalPerson }))
        .message,
    ).toBe('甲方：企业营业执照号码格式不正确');
    expect((await bad({ subjectType: 2, name: '', certNo: '440301123456789', legalPerson })).message).toBe(
      '甲方：请输入企业名称',
    );
    const noRegion = await post('/sign/contractSubmissionV2501', broker, {
      boxid: saleBoxId,
      content: saleContent({ property: { ...saleContent().property, city: { id: 440300 } } }),
      signatureType: 1,
    });
    expect(noRegion.message).toBe('请选择地区信息');
  });

  it('requires the template’s required standard and widget fields, and coerces numbers', async () => {
    const content = saleContent();
    const missingPrice = await post('/sign/contractSubmissionV2501', broker, {
      boxid: saleBoxId,
      content: { ...content, transaction: { ...content.transaction, transactionPrice: undefined } },
      signatureType: 1,
    });
    expect(missingPrice).toMatchObject({ code: 405, message: '请输入成交价' });
    const missingWidget = await post('/sign/contractSubmissionV2501', broker, {
      boxid: saleBoxId,
      content: { ...content, customFields: {} },
      signatureType: 1,
    });
    expect(missingWidget).toMatchObject({ code: 405, message: '请选择房屋产权年限' });
    const created = await submit(broker);
    const stored = (await get('/sign/signContent', broker, { contractId: String(created.contractId) }))
      .data as {
      content: {
        partyB: { certNo: string };
        customFields: Record<string, unknown>;
        property: Record<string, unknown>;
      };
    };
    expect(stored.content.partyB.certNo).toBe(buyerId.toUpperCase());
    expect(stored.content.customFields['fieldsList_3']).toBe(5000.46);
    expect(stored.content.property['atticArea']).toBeUndefined();
  });

  it('answers a submission with contractId, a numbered contract in 待发起 and nextType 1 when no approval is enabled', async () => {
    const result = await submit(broker);
    expect(result).toMatchObject({ state: 1, contractType: 1, nextType: 1 });
    expect(result.contractNo).toMatch(/^20261121\d{4}$/);
    const logs = await get('/sign/operationlogs', broker, { contractId: String(result.contractId) });
    expect((logs.data as { action: string }[]).map((l) => l.action)).toEqual(['提交']);
    const buttons = (
      await get('/sign/signDetailButtonV2501', broker, { contractId: String(result.contractId) })
    ).data;
    expect(buttons).toMatchObject({
      editState: 1,
      startSignState: 1,
      startOAState: 0,
      terminateState: 0,
      signOverState: 0,
      invalidState: 0,
      deleteState: 0,
    });
  });

  it('starting signing spends exactly one credit, once, and moves the contract to 待签字 with a link per signer', async () => {
    const { contractId } = await submit(broker);
    const before = await balance(manager);
    const started = await post('/sign/contractStart', broker, { contractId, type: 2 });
    expect(started).toMatchObject({ code: 200, data: { contractId, state: 7 } });
    const retried = await post('/sign/contractStart', broker, { contractId, type: 2 });
    expect(retried).toMatchObject({ code: 200, data: { state: 7 } });
    expect(await balance(manager)).toBe(before - 1);
    const detail = (await get('/sign/signDetailV3', broker, { contractId: String(contractId) })).data as {
      signatories: { role: number; hash: string | null }[];
    };
    expect(detail.signatories.map((s) => s.role)).toEqual([1, 2, 7]);
    expect(detail.signatories.every((s) => /^[0-9a-f]{32}$/.test(s.hash ?? ''))).toBe(true);
    const list = await get('/sign/signPosts', broker);
    expect((list.data as { contractId: number }[]).some((c) => c.contractId === contractId)).toBe(true);
  });

  it('answers 406 when the company has no sign credits, and leaves the contract in 待发起', async () => {
    const created = await createCompany(t.database.db, {
      name: '零份数房产',
      manager: { userName: '13700000009', name: '新经理', passwordHash: await hashPassword('demo1234') },
    });
    const fresh = await login(t.app, '13700000009');
    expect((await post('/sign/signSetting', fresh, { signType: 1 })).code).toBe(200);
    const templates = (await get('/sign/templatePostsV2', fresh)).data as {
      boxId: number;
      boxName: string;
      contractType: number;
    }[];
    expect(templates.map((x) => x.boxName).sort()).toEqual(['二手房买卖合同', '房屋租赁合同'].sort());
    const submitted = await post('/sign/contractSubmissionV2501', fresh, {
      boxid: templates.find((x) => x.contractType === 1)!.boxId,
      content: saleContent(),
      signatureType: 1,
    });
    const { contractId } = submitted.data as Result;
    const started = await post('/sign/contractStart', fresh, { contractId, type: 2 });
    expect(started.code).toBe(406);
    expect(await state(fresh, contractId)).toBe(1);
    expect(created.companyId).toBeGreaterThan(0);
  });

  it('allows each state change only from its states (405 当前状态不允许此操作！ with the edit-state marker otherwise)', async () => {
    const { contractId } = await submit(broker);
    const act = (url: string, body: Record<string, unknown> = {}) =>
      post(url, manager, { contractId, ...body });
    // The edit-state check's refusal (001 section 8): the page showing the contract is disabled.
    const refused = { code: 405, message: '当前状态不允许此操作！', data: editStateRefused };
    expect(await act('/sign/contractComplete')).toMatchObject(refused);
    expect(await act('/sign/contractTerminate')).toMatchObject(refused);
    expect(await act('/sign/signInvalidRevoke')).toMatchObject(refused);
    expect((await act('/sign/contractStart', { type: 2 })).data).toMatchObject({ state: 7 });
    expect(await act('/sign/signDelete')).toMatchObject(refused);
    expect((await act('/sign/contractTerminate', { reason: '客户要求修改' })).data).toMatchObject({
      state: 1,
    });
    expect((await act('/sign/signInvalid', { reason: '重复录入' })).data).toMatchObject({ state: 4 });
    const edit = await post('/sign/contractEditV2501', manager, {
      boxid: saleBoxId,
      contractId,
      content: saleContent(),
      signatureType: 1,
    });
    expect(edit).toMatchObject(refused);
    expect((await act('/sign/signInvalidRevoke')).data).toMatchObject({ state: 1 });
    expect((await act('/sign/signInvalid', { reason: '重复录入' })).data).toMatchObject({ state: 4 });
    expect((await act('/sign/signDelete')).code).toBe(200);
    expect((await act('/sign/signDelete')).code).toBe(200);
    expect((await get('/sign/signDetailV3', manager, { contractId: String(contractId) })).code).toBe(404);
  });

  it('voiding a contract awaiting signatures refunds its credit and revoking the void returns it to 待发起', async () => {
    const { contractId } = await submit(broker);
    const before = await balance(manager);
    await post('/sign/contractStart', broker, { contractId, type: 2 });
    expect(await balance(manager)).toBe(before - 1);
    expect((await post('/sign/signInvalid', manager, { contractId, reason: '客户放弃' })).data).toMatchObject(
      { state: 4 },
    );
    expect(await balance(manager)).toBe(before);
    expect((await post('/sign/signInvalidRevoke', manager, { contractId })).data).toMatchObject({ state: 1 });
    const logs = (await get('/sign/operationlogs', manager, { contractId: String(contractId) })).data as {
      action: string;
    }[];
    expect(logs.map((l) => l.action)).toEqual(['撤销作废', '作废', '发起签署', '提交']);
  });

  it('reports to the 经办人 (合同报告, type 3) a state change someone else made, not his own', async () => {
    type Remind = {
      title: string;
      content: string;
      link: { path: string; params: { contractId: number } } | null;
    };
    const reports = async () =>
      (await get('/base/remindPosts', broker, { messageType: '3' })).data as Remind[];
    const before = (await reports()).length;
    const { contractId, contractNo } = await submit(broker);
    // His own submission and start are no news to him.
    await post('/sign/contractStart', broker, { contractId, type: 2 });
    expect(await reports()).toHaveLength(before);
    // The manager voids it: the broker gets a report that opens the contract.
    await post('/sign/signInvalid', manager, { contractId, reason: '客户放弃' });
    const after = await reports();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      title: '合同作废',
      link: { path: '/views/sign/detail', params: { contractId } },
    });
    expect(after[0]!.content).toContain(contractNo);
    expect(after[0]!.content).toContain('张经理作废');
    expect(after[0]!.content).toContain('当前状态：已作废');
    // Nobody in another company hears of it.
    expect(
      ((await get('/base/remindPosts', managerB, { messageType: '3' })).data as Remind[]).some((m) =>
        m.content.includes(contractNo),
      ),
    ).toBe(false);
  });

  it('a paper contract can be confirmed complete (8 is reached by signing; paper from 1 or 7)', async () => {
    const created = await submit(broker, saleContent(), { signatureType: 2 });
    expect(
      (await post('/sign/contractComplete', broker, { contractId: created.contractId })).data,
    ).toMatchObject({ state: 6 });
    expect(
      (await post('/sign/contractComplete', broker, { contractId: created.contractId })).data,
    ).toMatchObject({ state: 6 });
    expect(
      (await post('/sign/signInvalid', manager, { contractId: created.contractId, reason: 'x' })).data,
    ).toEqual(editStateRefused);
  });

  it('offers the approval flow (nextType 2, item 45) when an approval is enabled, and follows its decision', async () => {
    const db = t.database.db;
    const [managerRow] = await db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, '13800000000'));
    const [group] = await db
      .insert(oaGroups)
      .values({ companyId: managerRow!.companyId, name: '签约审批组', sort: 1 })
      .returning();
    await db.insert(oaApprovals).values({
      companyId: managerRow!.companyId,
      groupId: group!.id,
      appType: 6,
      oaItemId: 45,
      name: '买卖合同签约审批',
      state: 1,
      approvers: [{ approverType: 1, userId: managerRow!.id }],
    });
    const result = await submit(broker);
    expect(result).toMatchObject({ nextType: 2, oaItemId: 45, state: 1 });
    expect((await post('/sign/contractStart', broker, { contractId: result.contractId, type: 2 })).code).toBe(
      405,
    );
    const buttons = (
      await get('/sign/signDetailButtonV2501', broker, { contractId: String(result.contractId) })
    ).data;
    expect(buttons).toMatchObject({ startOAState: 1, startSignState: 0 });
    const wrongItem = await post('/sign/contractStart', broker, {
      contractId: result.contractId,
      type: 1,
      oaParam: { oaItemId: 47 },
    });
    expect(wrongItem.code).toBe(405);
    const started = await post('/sign/contractStart', broker, {
      contractId: result.contractId,
      type: 1,
      oaParam: { oaItemId: 45, oaReamrk: '请审批' },
    });
    expect(started).toMatchObject({ code: 200, data: { state: 2 } });
    const detail = (await get('/sign/signDetailV3', broker, { contractId: String(result.contractId) }))
      .data as { oaApprovalId: number };
    const rejected = await post('/oa/approvalBtn', manager, {
      approvalId: detail.oaApprovalId,
      result: 'reject',
      remark: '价格有误',
    });
    expect(rejected.code, rejected.message).toBe(200);
    expect(await state(broker, result.contractId)).toBe(3);
    await post('/sign/contractStart', broker, {
      contractId: result.contractId,
      type: 1,
      oaParam: { oaItemId: 45 },
    });
    const again = (await get('/sign/signDetailV3', broker, { contractId: String(result.contractId) }))
      .data as { oaApprovalId: number };
    const before = await balance(manager);
    expect(
      (await post('/oa/approvalBtn', manager, { approvalId: again.oaApprovalId, result: 'approve' })).code,
    ).toBe(200);
    // Approval passed: signing starts at once (审批通过后自动发起签署), one credit, a link per signer.
    const signing = (await get('/sign/signDetailV3', broker, { contractId: String(result.contractId) }))
      .data as {
      state: number;
      signDeadline: string | null;
      signatories: { role: number; hash: string | null }[];
    };
    expect(signing.state).toBe(7);
    expect(signing.signDeadline).not.toBeNull();
    expect(signing.signatories.map((s) => s.role)).toEqual([1, 2, 7]);
    expect(signing.signatories.every((s) => /^[0-9a-f]{32}$/.test(s.hash ?? ''))).toBe(true);
    expect(await balance(manager)).toBe(before - 1);
    const retried = await post('/sign/contractStart', broker, { contractId: result.contractId, type: 2 });
    expect(retried).toMatchObject({ code: 200, data: { state: 7 } });
    expect(await balance(manager)).toBe(before - 1);
    const logs = (await get('/sign/operationlogs', broker, { contractId: String(result.contractId) }))
      .data as { action: string; content: string; operatorName: string }[];
    expect(logs.slice(0, 3).map((l) => [l.action, l.operatorName])).toEqual([
      ['发起签署', '赵经纪'],
      ['审批通过', '张经理'],
      ['发起审批', '赵经纪'],
    ]);
    expect(logs[0]!.content).toBe('审批通过后自动发起电子签署，签署期限 7 天，扣减签约份数 1 份');
    // a submission that carries oaParam starts the approval at once
    const direct = await submit(broker, saleContent(), { oaParam: { oaItemId: 45 } });
    expect(direct).toMatchObject({ state: 2, nextType: 3 });
    expect(
      (await post('/sign/contractTerminate', broker, { contractId: direct.contractId })).data,
    ).toMatchObject({ state: 1 });
    await db
      .update(oaApprovals)
      .set({ state: 0 })
      .where(and(eq(oaApprovals.companyId, managerRow!.companyId), eq(oaApprovals.oaItemId, 45)));
  });

  it('keeps drafts per user, only with a house name, building or room number', async () => {
    const empty = await post('/sign/signDraftSave', broker, { boxid: rentBoxId, content: { houseInfo: {} } });
    expect(empty.code).toBe(405);
    const saved = await post('/sign/signDraftSave', broker, {
      boxid: rentBoxId,
      content: { houseInfo: { houseName: '碧海湾' }, partyA: { name: '半' } },
    });
    expect(saved.code, saved.message).toBe(200);
    const { draftCode } = saved.data as { draftCode: string };
    const overwritten = await post('/sign/signDraftSave', broker, {
      boxid: rentBoxId,
      draftCode,
      content: { houseInfo: { houseRoomNo: '801' } },
    });
    expect((overwritten.data as { draftCode: string }).draftCode).toBe(draftCode);
    const list = await get('/sign/signDraftPosts', broker);
    expect(list.total).toBe(1);
    expect((await get('/sign/signDraftDetail', broker, { draftCode })).data).toMatchObject({
      boxid: rentBoxId,
      content: { houseInfo: { houseRoomNo: '801' } },
    });
    expect((await get('/sign/signDraftDetail', manager, { draftCode })).code).toBe(404);
    const del = await call(t.app, 'POST', '/sign/signDraftDel', {
      headers: { ...broker, 'content-type': 'application/x-www-form-urlencoded' },
      body: `draftCode=${draftCode}`,
    });
    expect(del.code, del.message).toBe(200);
    expect((await get('/sign/signDraftPosts', broker)).total).toBe(0);
  });

  it('submitting from a draft deletes the draft, and a retried submission returns the same contract', async () => {
    const saved = await post('/sign/signDraftSave', broker, {
      boxid: saleBoxId,
      content: { houseInfo: { houseName: '阳光花园' } },
    });
    const { draftCode } = saved.data as { draftCode: string };
    const first = await submit(broker, saleContent(), { draftCode });
    const second = await submit(broker, saleContent(), { draftCode });
    expect(second.contractId).toBe(first.contractId);
    expect((await get('/sign/signDraftDetail', broker, { draftCode })).code).toBe(404);
  });

  it('searches the list by keyword and contract number, defaults to 待签字, counts per state and pages by 15', async () => {
    const created = await submit(
      broker,
      saleContent({
        partyB: { subjectType: 1, name: '欧阳独特', certType: 1, certNo: buyerId, phone: '13966667777' },
      }),
    );
    const byName = await get('/sign/signPosts', manager, { key: '欧阳独特', state: '0' });
    expect((byName.data as { contractId: number }[]).map((c) => c.contractId)).toEqual([created.contractId]);
    const byNo = await get('/sign/signPosts', manager, { contractNo: created.contractNo, state: '1' });
    expect(byNo.total).toBe(1);
    const defaults = await get('/sign/signPosts', manager);
    expect((defaults.data as { state: number }[]).every((c) => c.state === 7)).toBe(true);
    const counts = (await get('/sign/pageCount', manager)).data as { state: number; count: number }[];
    const all = counts.find((c) => c.state === 0)!.count;
    expect(all).toBe(counts.filter((c) => c.state !== 0).reduce((sum, c) => sum + c.count, 0));
    const everything = await get('/sign/signPosts', manager, { state: '0' });
    expect((everything.data as unknown[]).length).toBe(Math.min(15, everything.total ?? 0));
  });

  it('never shows one company’s contracts to another, and a broker sees only his own', async () => {
    const { contractId } = await submit(manager);
    expect((await get('/sign/signDetailV3', managerB, { contractId: String(contractId) })).code).toBe(404);
    expect((await post('/sign/signInvalid', managerB, { contractId, reason: 'x' })).code).toBe(404);
    expect((await get('/sign/signPosts', managerB, { state: '0' })).total).toBe(0);
    expect((await get('/sign/signDetailV3', broker, { contractId: String(contractId) })).code).toBe(404);
    expect(
      (
        await post('/sign/contractSubmissionV2501', managerB, {
          boxid: saleBoxId,
          content: saleContent(),
          signatureType: 1,
        })
      ).code,
    ).toBe(405);
  });

  it('refuses voiding and deleting to a broker without 354 / 355', async () => {
    const { contractId } = await submit(broker);
    expect((await post('/sign/signInvalid', broker, { contractId, reason: 'x' })).code).toBe(403);
    expect((await post('/sign/signDelete', broker, { contractId })).code).toBe(403);
  });

  it('lets two racing starts of one contract spend one credit', async () => {
    const { contractId } = await submit(broker);
    const before = await balance(manager);
    const results = await Promise.all([
      post('/sign/contractStart', broker, { contractId, type: 2 }),
      post('/sign/contractStart', manager, { contractId, type: 2 }),
    ]);
    expect(results.filter((r) => r.code === 200).length).toBeGreaterThanOrEqual(1);
    // The loser is refused by the state check (405) or loses the write after it (409).
    expect(results.every((r) => [200, 405, 409].includes(r.code))).toBe(true);
    expect(await balance(manager)).toBe(before - 1);
  });

  /** A company of its own whose manager approves sale contracts (item 45); credits as given. */
  async function companyWithApproval(userName: string, credits: number) {
    const db = t.database.db;
    const created = await createCompany(db, {
      name: `审批房产${userName.slice(-2)}`,
      manager: { userName, name: '审批经理', passwordHash: await hashPassword('demo1234') },
    });
    const headers = await login(t.app, userName);
    expect((await post('/sign/signSetting', headers, { signType: 1 })).code).toBe(200);
    const [managerRow] = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
    const [group] = await db
      .insert(oaGroups)
      .values({ companyId: created.companyId, name: '签约审批组', sort: 1 })
      .returning();
    await db.insert(oaApprovals).values({
      companyId: created.companyId,
      groupId: group!.id,
      appType: 6,
      oaItemId: 45,
      name: '买卖合同签约审批',
      state: 1,
      approvers: [{ approverType: 1, userId: managerRow!.id }],
    });
    if (credits > 0)
      await changeSignBalance(db, created.companyId, credits, '测试赠送', { kind: SignLedgerKinds.gift });
    const templates = (await get('/sign/templatePostsV2', headers)).data as {
      boxId: number;
      contractType: number;
    }[];
    const boxid = templates.find((x) => x.contractType === 1)!.boxId;
    const submitted = await post('/sign/contractSubmissionV2501', headers, {
      boxid,
      content: saleContent(),
      signatureType: 1,
      oaParam: { oaItemId: 45 },
    });
    expect(submitted.data).toMatchObject({ state: 2, nextType: 3 });
    const { contractId } = submitted.data as Result;
    const detail = (await get('/sign/signDetailV3', headers, { contractId: String(contractId) })).data as {
      oaApprovalId: number;
    };
    return { companyId: created.companyId, headers, contractId, approvalId: detail.oaApprovalId };
  }

  it('an approval that passes without sign credits still passes: 待发起, approved, and the log says why', async () => {
    const { companyId, headers, contractId, approvalId } = await companyWithApproval('13700000011', 0);
    const decided = await post('/oa/approvalBtn', headers, { approvalId, result: 'approve', remark: '同意' });
    expect(decided.code, decided.message).toBe(200);
    expect(decided.data).toMatchObject({ status: 1 });
    expect(await state(headers, contractId)).toBe(1);
    expect(await balance(headers)).toBe(0);
    const detail = (await get('/sign/signDetailV3', headers, { contractId: String(contractId) })).data as {
      signatories: unknown[];
      signDeadline: string | null;
    };
    expect(detail).toMatchObject({ signatories: [], signDeadline: null });
    const logs = (await get('/sign/operationlogs', headers, { contractId: String(contractId) })).data as {
      action: string;
      content: string;
    }[];
    expect(logs.map((l) => l.action)).toEqual(['审批通过', '发起审批', '提交']);
    expect(logs[0]!.content).toBe('审批通过，签约份数不足，请充值后发起签署（审批意见：同意）');
    expect(
      (await get('/sign/signDetailButtonV2501', headers, { contractId: String(contractId) })).data,
    ).toMatchObject({ startSignState: 1, startOAState: 0 });
    // After buying credits the user starts signing without a second approval.
    await changeSignBalance(t.database.db, companyId, 1, '测试赠送', { kind: SignLedgerKinds.gift });
    expect((await post('/sign/contractStart', headers, { contractId, type: 2 })).data).toMatchObject({
      state: 7,
    });
    expect(await balance(headers)).toBe(0);
  });

  it('two approvals of one contract racing: one decision, one start, one credit', async () => {
    const { headers, contractId, approvalId } = await companyWithApproval('13700000012', 5);
    const results = await Promise.all([
      post('/oa/approvalBtn', headers, { approvalId, result: 'approve' }),
      post('/oa/approvalBtn', headers, { approvalId, result: 'approve' }),
    ]);
    // The loser is refused by the state check (405) or loses the write after it (409).
    expect(results.map((r) => (r.code === 409 ? 405 : r.code)).sort()).toEqual([200, 405]);
    expect(await state(headers, contractId)).toBe(7);
    expect(await balance(headers)).toBe(4);
    const detail = (await get('/sign/signDetailV3', headers, { contractId: String(contractId) })).data as {
      signatories: { role: number }[];
    };
    expect(detail.signatories.map((s) => s.role)).toEqual([1, 2, 7]);
    const logs = (await get('/sign/operationlogs', headers, { contractId: String(contractId) })).data as {
      action: string;
    }[];
    expect(logs.map((l) => l.action)).toEqual(['发起签署', '审批通过', '发起审批', '提交']);
    const count = await t.database.db
      .select({ id: signSignatories.id })
      .from(signSignatories)
      .where(eq(signSignatories.contractId, contractId));
    expect(count).toHaveLength(3);
  });
});
