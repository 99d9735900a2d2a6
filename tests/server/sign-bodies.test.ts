/**
 * The signing body and seal chosen at submission (signBodyList): checked when the contract is
 * submitted or edited, shown on the detail, and the seal the company party signs with.
 */
import { execFileSync } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, saleContent, type SignFixture } from '../support/sign-fixture';
import { createDatabaseStorage } from '../../server/storage/files';
import { signBodies, signSeals, signSignatures } from '../../server/db/schema-signing';
import { signContracts } from '../../server/db/schema-sign';
import { users } from '../../server/db/schema';
import { signBodyMessages } from '../../server/areas/sign/sign-bodies';
import { strokePng } from '../support/test-data';

type BodyView = { signBodyId: number; corpName: string; sealId: number; sealTitle: string; sealType: number };

describe('the signing body and seal chosen at submission', () => {
  let f: SignFixture;
  let body: number;
  let contractSeal: number;
  let financeSeal: number;
  let deletedSeal: number;
  let otherBodySeal: { signBodyId: number; sealId: number };
  let unverified: { signBodyId: number; sealId: number };
  let companyBSeal: { signBodyId: number; sealId: number };

  async function companyOf(userName: string): Promise<number> {
    const [row] = await f.t.database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, userName));
    return row!.companyId;
  }

  /** A registered body with its seals, as the seal page makes them (the registration is tested in signing.test.ts). */
  let serial = 0;
  async function makeBody(companyId: number, corpName: string, state: number, seals: [number, string][]) {
    serial += 1;
    const image = await createDatabaseStorage(f.t.database.db).save(strokePng(), 'seal.png', ['png']);
    const [created] = await f.t.database.db
      .insert(signBodies)
      .values({
        companyId,
        etcomid: `E${serial}`,
        agentCode: 'A1',
        corpName,
        corpIdentNo: `91440300MA5F00000${serial}`,
        corpIdentType: 1,
        corpIdentMethod: 1,
        legalRepName: '张经理',
        legalPhone: '13800000000',
        licenseUrl: image.url,
        state,
      })
      .returning({ id: signBodies.id });
    const ids: number[] = [];
    for (const [sealType, title] of seals) {
      const [seal] = await f.t.database.db
        .insert(signSeals)
        .values({ companyId, signBodyId: created!.id, sealType, title, imageName: image.name, source: 2 })
        .returning({ id: signSeals.id });
      ids.push(seal!.id);
    }
    return { signBodyId: created!.id, sealIds: ids };
  }

  const contractCount = async () => (await f.t.database.db.select({ n: count() }).from(signContracts))[0]!.n;

  const submitWith = (signBodyList: unknown) =>
    f.post('/sign/contractSubmissionV2501', f.manager, {
      boxid: f.saleBoxId,
      content: saleContent('印章花园'),
      signatureType: 1,
      signBodyList,
    });

  beforeAll(async () => {
    f = await createSignFixture();
    const companyA = await companyOf('13800000000');
    const a = await makeBody(companyA, '安居房产经纪有限公司', 1, [
      [2, '合同专用章'],
      [3, '财务专用章（测试）'],
      [1, '已删除的公章'],
    ]);
    body = a.signBodyId;
    [contractSeal, financeSeal, deletedSeal] = a.sealIds as [number, number, number];
    await f.t.database.db
      .update(signSeals)
      .set({ deletedAt: new Date() })
      .where(eq(signSeals.id, deletedSeal));
    const second = await makeBody(companyA, '安居房产第二主体', 1, [[2, '第二合同章']]);
    otherBodySeal = { signBodyId: body, sealId: second.sealIds[0]! };
    const pending = await makeBody(companyA, '安居房产待认证主体', 0, [[2, '待认证合同章']]);
    unverified = { signBodyId: pending.signBodyId, sealId: pending.sealIds[0]! };
    const b = await makeBody(await companyOf('13900000000'), '宜家置业有限公司', 1, [[2, '宜家合同章']]);
    companyBSeal = { signBodyId: b.signBodyId, sealId: b.sealIds[0]! };
  }, 180_000);
  afterAll(async () => {
    await f.t.close();
  });

  it('refuses a seal that is not a live seal of the named verified body of the company, writing nothing', async () => {
    const before = await contractCount();
    const refusals: [unknown, string][] = [
      [[companyBSeal], signBodyMessages.unknown],
      [[{ signBodyId: body, sealId: deletedSeal }], signBodyMessages.unknown],
      [[otherBodySeal], signBodyMessages.unknown],
      [[{ signBodyId: body, sealId: 999_999 }], signBodyMessages.unknown],
      [[unverified], signBodyMessages.unverified],
      [
        [
          { signBodyId: body, sealId: contractSeal },
          { signBodyId: body, sealId: financeSeal },
        ],
        signBodyMessages.duplicate,
      ],
    ];
    for (const [list, message] of refusals) {
      expect(await submitWith(list)).toMatchObject({ code: 405, message });
    }
    expect(await contractCount()).toBe(before);
  });

  it('shows the chosen body and seal on the detail; an edit changes them and is checked the same way', async () => {
    const submitted = await submitWith([{ signBodyId: body, sealId: financeSeal }]);
    expect(submitted.code, submitted.message).toBe(200);
    const { contractId } = submitted.data as { contractId: number };
    const detail = async () =>
      ((await f.get('/sign/signDetailV3', f.manager, { contractId })).data as { signBodyList: BodyView[] })
        .signBodyList;
    expect(await detail()).toMatchObject([
      {
        signBodyId: body,
        corpName: '安居房产经纪有限公司',
        sealId: financeSeal,
        sealTitle: '财务专用章（测试）',
        sealType: 3,
      },
    ]);
    const edit = (signBodyList: unknown) =>
      f.post('/sign/contractEditV2501', f.manager, {
        contractId,
        boxid: f.saleBoxId,
        content: saleContent('印章花园'),
        signatureType: 1,
        signBodyList,
      });
    expect(await edit([companyBSeal])).toMatchObject({ code: 405, message: signBodyMessages.unknown });
    expect((await edit([{ signBodyId: body, sealId: contractSeal }])).code).toBe(200);
    expect(await detail()).toMatchObject([{ sealId: contractSeal, sealTitle: '合同专用章', sealType: 2 }]);
    const content = await f.get('/sign/signContent', f.manager, { contractId });
    expect((content.data as { signBodyList: unknown }).signBodyList).toEqual([
      { signBodyId: body, sealId: contractSeal },
    ]);
  });

  it('seals with the chosen finance seal when the company signs, and the signed PDF names it', async () => {
    await f.t.database.db
      .update(signSeals)
      .set({ authFreeUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000) })
      .where(eq(signSeals.id, financeSeal));
    const submitted = await submitWith([{ signBodyId: body, sealId: financeSeal }]);
    expect(submitted.code, submitted.message).toBe(200);
    const { contractId } = submitted.data as { contractId: number };
    // Credits: the demo company has some; start signing and let both parties sign through their links.
    const started = await f.post('/sign/contractStart', f.manager, { contractId, type: 2 });
    expect(started.code, started.message).toBe(200);
    const info = await f.get('/sign/getSignInfo', f.manager, { contractId });
    const signatories = (info.data as { signatories: { role: number; hash: string }[] }).signatories;
    const phones: Record<number, string> = { 1: '13811112222', 2: '13933334444' };
    for (const signatory of signatories.filter((s) => s.role === 1 || s.role === 2)) {
      f.t.clock.advance(61_000);
      expect((await f.get('/sign/signLinkCode', f.manager, { hash: signatory.hash })).code).toBe(200);
      const code = /(\d{6})/.exec(
        [...f.t.sms.sent].reverse().find((sent) => sent.phone === phones[signatory.role])?.content ?? '',
      )?.[1];
      const signed = await f.post('/sign/signByHash', f.manager, {
        hash: signatory.hash,
        verificationCode: code,
        signatureKind: 1,
        signatureImage: `data:image/png;base64,${strokePng().toString('base64')}`,
      });
      expect(signed.code, signed.message).toBe(200);
    }
    const seals = await f.t.database.db
      .select({ sealId: signSignatures.sealId })
      .from(signSignatures)
      .where(eq(signSignatures.contractId, contractId));
    expect(seals.map((s) => s.sealId).filter((id) => id !== null)).toEqual([financeSeal]);
    const view = await f.get('/sign/signingPreviewViewContent', f.manager, { contractId });
    const pdfUrl = (view.data as { pdfUrl: string }).pdfUrl;
    const pdf = (await f.t.app.inject({ method: 'GET', url: pdfUrl })).rawPayload;
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, '');
    expect(text).toContain('财务专用章「财务专用章（测试）」');
  });
});
