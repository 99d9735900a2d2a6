import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, saleContent, type Headers, type SignFixture } from '../support/sign-fixture';

type PrintView = { contractId: number; pdfUrl: string; printCount: number; canPrint: number };

describe('what a sign contract collects: follow-ups, pictures, printing', () => {
  let f: SignFixture;
  let t: SignFixture['t'];
  let manager: Headers;
  let broker: Headers;
  let finance: Headers;
  let managerB: Headers;
  let nobody: Headers;
  let pictureUrl: string;
  const get = (...args: Parameters<SignFixture['get']>) => f.get(...args);
  const post = (...args: Parameters<SignFixture['post']>) => f.post(...args);
  const submit = (...args: Parameters<SignFixture['submit']>) => f.submit(...args);

  beforeAll(async () => {
    f = await createSignFixture();
    ({ t, manager, broker, finance, managerB, nobody, pictureUrl } = f);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('records follow-ups with company categories and uploaded pictures, once per request', async () => {
    const contractId = await submit(broker);
    const categories = (await get('/sign/signFollowUpCategory', broker)).data as {
      categoryId: number;
      name: string;
    }[];
    expect(categories.map((c) => c.name)).toEqual(['电话沟通', '面谈', '资料补充', '其他']);
    const phone = categories[0]!.categoryId;
    const meeting = categories[1]!.categoryId;
    const body = {
      contractId,
      categoryId: phone,
      content: '已电话通知买方准备首付款',
      pictures: [pictureUrl],
      requestId: 'follow-0001',
    };
    const first = await post('/sign/signfollowUp', broker, body);
    expect(first.code, first.message).toBe(200);
    const retried = await post('/sign/signfollowUp', broker, body);
    expect(retried.data).toEqual(first.data);
    expect(
      (
        await post('/sign/signfollowUp', finance, {
          contractId,
          categoryId: meeting,
          content: '面谈确认过户日期',
        })
      ).code,
    ).toBe(200);

    const list = await get('/sign/getSignFollowUp', broker, { contractId });
    expect(list.total).toBe(2);
    const rows = list.data as {
      content: string;
      categoryName: string;
      pictures: string[];
      operator: { name: string };
    }[];
    expect(rows[0]).toMatchObject({
      content: '面谈确认过户日期',
      categoryName: '面谈',
      operator: { name: '钱财务' },
    });
    expect(rows[1]).toMatchObject({ categoryName: '电话沟通', pictures: [pictureUrl] });
    const onlyPhone = await get('/sign/getSignFollowUp', broker, { contractId, categoryId: phone });
    expect(onlyPhone.total).toBe(1);

    const badPicture = await post('/sign/signfollowUp', broker, {
      contractId,
      categoryId: phone,
      content: '附图',
      pictures: ['https://example.com/a.png'],
    });
    expect(badPicture).toMatchObject({
      code: 405,
      message: '跟进图片（pictures）第 1 张不是已上传的图片，请重新上传',
    });
    expect(
      (await post('/sign/signfollowUp', broker, { contractId, categoryId: phone, content: '   ' })).message,
    ).toBe('请输入跟进内容（content）');
    expect(
      (await post('/sign/signfollowUp', broker, { contractId, categoryId: 999999, content: '跟进' })).message,
    ).toBe('跟进类型（categoryId）不存在，请重新选择');

    expect((await post('/sign/signfollowUp', managerB, { ...body, requestId: 'follow-0002' })).code).toBe(
      404,
    );
    expect((await get('/sign/getSignFollowUp', managerB, { contractId })).code).toBe(404);
    expect((await post('/sign/signfollowUp', nobody, { ...body, requestId: 'follow-0003' })).code).toBe(403);
    expect((await get('/sign/getSignFollowUp', broker, { contractId })).total).toBe(2);
  });

  it('files pictures by category, replaces a category’s list as a whole, and keeps categories in use', async () => {
    const contractId = await submit(broker);
    const categories = (await get('/sign/getSignPictrueCategoryV2', broker, { contractId })).data as {
      categoryId: number;
      name: string;
      count: number;
    }[];
    expect(categories.map((c) => [c.name, c.count])).toEqual([
      ['身份证件', 0],
      ['房产证', 0],
      ['合同照片', 0],
      ['收据', 0],
    ]);
    const idCards = categories[0]!.categoryId;
    const save = (pictures: string[]) =>
      post('/sign/signPictrueUpdateV2', broker, { contractId, categoryId: idCards, pictures });
    const saved = await save([pictureUrl]);
    expect(saved.code, saved.message).toBe(200);
    expect((await save([pictureUrl])).data).toEqual(saved.data);
    const after = (await get('/sign/getSignPictrueCategoryV2', broker, { contractId })).data as {
      count: number;
    }[];
    expect(after[0]!.count).toBe(1);
    const pictures = (await get('/sign/getSignPictrueV2', broker, { contractId })).data as {
      url: string;
      uploaderName: string;
    }[];
    expect(pictures).toMatchObject([{ url: pictureUrl, uploaderName: '赵经纪' }]);
    const logs = (await get('/sign/operationlogs', broker, { contractId })).data as { action: string }[];
    expect(logs.filter((log) => log.action === '更新图片')).toHaveLength(1);
    expect((await save(['/files/not-uploaded.png'])).code).toBe(405);

    const keepAll = categories.map((c, sort) => ({ categoryId: c.categoryId, name: c.name, sort }));
    const dropUsed = await post('/sign/signPictrueCategoryUpdateV2', manager, {
      categories: keepAll.slice(1),
    });
    expect(dropUsed).toMatchObject({ code: 409, message: '分类下还有图片，不能删除：身份证件' });
    const renamed = await post('/sign/signPictrueCategoryUpdateV2', manager, {
      categories: [
        { ...keepAll[0]!, name: '身份证明' },
        ...keepAll.slice(1, 3),
        { name: '交房照片', sort: 4 },
      ],
    });
    expect(renamed.code, renamed.message).toBe(200);
    expect((renamed.data as { name: string }[]).map((c) => c.name)).toEqual([
      '身份证明',
      '房产证',
      '合同照片',
      '交房照片',
    ]);
    const duplicate = await post('/sign/signPictrueCategoryUpdateV2', manager, {
      categories: [
        { name: '收据', sort: 0 },
        { name: '收据', sort: 1 },
      ],
    });
    expect(duplicate.message).toBe('分类名称（name）不能重复：收据');

    expect((await post('/sign/signPictrueCategoryUpdateV2', broker, { categories: keepAll })).code).toBe(403);
    expect((await get('/sign/getSignPictrueV2', managerB, { contractId })).code).toBe(404);
    expect(
      (await post('/sign/signPictrueUpdateV2', managerB, { contractId, categoryId: idCards, pictures: [] }))
        .code,
    ).toBe(404);
    expect((await get('/sign/getSignPictrueCategoryV2', nobody, { contractId })).code).toBe(403);
    const categoriesB = (await get('/sign/signFollowUpCategory', managerB)).data as { categoryId: number }[];
    expect(categoriesB.some((c) => categories.some((a) => a.categoryId === c.categoryId))).toBe(false);
  });

  it('prints a contract once, again only after a request with a reason, and counts a retried registration once', async () => {
    const contractId = await submit(broker);
    const view = await get('/sign/signViewPrint', broker, { contractId });
    expect(view.code, view.message).toBe(200);
    expect(view.data).toMatchObject({ contractId, printCount: 0, canPrint: 1 });
    const pdf = await t.app.inject({ method: 'GET', url: (view.data as PrintView).pdfUrl });
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain('二手房买卖合同');
    expect(text).toContain('张三');

    const printed = await post('/sign/signUpdatePrint', broker, { contractId });
    expect(printed.data).toMatchObject({ printCount: 1, canPrint: 0 });
    expect((await post('/sign/signUpdatePrint', broker, { contractId })).data).toMatchObject({
      printCount: 1,
      canPrint: 0,
    });
    expect((await post('/sign/signPrintAgain', broker, { contractId, reason: ' ' })).message).toBe(
      '请输入重新打印原因（reason）',
    );
    const again = await post('/sign/signPrintAgain', broker, { contractId, reason: '客户要求多打一份' });
    expect(again.data).toMatchObject({ printCount: 1, canPrint: 1 });
    await post('/sign/signPrintAgain', broker, { contractId, reason: '客户要求多打一份' });
    expect((await post('/sign/signUpdatePrint', broker, { contractId })).data).toMatchObject({
      printCount: 2,
      canPrint: 0,
    });
    const logs = (await get('/sign/operationlogs', broker, { contractId })).data as { action: string }[];
    expect(logs.map((log) => log.action)).toEqual(['打印', '申请重新打印', '打印', '提交']);
    const detail = (await get('/sign/signDetailV3', broker, { contractId })).data as { printCount: number };
    expect(detail.printCount).toBe(2);

    expect((await get('/sign/signViewPrint', managerB, { contractId })).code).toBe(404);
    expect((await post('/sign/signUpdatePrint', nobody, { contractId })).code).toBe(403);
    expect((await post('/sign/signInvalid', manager, { contractId, reason: '重复录入' })).code).toBe(200);
    expect(await get('/sign/signViewPrint', manager, { contractId })).toMatchObject({
      code: 409,
      message: '当前状态不允许此操作！',
    });
  });

  it('takes follow-ups from 我的签约 only on the user’s own contracts', async () => {
    const own = await submit(broker, saleContent('我的花园'));
    const others = await submit(manager, saleContent('经理花园'));
    const [category] = (await get('/sign/signFollowUpCategory', broker)).data as { categoryId: number }[];
    const added = await post('/template/myPageSignfollowUp', broker, {
      contractId: own,
      categoryId: category!.categoryId,
      content: '约好周六看房',
    });
    expect(added.code, added.message).toBe(200);
    expect(
      (
        await post('/template/myPageSignfollowUp', broker, {
          contractId: others,
          categoryId: category!.categoryId,
          content: '不是我的',
        })
      ).code,
    ).toBe(404);
    const follow = await get('/sign/getmyPageSignFollowUp', broker, { contractId: own });
    expect((follow.data as { content: string }[]).map((item) => item.content)).toEqual(['约好周六看房']);
    expect((await get('/sign/getmyPageSignFollowUp', managerB, { contractId: own })).code).toBe(404);
  });
});
