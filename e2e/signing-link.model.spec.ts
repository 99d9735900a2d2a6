/**
 * The signing-link machine's model driven through the real awaiting-signature page
 * (/views/sign/to-be-signed?hash=) against the real server. Each worker makes one signing company
 * (sign credits, signing body and contract seal) and each path a sale contract of its own, started
 * for signing: the seller's link, or the company party's when the path signs as the company. The
 * company's manager opens the link; SMS codes are read from the sandbox outbox.
 * What makes the server answer each way is real: a link whose party has signed says so; a voided
 * contract's link is refused; a second code inside the resend interval is refused; a wrong code is
 * refused; the last party to sign moves the contract to 8 (the other parties signed through their
 * links first). A link past its deadline: the contract's own signing deadline is moved to now
 * through the sandbox (POST /api/sandbox/signDeadlineTimeout from the test's request, as an e-sign
 * vendor's sandbox lets a tester simulate a timeout; no page of the product offers it), and the
 * server's real rule answers the landing expired; a deadline once passed stays passed, so a path
 * does not find the link in time again after it. What the real server cannot answer — a link of a
 * contract no longer awaiting signatures that its party has not signed (every way out of 7
 * deactivates the links, so such a landing is refused instead) — is forged at the network layer:
 * the real landing of this link is fetched and answered with the sample's state, expiry and sign
 * status (recorded as `network`, not driven; see docs/testing.md). A path that signs and
 * then reloads finds its link signed: the paths are the generated browser paths that keep to that,
 * narrowed to a subset that still takes every transition (e2e/support/covering-paths.ts), and every
 * way of signing (a drawn or a generated signature, the company's seal after an SMS code or after
 * 人脸核身) goes to the server once. A face check is decided on the sandbox provider's page that
 * opens; the page then reports the passed check (face.passed) and signs with its faceId.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { signingLinkModel } from '../tests/models/signing-link.model';
import {
  signingMessages,
  type SignRequest,
  type SignResult,
  type SigningLanding,
  type SigningLinkContext,
} from '../machines/signing-link.machine';
import {
  browserModel,
  runPathInBrowser,
  declareStepSource,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { latestCode, noteSent, post, waitForResend } from './support/api';
import { get, must, openAs } from './support/oa';
import {
  codeAfter,
  createSigningCompany,
  startSaleContract,
  type Signatory,
  type SigningCompany,
} from './support/signing';
import { strokePng } from '../tests/support/test-data';

type Started = Awaited<ReturnType<typeof startSaleContract>>;
type Fixture = {
  path: ModelPath;
  company: SigningCompany | null;
  contract: Started | null;
  /** The link this path opens (the seller's, or the company party's). */
  link: Signatory | null;
  /** The next landing is forged at the network layer (the real server cannot give it). */
  forged: boolean;
  /** The contract's signing deadline was moved to now through the sandbox. */
  deadlinePassed: boolean;
  linkSigned: boolean;
  voided: boolean;
  drawn: boolean;
  /** How the company party's signer verifies on the page now: the SMS code, or 人脸核身. */
  mode: 'sms' | 'face';
};
type Context = StepContext<Fixture>;

const spec = browserModel(signingLinkModel);
const noop = async () => {};
const outputOf = <T>(step: { event: unknown } | undefined) =>
  (step?.event as { output?: T } | undefined)?.output;
const requestOf = (step: { event: unknown } | undefined) =>
  (step?.event as { request?: SignRequest } | undefined)?.request;
const nextType = (c: Context) => c.next?.event.type;

/** Once its link has signed, every landing of that link says so (the server keeps the signature). */
function keepsSignatures(path: ModelPath): boolean {
  let signed = false;
  for (const step of path.steps) {
    if (step.event.type === 'xstate.done.actor.signLink') signed = true;
    const landing = outputOf<SigningLanding>(step);
    if (signed && step.event.type === 'xstate.done.actor.loadLanding' && landing?.signatory.signStatus !== 1)
      return false;
  }
  return true;
}

/**
 * Once the link is past its deadline it stays past (the sandbox moves a deadline only into the past):
 * no later landing of a contract awaiting signatures finds it in time.
 */
