/**
 * Crash safety (issue 20): the server process is killed with SIGKILL while it seals a contract (the
 * last signature), confirms a payment and decides the final step of an approval, 20 times on the
 * same database. After each restart nothing is in an impossible state: a contract is signed with a
 * sealed PDF or still waits for the signature with none, an order is paid and credited exactly once
 * or not at all, an approval has passed and moved its contract or still waits at its last step. Then
 * the user's retry completes the work. Runs on PostgreSQL and on the embedded database (whose files
 * the kill also interrupts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/test-app';
import { callOver, loginOver, startServerProcess, type ServerProcess } from '../support/server-process';
import { saleContent } from '../support/sign-fixture';
import { idCard, strokePng } from '../support/test-data';
import { authoriseSealFreeSigning } from '../support/signed-contract';
import { decodePdfString } from '../../server/areas/verify/pdf-signatures';

type Headers = Record<string, string>;
type Envelope = Awaited<ReturnType<typeof callOver>>;
type Round = {
  contractId: number;
  lastHash: string;
  orderNumber: string;
  approvalId: number;
  saleContractId: number;
};

const rounds = 20;
const creditsPerOrder = 10;
const signatureImage = `data:image/png;base64,${strokePng().toString('base64')}`;
const partyA = '13811112222';
const partyB = '13933334444';
const onPostgres = process.env['TEST_DATABASE'] === 'postgres';

describe('a server process killed during sealing, payment confirmation and an approval decision', () => {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  let server: ServerProcess;
  let manager: Headers;
  let storeManager: Headers;
  let certificate: Headers;
  let saleBoxId: number;
  const outcomes: Record<'sealing' | 'payment' | 'approval', [number, number]> = {
    sealing: [0, 0],
    payment: [0, 0],
    approval: [0, 0],
  };

  const get = (path: string, headers: Headers, query: Record<string, string | number> = {}) =>
    callOver(server, 'GET', path, {
      headers,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const post = (path: string, headers: Headers, body: unknown) =>
    callOver(server, 'POST', path, { headers, body });
  const ok = (answer: Envelope) => {
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  };
  async function lastCode(phone: string): Promise<string> {
    const sent = ok(await get('/sandbox/smsOutbox', {}, { phone })) as { content: string }[];
    return /(\d{6})/.exec(sent[0]?.content ?? '')?.[1] ?? '';
  }
  async function restart() {
    await server?.kill();
    // The first start migrates and loads the demo data: on a loaded 2-core machine that takes a while.
    server = await startServerProcess(env, { timeoutMs: 180_000 });
  }
  async function balance(): Promise<number> {
    return (ok(await get('/account/query/queryAccountCount', manager)) as { signCount: number }).signCount;
  }

  beforeAll(async () => {
    if (onPostgres) {
      const database = await createPostgresDatabase();
      env = { DATABASE_URL: database.url };
      cleanUp = database.drop;
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
      env = { DATA_DIR: dataDir };
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
    }
    env = { ...env, SMS_RESEND_SECONDS: '1', JOB_TICK_SECONDS: '3600' };
    server = await startServerProcess(env, { timeoutMs: 180_000 });
    manager = await loginOver(server, '13800000000');
    storeManager = await loginOver(server, '13800000001');
    certificate = await loginOver(server, '13800000005');
    saleBoxId = (
      ok(await get('/sign/templatePostsV2', manager)) as { boxId: number; contractType: number }[]
    ).find((template) => template.contractType === 1)!.boxId;
    await authorise();
  }, 300_000);
  afterAll(async () => {
    await server?.kill();
    await cleanUp?.();
  });

  /** The company registers, makes a contract seal and authorises it, so the last party's signature seals. */
  async function authorise() {
    await authoriseSealFreeSigning(
      {
        get: (path, headers, query = {}) => get(path, headers, query),
        post,
        lastCode,
        async uploadLicense(headers) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(strokePng())], { type: 'image/png' }), 'license.png');
          const uploaded = await fetch(`${server.url}/api/base/uploadPhoto`, {
            method: 'POST',
            headers,
            body: form,
          });
          return ((await uploaded.json()) as { data: { url: string } }).data.url;
        },
      },
      manager,
    );
  }

  /** Sends the signatory a code; one per phone per second, so a quick second send waits its turn. */
  async function sendCode(hash: string) {
    for (;;) {
      const sent = await get('/sign/signLinkCode', manager, { hash });
      if (!sent.message.includes('过于频繁')) return ok(sent);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function signByLink(hash: string, phone: string) {
    await sendCode(hash);
    return post('/sign/signByHash', manager, {
      hash,
      verificationCode: await lastCode(phone),
      signatureKind: 1,
      signatureImage,
    });
  }

  /** A contract signed by party A, an unpaid order, a sale-contract approval waiting at its last step. */
  async function prepareRound(round: number): Promise<Round> {
    const { contractId } = ok(
      await post('/sign/contractSubmissionV2501', manager, {
        boxid: saleBoxId,
        content: saleContent(`崩溃测试花园${round}`),
        signatureType: 1,
      }),
    ) as { contractId: number };
    ok(await post('/sign/contractStart', manager, { contractId, type: 2 }));
    const { signatories } = ok(await get('/sign/getSignInfo', manager, { contractId })) as {
      signatories: { role: number; hash: string }[];
    };
    const hashOf = (role: number) => signatories.find((signatory) => signatory.role === role)!.hash;
    ok(await signByLink(hashOf(1), partyA));
    await sendCode(hashOf(2));

    const quote = ok(
      await post('/products/sign/signPriceCalculation', manager, { signCount: creditsPerOrder, coupons: [] }),
    ) as { originalPrice: number; totalFee: number };
    const { orderNumber } = ok(
      await post('/buy/sign/signRecharge', manager, {
        signCount: creditsPerOrder,
        coupons: [],
        originalPrice: quote.originalPrice,
        totalFee: quote.totalFee,
        paymentType: 1,
      }),
    ) as { orderNumber: string };

    const sale = ok(
      await post('/contract/v2/contractSaleAdd', manager, {
        houseInfo: {
          province: { id: 44, name: '广东省' },
          city: { id: 4403, name: '深圳市' },
          district: { id: 440305, name: '南山区' },
          houseName: '桃源居',
          houseBuilding: '15',
          houseRoomNo: `${2000 + round}`,
        },
        parties: {
          partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002x', phone: '13612345678' },
          partyB: { subjectType: 1, name: '李四', certNo: idCard('44030419900101123'), phone: partyB },
        },
        signDate: '2026-11-20',
        transaction: { transactionPrice: 5_600_000, paymentMethod: 1 },
      }),
    ) as { contractId: number };
    const { approvalId } = ok(
      await post('/contract/v2/contractSaleStateChange', certificate, {
        contractId: sale.contractId,
        state: 6,
        remark: '客户放弃购买',
      }),
    ) as { approvalId: number };
    ok(await post('/oa/approvalBtn', storeManager, { approvalId, result: 'approve' }));
    return { contractId, lastHash: hashOf(2), orderNumber, approvalId, saleContractId: sale.contractId };
  }

  /** Reads each piece after a restart: done (true), not done (false); throws on an impossible state. */
  async function inspect(round: Round) {
    const info = ok(await get('/sign/getSignInfo', manager, { contractId: round.contractId })) as {
      state: number;
      signedCount: number;
      signerCount: number;
    };
    const landing = ok(await get(`/sign/${round.lastHash}`, manager)) as { previewUrl: string };
    const pdf = Buffer.from(await (await fetch(`${server.url}${landing.previewUrl}`)).arrayBuffer());
    // Each party's signing is a signature of its own (issue 39); the file is sealed when the last one,
    // the 签署证明 seal, is there.
    const reasons = [
      ...pdf.toString('latin1').matchAll(/\/Reason\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))/g),
    ].map((match) => decodePdfString(match[1]!));
    const sealed = reasons.some((reason) => reason.includes('全部签署完成'));
    const signed = info.state === 8;
    expect({ state: info.state, allSigned: info.signedCount === info.signerCount, sealed }).toEqual(
      signed ? { state: 8, allSigned: true, sealed: true } : { state: 7, allSigned: false, sealed: false },
    );

    const order = ok(
      await get('/packages/query/queryOrder', manager, { orderNumber: round.orderNumber }),
    ) as {
      status: number;
    };
    expect([0, 1]).toContain(order.status);

    const approval = ok(
      await get('/oa/companyOaApprovalDetail', manager, { approvalId: round.approvalId }),
    ) as {
      status: number;
      currentStep: number;
    };
    const sale = ok(
      await get('/contract/v2/contractSaleDetail', manager, { contractId: round.saleContractId }),
    ) as { state: number; pendingApproval: { targetState: number } | null };
    const passed = approval.status === 1;
    expect({
      status: approval.status,
      state: sale.state,
      pending: sale.pendingApproval?.targetState ?? null,
    }).toEqual(passed ? { status: 1, state: 6, pending: null } : { status: 0, state: 1, pending: 6 });
    return { sealing: signed, payment: order.status === 1, approval: passed };
  }

  it('leaves nothing half done after 20 kills, and each retry completes the work', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const prepared = await prepareRound(round);
      const before = await balance();
      const code = await lastCode(partyB);
      const requests = [
        post('/sign/signByHash', manager, {
          hash: prepared.lastHash,
          verificationCode: code,
          signatureKind: 1,
          signatureImage,
        }),
        post('/sandbox/payConfirm', manager, { orderNumber: prepared.orderNumber }),
        post('/oa/approvalBtn', manager, { approvalId: prepared.approvalId, result: 'approve' }),
      ].map((request) => request.catch(() => null));
      // Spread the kills over the work: from before the first statement to after the sealing.
      await new Promise((resolve) => setTimeout(resolve, (round % 10) * 60));
      await restart();
      const answered = await Promise.all(requests);

      const found = await inspect(prepared);
      // What the server confirmed before it died is kept (durable once answered).
      const confirmed = answered.map((answer) => answer?.code === 200);
      expect(
        [found.sealing, found.payment, found.approval].filter((done, i) => confirmed[i] && !done),
      ).toEqual([]);
      for (const key of ['sealing', 'payment', 'approval'] as const) outcomes[key][found[key] ? 0 : 1] += 1;
      // Credits arrive with the order's payment and only with it.
      expect(await balance()).toBe(before + (found.payment ? creditsPerOrder : 0));

      // The user (or the payment provider) tries again; what was done is not done twice.
      if (!found.sealing) ok(await signByLink(prepared.lastHash, partyB));
      const paid = await post('/sandbox/payConfirm', manager, { orderNumber: prepared.orderNumber });
      expect(paid.message).toBe(found.payment ? '该订单已支付，无需重复支付' : '支付成功');
      if (!found.approval)
        ok(await post('/oa/approvalBtn', manager, { approvalId: prepared.approvalId, result: 'approve' }));
      expect(await inspect(prepared)).toEqual({ sealing: true, payment: true, approval: true });
      expect(await balance()).toBe(before + creditsPerOrder);
    }
    console.log(
      `crash safety (${onPostgres ? 'postgres' : 'pglite'}), done before the kill / not: ` +
        Object.entries(outcomes)
          .map(([key, [done, notDone]]) => `${key} ${done}/${notDone}`)
          .join(', '),
    );
  }, 900_000);
});
