import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceOptionsAt } from '../../domain/sign-contract-text';
import { createSignFixture, png, saleContent, type Headers, type SignFixture } from '../support/sign-fixture';

type Preview = { title: string; html: string; pdfUrl: string | null; fields: { fieldName: string }[] };

/** The choice placeholders of a contract's HTML that show a code instead of a label. */
function rawChoices(html: string): string[] {
  return [...html.matchAll(/<span data-field="([^"]+)">([^<]*)<\/span>/g)]
    .filter(([, path, text]) => choiceOptionsAt(path!) !== undefined && /^\d+$/.test(text!))
    .map(([, path, text]) => `${path}=${text}`);
}

describe('views around a sign contract: add flags, history, previews, 签字记录, 我的签约', () => {
  let f: SignFixture;
  let t: SignFixture['t'];
  let manager: Headers;
  let broker: Headers;
  let finance: Headers;
  let managerB: Headers;
  let nobody: Headers;
  let saleBoxId: number;
  const get = (...args: Parameters<SignFixture['get']>) => f.get(...args);
  const post = (...args: Parameters<SignFixture['post']>) => f.post(...args);
  const submit = (...args: Parameters<SignFixture['submit']>) => f.submit(...args);

  beforeAll(async () => {
    f = await createSignFixture();
    ({ t, manager, broker, finance, managerB, nobody, saleBoxId } = f);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('tells who may add sale and rent contracts (502 / 503 of app 5)', async () => {
    const flags = async (headers: Headers) => (await get('/base/getContractAddOperateAuth', headers)).data;
    expect(await flags(manager)).toEqual({ newAddBtn: 1, saleContractNewAdd: 1, rentContractNewAdd: 1 });
    expect(await flags(broker)).toEqual({ newAddBtn: 1, saleContractNewAdd: 1, rentContractNewAdd: 1 });
    expect(await flags(finance)).toEqual({ newAddBtn: 0, saleContractNewAdd: 0, rentContractNewAdd: 0 });
    expect(await flags(nobody)).toEqual({ newAddBtn: 0, saleContractNewAdd: 0, rentContractNewAdd: 0 });
  });

  it('keeps every version an edit replaced and shows its text', async () => {
    const contractId = await submit(broker, saleContent('阳光花园'));
    const edit = (houseName: string) =>
      post('/sign/contractEditV2501', broker, {
        contractId,
        boxid: saleBoxId,
        content: saleContent(houseName),
        signatureType: 1,
      });
    expect((await edit('明月小区')).code).toBe(200);
    expect((await edit('星河湾')).code).toBe(200);
    const history = await get('/sign/signHistoryPosts', broker, { contractId });
    expect(history.total).toBe(2);
    const items = history.data as { historyId: number; version: number; operator: { name: string } }[];
    expect(items.map((item) => item.version)).toEqual([2, 1]);
    expect(items[0]!.operator.name).toBe('赵经纪');
    const first = await get('/sign/signCustomModeHistoryView', broker, { historyId: items[1]!.historyId });
    expect((first.data as Preview).html).toContain('阳光花园');
    expect((first.data as Preview).html).not.toContain('星河湾');
    const current = (await get('/sign/signCustomModelView', broker, { contractId })).data as Preview;
    expect(current.html).toContain('<span data-field="property.houseName">星河湾</span>');

    expect((await get('/sign/signHistoryPosts', managerB, { contractId })).code).toBe(404);
    expect(
      (await get('/sign/signCustomModeHistoryView', managerB, { historyId: items[1]!.historyId })).code,
    ).toBe(404);
    expect((await get('/sign/signHistoryPosts', nobody, { contractId })).code).toBe(403);
  });

  it('renders the contract text from the template: blank lines for a new contract, the values once filled, all escaped', async () => {
    const blank = (await get('/sign/signingPreviewContent', broker, { boxId: saleBoxId })).data as Preview;
    expect(blank).toMatchObject({ title: '二手房买卖合同', subTitle: null });
    expect(blank.html).toContain('<span data-field="partyA.name" class="blank">____</span>');
    expect(blank.html).toContain('安居房产经纪有限公司');
    expect(blank.html).not.toContain('{{');
    const addView = (await get('/sign/signAddView', broker, { boxId: saleBoxId })).data as Preview;
    expect(addView.fields.map((field) => field.fieldName)).toContain('fieldsList_1');

    const contractId = await submit(broker, saleContent('阳光花园', '<img src=x onerror=alert(1)>赠送家具'));
    for (const url of ['/sign/signCustomModelView', '/sign/signingPreviewEditContent']) {
      const filled = (await get(url, broker, { contractId })).data as Preview;
      expect(filled.html).toContain('<span data-field="partyA.name">张三</span>');
      expect(filled.html).toContain('&#60;img src=x onerror=alert(1)&#62;赠送家具');
      expect(filled.html).not.toContain('<img');
    }
    const viewed = (await get('/sign/signingPreviewViewContent', broker, { contractId })).data as Preview;
    expect(viewed.pdfUrl).toBeNull();

    const draft = await post('/sign/signDraftSave', broker, {
      boxid: saleBoxId,
      content: { ...saleContent('草稿花园'), houseInfo: { houseName: '草稿花园' } },
    });
    expect(draft.code, draft.message).toBe(200);
    const draftCode = (draft.data as { draftCode: string }).draftCode;
    const fromDraft = await get('/sign/signingPreviewDraftDetail', broker, { draftCode });
    expect((fromDraft.data as Preview).html).toContain('草稿花园');
    expect((await get('/sign/signingPreviewDraftDetail', manager, { draftCode })).code).toBe(404);

    expect((await get('/sign/signCustomModelView', managerB, { contractId })).code).toBe(404);
    expect((await get('/sign/signingPreviewContent', managerB, { boxId: saleBoxId })).code).toBe(404);
    expect((await get('/sign/signingPreviewContent', nobody, { boxId: saleBoxId })).code).toBe(403);
    expect((await get('/sign/signingPreviewViewContent', nobody, { contractId })).code).toBe(403);
  });

  it('writes choices by their labels and the price in capitals, in the previews and the printed PDF', async () => {
    const content = saleContent('阳光花园');
    const contractId = await submit(broker, {
      ...content,
      ownership: { mortgage: 1, mortgageBank: '招商银行', householdRegister: 0 },
      rental: { haveRent: 1 },
    });
    for (const url of [
      '/sign/signCustomModelView',
      '/sign/signingPreviewEditContent',
      '/sign/signingPreviewViewContent',
    ]) {
      const { html } = (await get(url, broker, { contractId })).data as Preview;
      expect(html).toContain('<span data-field="transaction.paymentMethod">商业贷款</span>');
      expect(html).toContain('<span data-field="transaction.transactionPriceCapital">叁佰贰拾万元整</span>');
      expect(html).toContain('<span data-field="ownership.mortgage">有</span>');
      expect(html).toContain('<span data-field="ownership.householdRegister">无</span>');
      expect(html).toContain('<span data-field="rental.haveRent">无租约</span>');
      expect(rawChoices(html)).toEqual([]);
    }
    const print = (await get('/sign/signViewPrint', broker, { contractId })).data as { pdfUrl: string };
    const pdf = await t.app.inject({ method: 'GET', url: print.pdfUrl });
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString('utf8');
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('付款方式：商业贷款');
    expect(flat).toContain('成交价为人民币3200000元（大写：叁佰贰拾万元整）');
    expect(flat).toContain('该房屋抵押情况：有');
    expect(flat).toContain('房屋租赁情况：无租约');
    expect(flat).toContain('户口情况：无');
    expect(flat).not.toContain('&emsp;');
    expect(flat.match(/二手房买卖合同/g)).toHaveLength(1);

    // An edit writes the new price in capitals; an amount that cannot be written is refused.
    const edited = await post('/sign/contractEditV2501', broker, {
      contractId,
      boxid: saleBoxId,
      content: {
        ...content,
        transaction: { ...content.transaction, transactionPrice: 1005.1, paymentMethod: 4 },
      },
      signatureType: 1,
    });
    expect(edited.code, edited.message).toBe(200);
    const after = (await get('/sign/signCustomModelView', broker, { contractId })).data as Preview;
    expect(after.html).toContain(
      '<span data-field="transaction.transactionPriceCapital">壹仟零伍元壹角</span>',
    );
    expect(after.html).toContain('<span data-field="transaction.paymentMethod">组合贷款</span>');
    const refused = await post('/sign/contractSubmissionV2501', broker, {
      boxid: saleBoxId,
      content: { ...content, transaction: { ...content.transaction, transactionPrice: 1234.567 } },
      signatureType: 1,
    });
    expect(refused).toMatchObject({ code: 405, message: '成交价金额最多保留两位小数' });
  });

  it('writes the rent contract’s payment cycle and fixed terms by their labels', async () => {
    const templates = (await get('/sign/templatePostsV2', manager)).data as {
      boxId: number;
      contractType: number;
    }[];
    const rentBoxId = templates.find((x) => x.contractType === 2)!.boxId;
    const sale = saleContent('月租公寓');
    const submitted = await post('/sign/contractSubmissionV2501', broker, {
      boxid: rentBoxId,
      signatureType: 1,
      content: {
        partyA: sale.partyA,
        partyB: sale.partyB,
        property: sale.property,
        transaction: { startDate: '2027-01-01', endDate: '2027-12-31', paymentCycle: 3 },
        rental: { monthlyRent: 4500, depositRent: 9000 },
        supplementaryTerms: { otherTermsFixedOne: 1, otherTermsFixedTwo: 0, otherTermsFixedThree: 1 },
        customFields: { fieldsList_1: '居住' },
      },
    });
    expect(submitted.code, submitted.message).toBe(200);
    const contractId = (submitted.data as { contractId: number }).contractId;
    const { html } = (await get('/sign/signCustomModelView', broker, { contractId })).data as Preview;
    expect(html).toContain('租金<span data-field="transaction.paymentCycle">每 3 个月</span>支付一次');
    expect(html).toContain(
      '转租（<span data-field="supplementaryTerms.otherTermsFixedOne">纳入合同</span>）',
    );
    expect(html).toContain('装修（<span data-field="supplementaryTerms.otherTermsFixedTwo">不纳入</span>）');
    expect(rawChoices(html)).toEqual([]);
    const print = (await get('/sign/signViewPrint', broker, { contractId })).data as { pdfUrl: string };
    const pdf = await t.app.inject({ method: 'GET', url: print.pdfUrl });
    const flat = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, '');
    expect(flat).toContain('租金每3个月支付一次');
    expect(flat).toContain('转租（纳入合同）');
  });

  it('prints every widget field of the sale and rent templates in their sentences', async () => {
    const printed = async (contractId: number) => {
      const print = (await get('/sign/signViewPrint', broker, { contractId })).data as { pdfUrl: string };
      const pdf = await t.app.inject({ method: 'GET', url: print.pdfUrl });
      return execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload })
        .toString('utf8')
        .replace(/\s+/g, '');
    };
    const saleId = await submit(broker, {
      ...saleContent('阳光花园'),
      customFields: {
        fieldsList_1: '70年',
        fieldsList_2: '2027-01-05',
        fieldsList_3: '5000',
        fieldsList_4: ['家具', '车位使用权'],
        fieldsList_5: '钥匙三把随房交付',
      },
    });
    const saleHtml = (
      (await get('/sign/signCustomModelView', broker, { contractId: saleId })).data as Preview
    ).html;
    expect(saleHtml).toContain('该房屋土地使用权（产权）年限为<span data-field="fieldsList_1">70年</span>');
    expect(saleHtml).toContain('<span data-field="fieldsList_4">家具、车位使用权</span>');
    const sale = await printed(saleId);
    expect(sale).toContain('该房屋土地使用权（产权）年限为70年');
    expect(sale).toContain('甲方应于2027-01-05前结清该房屋的物业服务费');
    expect(sale).toContain('专项维修资金（维修基金）5000元随房屋一并转让给乙方');
    expect(sale).toContain('甲方随房屋附赠乙方以下物品：家具、车位使用权');
    expect(sale).toContain('备注说明：钥匙三把随房交付');

    const templates = (await get('/sign/templatePostsV2', manager)).data as {
      boxId: number;
      contractType: number;
    }[];
    const content = saleContent('月租公寓');
    const rentSubmitted = await post('/sign/contractSubmissionV2501', broker, {
      boxid: templates.find((x) => x.contractType === 2)!.boxId,
      signatureType: 1,
      content: {
        partyA: content.partyA,
        partyB: content.partyB,
        property: content.property,
        transaction: { startDate: '2027-01-01', endDate: '2027-12-31', paymentCycle: 1 },
        rental: { monthlyRent: 4500, depositRent: 9000 },
        customFields: {
          fieldsList_1: '办公',
          fieldsList_2: '电1234度，水56吨，燃气78立方米',
          fieldsList_3: 3,
          fieldsList_4: '钥匙2把、门禁卡1张',
        },
      },
    });
    expect(rentSubmitted.code, rentSubmitted.message).toBe(200);
    const rent = await printed((rentSubmitted.data as { contractId: number }).contractId);
    expect(rent).toContain('乙方租赁该房屋用于办公，未经甲方书面同意');
    expect(rent).toContain('该房屋可居住人数不超过3人');
    expect(rent).toContain('水、电、燃气表底数：电1234度，水56吨，燃气78立方米；');
    expect(rent).toContain('钥匙交接：钥匙2把、门禁卡1张');
  });

  it('lists 签字记录 from the signing audit trail, three per page, newest first', async () => {
    const contractId = await submit(manager);
    expect((await post('/sign/contractStart', manager, { contractId, type: 2 })).code).toBe(200);
    const info = await get('/sign/getSignInfo', manager, { contractId });
    const signatories = (info.data as { signatories: { role: number; hash: string }[] }).signatories;
    const hashOf = (role: number) => signatories.find((s) => s.role === role)!.hash;
    const signByLink = async (hash: string, phone: string) => {
      t.clock.advance(61_000);
      expect((await get('/sign/signLinkCode', manager, { hash })).code).toBe(200);
      const message = [...t.sms.sent].reverse().find((sent) => sent.phone === phone);
      const signed = await post('/sign/signByHash', manager, {
        hash,
        verificationCode: /(\d{6})/.exec(message?.content ?? '')?.[1] ?? '',
        signatureKind: 1,
        signatureImage: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(signed.code, signed.message).toBe(200);
    };
    expect((await get('/sign/signRecods', manager, { contractId })).total).toBe(0);
    await signByLink(hashOf(1), '13811112222');
    await signByLink(hashOf(2), '13933334444');
    const records = await get('/sign/signRecods', manager, { contractId });
    expect(records.total).toBe(2);
    expect(records.data).toMatchObject([
      { signatoryName: '李四', role: 2, action: 3 },
      { signatoryName: '张三', role: 1, action: 3 },
    ]);
    const viewed = (await get('/sign/signingPreviewViewContent', manager, { contractId })).data as Preview;
    expect(viewed.pdfUrl).toMatch(/^\/files\/[0-9a-f]{64}\.pdf$/);
    expect((await get('/sign/signRecods', managerB, { contractId })).code).toBe(404);
    expect((await get('/sign/signRecods', nobody, { contractId })).code).toBe(403);
  }, 60_000);

  it('shows on 我的签约 only the user’s own contracts, with their detail', async () => {
    const own = await submit(broker, saleContent('我的花园'));
    const others = await submit(manager, saleContent('经理花园'));
    const mine = await get('/sign/myPageSignPosts', broker, { key: '我的花园' });
    expect((mine.data as { contractId: number }[]).map((c) => c.contractId)).toEqual([own]);
    const all = (await get('/sign/myPageSignPosts', broker)).data as {
      contractId: number;
      creator: { name: string };
    }[];
    expect(all.every((c) => c.creator.name === '赵经纪')).toBe(true);
    expect(all.some((c) => c.contractId === others)).toBe(false);
    expect((await get('/sign/myPageSignPosts', broker, { state: 7 })).total).toBe(0);

    expect((await get('/sign/myPageSignDetailV3', broker, { contractId: own })).data).toMatchObject({
      contractId: own,
      state: 1,
    });
    expect((await get('/sign/myPageSignDetailV3', broker, { contractId: others })).code).toBe(404);
    expect((await get('/sign/myPageSignDetailV3', managerB, { contractId: own })).code).toBe(404);

    expect((await get('/sign/myPageSignPosts', nobody)).total).toBe(0);
  });
});