function keepsDeadline(path: ModelPath): boolean {
  let passed = false;
  for (const step of path.steps) {
    const landing = outputOf<SigningLanding>(step);
    if (step.event.type !== 'xstate.done.actor.loadLanding' || !landing || landing.state !== 7) continue;
    if (landing.expired === 1) passed = true;
    else if (passed) return false;
  }
  return true;
}

/** The way a submission signs: the company's seal, or an individual's drawn (1) or generated (2) signature. */
function wayOf(request: SignRequest | undefined): string | undefined {
  if (!request) return undefined;
  if (request.kind === 'company') return request.faceId === undefined ? 'company' : 'company face';
  return `individual ${request.signatureKind}`;
}
const ways = ['individual 1', 'individual 2', 'company', 'company face'];

const isFaceRequest = (request: SignRequest | undefined) =>
  request?.kind === 'company' && request.faceId !== undefined;

/**
 * What the browser can do faithfully around a face check: one passed check per path (a new one
 * would need the old one undone); after it, no individual signing, no company request with another
 * signer (editing the name undoes the check) and no face request without its faceId (the page sends
 * the passed one); a code typed in is one the server sent in this path; and a valid face request is
 * not refused (the server has nothing to refuse it for here — the wrong identity has its own check).
 */
function drivesFace(path: ModelPath): boolean {
  let passed = 0;
  let codeSent = false;
  for (const [index, step] of path.steps.entries()) {
    const type = step.event.type;
    if (type === 'face.passed') passed += 1;
    if (type === 'xstate.done.actor.sendCode') codeSent = true;
    if (type !== 'sign.submit') continue;
    const request = requestOf(step);
    if (!request) continue;
    if (passed > 0 && request.kind === 'individual') return false;
    if (passed > 0 && request.kind === 'company' && !request.name.trim()) return false;
    if (passed > 0 && isFaceRequest(request) && request.kind === 'company' && request.faceId === '')
      return false;
    if (!isFaceRequest(request) && /^\d{6}$/.test(request.verificationCode) && !codeSent) return false;
    if (isFaceRequest(request) && path.steps[index + 1]?.event.type === 'xstate.error.actor.signLink')
      return false;
  }
  return passed <= 1;
}

const isDrivable = (path: ModelPath) => keepsSignatures(path) && keepsDeadline(path) && drivesFace(path);

const signsWith = (path: ModelPath, way: string) =>
  path.steps.some(
    (step) =>
      step.event.type === 'sign.submit' &&
      step.state.matches({ ready: 'signing' }) &&
      wayOf(requestOf(step)) === way,
  );

const generated = generatePaths(spec);
const covering = selectPaths();

function selectPaths(): ModelPath[] {
  const chosen = selectCoveringPaths(spec, generated, isDrivable);
  const extra = ways
    .filter((way) => !chosen.some((path) => signsWith(path, way)))
    .map((way) => generated.find((path) => isDrivable(path) && signsWith(path, way)))
    .filter((path): path is ModelPath => path !== undefined);
  return [...chosen, ...extra];
}

const screen = (page: Page) => page.getByTestId('to-be-signed-page');
const notice = (page: Page) => page.getByTestId('signing-notice');

function need<T>(value: T | null): T {
  if (value === null) throw new Error('fixture not ready');
  return value;
}

/** Whether the path signs as the company party (its link is the company's; only it may verify by face). */
const signsAsCompany = (path: ModelPath) =>
  path.steps.some(
    (step) =>
      step.event.type === 'face.passed' ||
      (step.event.type === 'sign.submit' && requestOf(step)?.kind === 'company'),
  );

/** The phone the link's SMS code goes to: the seller's, or the company operator's for its seal. */
function codePhone(c: Context): string {
  const { link, company, contract } = c.fixture;
  return need(link).role === 7 ? need(company).operator.phone : need(contract).seller.phone;
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

let sharedCompany: Promise<SigningCompany> | null = null;

/** A party signs through its own link, the way the page does it (the code read from the outbox). */
async function signThroughApi(c: Context, signatory: Signatory): Promise<number> {
  const company = need(c.fixture.company);
  const { credentials } = company;
  if (signatory.role === 7) {
    const phone = company.operator.phone;
    await waitForResend(phone);
    const verificationCode = await codeAfter(c.request, phone, () =>
      get(c.request, `/sign/Verification?mobileNo=${phone}&scene=2`, credentials),
    );
    noteSent(phone);
    const response = await c.request.post('/api/sign/VerificationCode', {
      headers: credentials,
      form: {
        hash: signatory.hash,
        type: 1,
        verificationCode,
        name: company.operator.name,
        idNo: company.operator.idNo,
        mobileNo: phone,
        company: signatory.name,
        orgCode: company.corpIdentNo,
      },
    });
    const signed = (await response.json()) as { code: number; message: string; data: { state: number } };
    if (signed.code !== 200) throw new Error(`company seal: ${signed.message}`);
    return signed.data.state;
  }
  const contract = need(c.fixture.contract);
  const phone = signatory.role === 1 ? contract.seller.phone : contract.buyer.phone;
  const verificationCode = await codeAfter(c.request, phone, () =>
    get(c.request, `/sign/signLinkCode?hash=${signatory.hash}`, credentials),
  );
  noteSent(phone);
  const signed = await must(
    post<{ state: number }>(
      c.request,
      '/sign/signByHash',
      {
        hash: signatory.hash,
        verificationCode,
        signatureKind: 1,
        signatureImage: `data:image/png;base64,${strokePng().toString('base64')}`,
      },
      credentials,
    ),
    `sign as ${signatory.role}`,
  );
  return signed.state;
}

type SignInfo = { state: number; signatories: { signatoryId: number; role: number; signStatus: number }[] };

async function signInfo(c: Context): Promise<SignInfo> {
  return must(
    get<SignInfo>(
      c.request,
      `/sign/getSignInfo?contractId=${need(c.fixture.contract).contractId}`,
      need(c.fixture.company).credentials,
    ),
    'sign info',
  );
}

async function linkStatus(c: Context): Promise<number | undefined> {
  const info = await signInfo(c);
  return info.signatories.find((s) => s.role === need(c.fixture.link).role)?.signStatus;
}

/** A landing the real server gives for this link (fresh or signed, awaiting signatures, in time or past its deadline). */
const isRealLanding = (landing: SigningLanding) => landing.state === 7;

/**
 * The next landing of this link, as the model's sample has it where the real server cannot give it:
 * the real answer, fetched, with the sample's state, expiry and sign status (the route fulfils the
 * page's own call, so nothing waits on a held request).
 */
async function forgeLanding(c: Context, sample: SigningLanding): Promise<void> {
  const hash = need(c.fixture.link).hash;
  let used = false;
  c.fixture.forged = true;
  await c.page.route(
    (url) => url.pathname === `/api/sign/${hash}`,
    async (route: Route) => {
      if (used) return route.fallback();
      used = true;
      const response = await route.fetch();
      const envelope = (await response.json()) as { code: number; data?: SigningLanding };
      if (envelope.code !== 200 || !envelope.data) throw new Error(`landing: ${JSON.stringify(envelope)}`);
      const data: SigningLanding = {
        ...envelope.data,
        state: sample.state,
        expired: sample.expired,
        signatory: { ...envelope.data.signatory, signStatus: sample.signatory.signStatus },
      };
      await route.fulfill({ response, json: { ...envelope, data } });
    },
  );
}

/** Brings the link into what the next landing says: signed by its party, voided, or held back. */
async function arrangeLanding(c: Context): Promise<void> {
  const company = need(c.fixture.company);
  const contract = need(c.fixture.contract);
  if (nextType(c) === 'xstate.error.actor.loadLanding') {
    // Another user of the company voids the contract: its links are gone.
    if (!c.fixture.voided)
      await must(
        post(
          c.request,
          '/sign/signInvalid',
          { contractId: contract.contractId, reason: '客户放弃' },
          company.credentials,
        ),
        'void',
      );
    c.fixture.voided = true;
    return;
  }
  const landing = outputOf<SigningLanding>(c.next);
  if (!landing) return;
  if (landing.signatory.signStatus === 1 && !c.fixture.linkSigned) {
    expect(await signThroughApi(c, need(c.fixture.link))).toBe(7);
    c.fixture.linkSigned = true;
  }
  if (landing.state === 7 && landing.expired === 1 && !c.fixture.deadlinePassed) {
    // The sandbox's simulated timeout: the contract's own deadline moves to now (no page offers it).
    await must(
      post(
        c.request,
        '/sandbox/signDeadlineTimeout',
        { contractId: contract.contractId },
        company.credentials,
      ),
      'signing deadline',
    );
    c.fixture.deadlinePassed = true;
  }
  if (!isRealLanding(landing)) await forgeLanding(c, landing);
}

async function expectNotice(c: Context): Promise<void> {
  const shown = (c.step.state.context as SigningLinkContext).notice;
  if (!shown) return;
  if (shown.kind === 'info' && shown.text.startsWith('验证码已发送至'))
    await expect(notice(c.page)).toHaveText(signingMessages.codeSent(masked(codePhone(c))));
  // Server errors carry the server's own words; the model's samples only stand for them.
  else if (shown.kind === 'error' && !Object.values(signingMessages).includes(shown.text as never))
    await expect(notice(c.page)).not.toBeEmpty();
  else await expect(notice(c.page)).toHaveText(shown.text);
}

/** The company party's way of verifying: 短信验证码 or 人脸核身. */
async function chooseMethod(c: Context, mode: 'sms' | 'face'): Promise<void> {
  if (c.fixture.mode === mode) return;
  await screen(c.page)
    .getByRole('radio', { name: mode === 'face' ? '人脸核身' : '短信验证码' })
    .click();
  c.fixture.mode = mode;
}

const faceBox = (page: Page) => screen(page).getByTestId('face-verification');

/** The signer's face check, started on the page and passed on the sandbox provider's page that opens. */
async function passFaceCheck(c: Context): Promise<void> {
  if (!(await screen(c.page).getByPlaceholder('请输入统一社会信用代码').inputValue()))
    await fillCompanyForm(c);
  await chooseMethod(c, 'face');
  const opened = c.page.context().waitForEvent('page');
  await faceBox(c.page).getByRole('button', { name: '发起人脸核身' }).click();
  const provider = await opened;
  await provider.waitForLoadState();
  const card = provider.getByTestId('sandbox-face');
  await expect(card.getByTestId('face-status')).toHaveText('待核身');
  await card.getByRole('button', { name: '核身通过', exact: true }).click();
  await expect(card.getByTestId('face-done')).toBeVisible();
  await provider.close();
  // The page also asks for the result by itself every 5 s: on a loaded machine that poll can find the
  // check passed before or while 我已完成核身 is clicked, and the button goes with the waiting state
  // (a click on it then waits for a button that never comes back). Either way the check is passed.
  const state = faceBox(c.page).getByTestId('face-state');
  const checked = faceBox(c.page).getByRole('button', { name: '我已完成核身' });
  await expect(async () => {
    if ((await state.textContent()) !== '已通过') await checked.click({ timeout: 2_000 });
    await expect(state).toHaveText('已通过', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const sendButton = (page: Page) => screen(page).getByRole('button', { name: /^(获取验证码|重新发送)$/ });
const submitButton = (page: Page) => screen(page).getByRole('button', { name: /^确认签署(并盖章)?$/ });

async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1)
    await page.mouse.move(box.x + 40 + step * 18, box.y + 90 + Math.sin(step / 2) * 40, { steps: 2 });
  await page.mouse.up();
}

/** The company party's signer: its operator, with the company's credit code. */
async function fillCompanyForm(c: Context, name?: string): Promise<void> {
  const company = need(c.fixture.company);
  await screen(c.page).getByPlaceholder('请输入统一社会信用代码').fill(company.corpIdentNo);
  await screen(c.page)
    .getByPlaceholder('请输入姓名')
    .fill(name ?? company.operator.name);
  await screen(c.page).getByPlaceholder('请输入身份证号').fill(company.operator.idNo);
  await screen(c.page).getByPlaceholder('请输入手机号').fill(company.operator.phone);
}

/** The code the sandbox outbox shows for the link's phone now. */
async function outboxCode(c: Context): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      code = await latestCode(c.request, codePhone(c));
      return code;
    })
    .not.toBeNull();
  return code ?? '';
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      sharedCompany ??= createSigningCompany(c.request);
      const company = await sharedCompany;
      c.fixture.company = company;
      const contract = await startSaleContract(c.request, company);
      c.fixture.contract = contract;
      const role = signsAsCompany(c.fixture.path) ? 7 : 1;
      const link = contract.signatories.find((s) => s.role === role);
      if (!link) throw new Error(`no signatory ${role}`);
      c.fixture.link = link;
      await arrangeLanding(c);
      await openAs(c.page, company.credentials, `/views/sign/to-be-signed?hash=${link.hash}`);
    },
    'xstate.done.actor.loadLanding': async (c) => {
      if (!c.fixture.forged) return;
      declareStepSource(
        'network',
        '真实服务器给不出：合同已不在待签署状态而该方尚未签署的签署链接（合同离开待签署状态时所有链接即失效，服务器只会拒绝）',
      );
      c.fixture.forged = false;
    },
    'xstate.error.actor.loadLanding': noop,
    'landing.reload': async (c) => {
      await arrangeLanding(c);
      // The reload's own answer: a closed link that stays closed looks the same before and after,
      // so the next step must not start before the page has its new landing.
      const hash = need(c.fixture.link).hash;
      const answered = c.page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/sign/${hash}`,
      );
      const retry = c.page.getByRole('button', { name: '重新加载' });
      if (await retry.isVisible()) await retry.click();
      else await screen(c.page).getByRole('button', { name: '刷新签署状态' }).click();
      await answered;
    },
    'code.send': async (c) => {
      const phone = codePhone(c);
      const link = need(c.fixture.link);
      if (link.role === 7 && !(await screen(c.page).getByPlaceholder('请输入统一社会信用代码').inputValue()))
        await fillCompanyForm(c);
      if (link.role === 7) await chooseMethod(c, 'sms');
      const sendPath = link.role === 7 ? '/api/sign/Verification' : '/api/sign/signLinkCode';
      const isSendCall = (url: URL) => url.pathname === sendPath;
      const isRefused = nextType(c) === 'xstate.error.actor.sendCode';
      let first: { code: number } | null = null;
      await waitForResend(phone);
      if (isRefused) {
        // The party asked twice: another tab's code goes to this phone just before the page's own
        // request reaches the server (sent from the page's route, which then lets the request through
        // unchanged), so the page's request always falls inside the resend interval, however long the
        // click takes on a loaded machine. The server's answer is its own.
        const credentials = need(c.fixture.company).credentials;
        await c.page.route(isSendCall, async (route: Route) => {
          if (first) return route.fallback();
          first = await get(
            c.request,
            link.role === 7
              ? `/sign/Verification?mobileNo=${phone}&scene=2`
              : `/sign/signLinkCode?hash=${link.hash}`,
            credentials,
          );
          noteSent(phone);
          await route.continue();
        });
      }
      const answered = c.page.waitForResponse((response) => isSendCall(new URL(response.url())));
      await sendButton(c.page).click();
      const sent = (await (await answered).json()) as { code: number; message: string };
      noteSent(phone);
      // What the server really answered decides the next step, not how fast the machine was.
      if (isRefused) {
        await c.page.unroute(isSendCall);
        expect(first, 'the other tab asked first').toMatchObject({ code: 200 });
        expect(sent.code).not.toBe(200);
        expect(sent.message).toContain('验证码发送过于频繁');
      } else expect(sent, sent.message).toMatchObject({ code: 200 });
    },
    'face.passed': passFaceCheck,
    'xstate.done.actor.sendCode': async (c) => {
      await outboxCode(c);
    },
    'xstate.error.actor.sendCode': async (c) => expect(notice(c.page)).toContainText('验证码发送过于频繁'),
    'sign.submit': async (c) => {
      const request = requestOf(c.step);
      if (!request) throw new Error('no sign request');
      const link = need(c.fixture.link);
      const result = outputOf<SignResult>(c.next);
      if (result?.state === 8) {
        // Everyone else signs first through their own links: this party is the last.
        for (const other of need(c.fixture.contract).signatories)
          if (other.role !== link.role) await signThroughApi(c, other);
      }
      if (isFaceRequest(request)) {
        // The page sends the passed check's faceId, or '' when none passed (refused: 请先完成人脸核身).
        await chooseMethod(c, 'face');
        if (request.kind === 'company') await fillCompanyForm(c, request.name);
        await submitButton(c.page).click();
        return;
      }
      if (request.kind === 'company') await chooseMethod(c, 'sms');
      let code = request.verificationCode;
      if (/^\d{6}$/.test(code)) {
        const real = await outboxCode(c);
        code =
          nextType(c) === 'xstate.error.actor.signLink' ? (real === '000000' ? '111111' : '000000') : real;
      }
      await screen(c.page).getByPlaceholder('请输入6位验证码').fill(code);
      if (request.kind === 'company') await fillCompanyForm(c, request.name);
      else if (request.signatureImage === '' && c.fixture.drawn) {
        await screen(c.page).getByRole('button', { name: '清除' }).click();
        c.fixture.drawn = false;
      } else if (request.signatureImage !== '' && !c.fixture.drawn) {
        if (request.signatureKind === 2) {
          await screen(c.page).getByRole('radio', { name: '按姓名生成' }).click();
          await expect(screen(c.page).getByTestId('signature-generated')).toBeVisible();
        } else await drawSignature(c.page);
        c.fixture.drawn = true;
      }
      await submitButton(c.page).click();
    },
    'xstate.done.actor.signLink': async (c) => {
      c.fixture.linkSigned = true;
      const output = outputOf<SignResult>(c.step);
      // The page's sign call may still be on its way: the contract is awaiting (7) before and after
      // this party signs, so its state alone does not say the signature was kept.
      await expect.poll(async () => linkStatus(c)).toBe(1);
      expect((await signInfo(c)).state).toBe(output?.state);
    },
    'xstate.error.actor.signLink': async (c) => {
      // A wrong code changes nothing.
      await expect(notice(c.page)).toContainText('验证码错误');
      expect(await linkStatus(c)).toBe(0);
    },
  },
  states: {
    'signingLink.loading': async (c) =>
      expect(
        c.page
          .getByText('签署信息加载中...')
          .or(screen(c.page))
          .or(c.page.getByRole('button', { name: '重新加载' }))
          .first(),
      ).toBeVisible(),
    'signingLink.loadFailed': async (c) => {
      await expect(notice(c.page)).toHaveText('签署链接已失效（合同已终止或作废）');
      await expect(c.page.getByRole('button', { name: '重新加载' })).toBeVisible();
      await expect(sendButton(c.page)).toHaveCount(0);
    },
    'signingLink.closed': async (c) => {
      await expectNotice(c);
      await expect(screen(c.page).getByRole('button', { name: '刷新签署状态' })).toBeVisible();
      await expect(sendButton(c.page)).toHaveCount(0);
      await expect(submitButton(c.page)).toHaveCount(0);
    },
    'signingLink.ready.idle': async (c) => {
      await expect(screen(c.page).getByRole('button', { name: '获取验证码' })).toBeVisible();
      if (c.fixture.link?.role === 7) await expect(faceBox(c.page)).toBeHidden();
      await expect(submitButton(c.page)).toBeDisabled();
      await expectNotice(c);
    },
    // In flight for a moment; the busy button has no name then.
    'signingLink.ready.sendingCode': async (c) => expect(screen(c.page)).toBeVisible(),
    'signingLink.ready.codeSent': async (c) => {
      const { codePhone, faceId } = c.step.state.context as SigningLinkContext;
      if (c.fixture.mode === 'face') {
        await expect(faceBox(c.page).getByTestId('face-state')).toHaveText(faceId ? '已通过' : '未认证');
        await expect(sendButton(c.page)).toBeHidden();
      } else
        await expect(
          screen(c.page).getByRole('button', { name: codePhone ? '重新发送' : '获取验证码' }),
        ).toBeVisible();
      await expect(submitButton(c.page)).toBeEnabled();
      await expectNotice(c);
    },
    'signingLink.ready.signing': async (c) => {
      await expect(screen(c.page)).toBeVisible();
      if (c.next) return;
      // The path ends while the server signs: its answer arrives, and the party has signed.
      await expect(notice(c.page)).toContainText('签署成功');
      expect(await linkStatus(c)).toBe(1);
    },
    'signingLink.signed': async (c) => {
      await expectNotice(c);
      await expect(screen(c.page).getByRole('button', { name: '刷新签署状态' })).toBeVisible();
      await expect(submitButton(c.page)).toHaveCount(0);
      await expect(screen(c.page).getByTestId('signatory-row').filter({ hasText: '本链接' })).toContainText(
        '已签',
      );
    },
  },
};

test.describe('signing-link machine through the real awaiting-signature page', () => {
  for (const path of covering) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(90_000);
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: {
          path,
          company: null,
          contract: null,
          link: null,
          forged: false,
          deadlinePassed: false,
          linkSigned: false,
          voided: false,
          drawn: false,
          mode: 'sms',
        },
      });
    });
  }
});
