/**
 * The quickFileSign machine's model driven through the real 快速签署 wizard
 * (/views/sign/quick-signing) against the real server. Each path runs in a company of its own
 * (opened with stored credentials, no login screen); sign credits are bought and the quick-sign
 * approval (item 49) switched on only when the path needs them. A path that finds an unfinished
 * record gets one made through the API first, as far as the record it restores says: the file only,
 * with a person and a company with its operator, or with their boxes and settings saved as the draft.
 * What makes the server answer each way is real: a file whose content is not a PDF is refused, an
 * empty phone, company name or operator name is refused, approval switched off after saving refuses
 * the approval, no sign credits refuse the start; a load or save that fails is a network failure.
 * The wizard offers no way to edit a person, to update a company it has no row for, or to act on a
 * party or box that is not there: the paths with such a step are left out (isOffered), and the
 * generated browser paths left are narrowed to a subset that still takes every transition
 * (e2e/support/covering-paths.ts). No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { generatePaths, type ModelPath, type ModelStep } from '../tests/support/machine-model';
import { quickFileSignModel } from '../tests/models/quick-file-sign.model';
import {
  quickFileSignMessages,
  type QuickFileSignContext,
  type QuickPosition,
  type QuickRecord,
  type QuickStartResult,
  type QuickUnfinished,
} from '../machines/quick-file-sign-context';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { failNextCall, get, must, openAs } from './support/oa';
import { post } from './support/api';
import { buySignCredits, contractState, signCompany, type SignCompany } from './support/sign';

type Fixture = {
  path: ModelPath;
  company: SignCompany | null;
  serial: number;
  /** Whether the notice on screen is the server's (or network's) own words, not the machine's. */
  serverNotice: boolean;
};
type Context = StepContext<Fixture>;
type RealActor = { actorId: number; actorType: 1 | 2; name: string; phone: string; cropName: string | null };

const spec = browserModel(quickFileSignModel);

/**
 * What the wizard offers no way to do: save a person who is already there (it edits no person),
 * update a company it has no row for, delete a party or remove a box that is not there. The paths
 * that take those steps are left out; the others still take every transition.
 */
function isOffered(step: ModelStep): boolean {
  const { actors, positions } = step.previous.context as QuickFileSignContext;
  const event = step.event as unknown as { actorId?: number; index?: number; company?: { actorId: number } };
  switch (step.event.type) {
    case 'party.savePersonal':
      return !actors.some((actor) => actor.actorType === 1);
    case 'party.updateCompany':
      return actors.some((actor) => actor.actorType === 2);
    case 'party.delete':
      return actors.length > 0;
    case 'position.remove':
      return (event.index ?? 0) < positions.length;
    default:
      return true;
  }
}
const paths = selectCoveringPaths(spec, generatePaths(spec), (path) => path.steps.every(isOffered));

const wizard = (page: Page) => page.getByTestId('quick-signing');
const noop = async () => {};
const outputOf = <T>(step: { event: unknown } | undefined) =>
  (step?.event as { output?: T } | undefined)?.output;
const nextType = (c: Context) => c.next?.event.type;
const contextOf = (snapshot: { context: unknown }) => snapshot.context as QuickFileSignContext;
const hasEvent = (path: ModelPath, type: string) => path.steps.some((s) => s.event.type === type);

function companyOf(c: Context): SignCompany {
  if (!c.fixture.company) throw new Error('fixture not ready');
  return c.fixture.company;
}

let pdfBytes: Buffer | null = null;
async function contractPdf(): Promise<Buffer> {
  if (!pdfBytes) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595.28, 841.89]).drawText('House lease agreement', { x: 60, y: 760, size: 20, font });
    pdfBytes = Buffer.from(await doc.save());
  }
  return pdfBytes;
}

async function call<T>(c: Context, path: string, body: unknown, what: string): Promise<T> {
  return must(post<T>(c.request, path, body, companyOf(c).credentials), what);
}

/** 快速签署审批 (item 49) on, the manager approving, or off. */
async function setQuickApproval(c: Context, enabled: boolean): Promise<void> {
  await call(
    c,
    '/oa/oaApprovalFileSignUpdate',
    {
      oaState: enabled ? 1 : 0,
      approvers: [{ approverType: 1, userId: companyOf(c).userId }],
      sendCopy: [],
    },
    'quick-sign approval',
  );
}

/** An unfinished record as far as the restored record of the path goes (file; parties; boxes and settings). */
async function prepareRecord(c: Context, restored: QuickRecord | undefined): Promise<void> {
  const upload = await c.request.post('/api/fileSign/fileSignUploadFile', {
    headers: companyOf(c).credentials,
    multipart: {
      file: { name: '房屋租赁合同.pdf', mimeType: 'application/pdf', buffer: await contractPdf() },
    },
  });
  const file = (await upload.json()) as { code: number; message: string; data: { contractsysId: string } };
  if (file.code !== 200) throw new Error(`upload: ${file.message}`);
  const { contractsysId } = file.data;
  if (!restored || restored.actors.length === 0) return;
  const person = await call<{ actorId: number }>(
    c,
    '/fileSign/fileSignPersonalActorUpdate',
    { contractsysId, fillMethods: 2, name: '陈一', phone: '13711112222' },
    'person',
  );
  const company = await call<{ actorId: number }>(
    c,
    '/fileSign/fileSignCropActorAdd1',
    { contractsysId, cropName: '深圳市好房置业有限公司' },
    'company',
  );
  await call(
    c,
    '/fileSign/fileSignCropActorAdd2',
    { contractsysId, actorId: company.actorId, name: '王经办', phone: '13722223333' },
    'operator',
  );
  if (restored.positions.length === 0) return;
  // Both boxes on page 1, the person's first: the wizard lists them in this order.
  await call(
    c,
    '/fileSign/fileSignDraftSave',
    {
      contractsysId,
      contractName: '房屋租赁合同',
      watermarkType: 2,
      watermark: '仅供签约使用',
      positions: [
        { actorId: person.actorId, pageNo: 1, positionType: 1, x: 60, y: 500, width: 150, height: 80 },
        { actorId: company.actorId, pageNo: 1, positionType: 2, x: 330, y: 260, width: 120, height: 120 },
      ],
    },
    'draft',
  );
}

async function sysIdOf(c: Context): Promise<string> {
  const sysId = (await wizard(c.page).getAttribute('data-sysid')) ?? '';
  if (!sysId) throw new Error('no quick-sign record open');
  return sysId;
}

/** The parties of the open record as the server holds them. */
async function realActors(c: Context): Promise<RealActor[]> {
  return must(
    get<RealActor[]>(
      c.request,
      `/fileSign/fileSignActorList?contractsysId=${await sysIdOf(c)}`,
      companyOf(c).credentials,
    ),
    'actors',
  );
}

async function serverRecord(c: Context): Promise<QuickRecord> {
  return must(
    get<QuickRecord>(
      c.request,
      `/fileSign/getFileSignContract?contractsysId=${await sysIdOf(c)}`,
      companyOf(c).credentials,
    ),
    'record',
  );
}

async function expectContractState(c: Context, state: number): Promise<void> {
  let contractId: number | null = null;
  await expect
    .poll(async () => (contractId = (await serverRecord(c)).contractId), {
      message: 'the record has a contract',
    })
    .not.toBeNull();
  const id = contractId!;
  await expect.poll(() => contractState(c.request, companyOf(c), id)).toBe(state);
}

const click = (c: Context, name: string) => wizard(c.page).getByRole('button', { name, exact: true }).click();

async function chooseFile(c: Context, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await wizard(c.page).getByLabel('合同文件').setInputFiles({ name, mimeType, buffer });
}

/** A box placed by a click on page 1 (default size) for this party. */
async function placeBox(c: Context, actor: RealActor, x: number, y: number): Promise<void> {
  const w = wizard(c.page);
  const label =
    actor.actorType === 2 ? `${actor.cropName ?? ''}（经办人 ${actor.name || '未填写'}）` : actor.name;
  const chooser = w.getByRole('combobox', { name: '选择签署方' });
  if ((await chooser.textContent())?.trim() !== label) {
    await chooser.click();
    await c.page.getByRole('option', { name: label, exact: true }).click();
  }
  if (actor.actorType === 2) await w.getByRole('radio', { name: '盖章' }).click();
  const target = c.page.getByTestId('quick-page').first();
  await expect(target.locator('canvas')).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error('page not rendered');
  await c.page.mouse.click(box.x + x, box.y + y);
}

/** A new notice comes from the server when an actor's error set it. */
function trackNotice(c: Context): void {
  const notice = contextOf(c.step.state).notice;
  if (notice !== contextOf(c.step.previous).notice)
    c.fixture.serverNotice = notice !== null && c.step.event.type.startsWith('xstate.error.');
}

async function expectNotice(c: Context): Promise<void> {
  const notice = contextOf(c.step.state).notice;
  const shown = c.page.getByTestId('quick-notice');
  if (!notice) return expect(shown).toHaveCount(0);
  // The machine's own words exactly; the server's errors are its own (the model's samples stand for them).
  if (c.fixture.serverNotice) await expect(shown).not.toBeEmpty();
  else await expect(shown).toHaveText(notice.text);
}

/** The parties as the guards see them: none, some incomplete (待完善), all complete. */
async function expectParties(c: Context): Promise<void> {
  const actors = contextOf(c.step.state).actors;
  const rows = wizard(c.page).getByTestId('quick-actor-row');
  if (actors.length === 0) return expect(rows).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const incomplete = actors.some((actor) => actor.complete !== 1);
  await expect(rows.filter({ hasText: '待完善' })).toHaveCount(incomplete ? 1 : 0);
}

const busy = async (c: Context) => expect(wizard(c.page)).toBeVisible();

const tracked = (states: BrowserExecutors<Fixture>['states']): BrowserExecutors<Fixture>['states'] =>
  Object.fromEntries(
    Object.entries(states).map(([id, assert]) => [
      id,
      async (c: Context) => {
        trackNotice(c);
        await assert(c);
      },
    ]),
  );

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const { path } = c.fixture;
      const company = await signCompany(c.request);
      c.fixture.company = company;
      const approval = path.steps.some((s) => outputOf<QuickStartResult>(s)?.nextType === 2);
      await Promise.all([
        hasEvent(path, 'xstate.done.actor.startSigning') ? buySignCredits(c.request, company) : null,
        approval ? setQuickApproval(c, true) : null,
      ]);
      const unfinished = outputOf<QuickUnfinished>(c.next);
      if (unfinished?.state === 1) {
        const restored = path.steps.find((s) => s.event.type === 'xstate.done.actor.loadRecord');
        await prepareRecord(c, outputOf<QuickRecord>(restored));
      }
      if (nextType(c) === 'xstate.error.actor.loadUnfinished')
        await failNextCall(c.page, '/fileSign/fileSignContractState');
      await openAs(c.page, company.credentials, '/views/sign/quick-signing');
    },
    'xstate.done.actor.loadUnfinished': noop,
    'xstate.error.actor.loadUnfinished': noop,
    'unfinished.continue': async (c) => {
      if (nextType(c) === 'xstate.error.actor.loadRecord')
        await failNextCall(c.page, '/fileSign/getFileSignContract');
      await c.page.getByRole('alertdialog').getByRole('button', { name: '继续' }).click();
    },
    'unfinished.refill': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '重新填写' }).click(),
    'xstate.done.actor.loadRecord': noop,
    'xstate.error.actor.loadRecord': noop,
    'file.choose': async (c) => {
      const { file } = c.step.event as unknown as { file: { name: string; size: number } };
      if (file.name.endsWith('.txt'))
        return chooseFile(c, file.name, 'text/plain', Buffer.from('租赁合同说明'));
      if (file.size > 20 * 1024 * 1024) {
        // Made in the page: 30 MB through the browser protocol would take far longer than the check.
        await wizard(c.page)
          .getByLabel('合同文件')
          .evaluate(
            (input, [name, size]) => {
              const transfer = new DataTransfer();
              transfer.items.add(new File([new Uint8Array(size)], name, { type: 'image/png' }));
              (input as HTMLInputElement).files = transfer.files;
              input.dispatchEvent(new Event('change', { bubbles: true }));
            },
            [file.name, file.size] as const,
          );
        return;
      }
      // Named .pdf but not a PDF inside: the server checks the content.
      if (nextType(c) === 'xstate.error.actor.uploadFile')
        return chooseFile(c, file.name, 'application/pdf', Buffer.from('这不是 PDF 文件'));
      await chooseFile(c, file.name, 'application/pdf', await contractPdf());
    },
    'xstate.done.actor.uploadFile': async (c) => {
      await expect(wizard(c.page).getByRole('button', { name: '添加签署方' })).toBeVisible();
      expect((await serverRecord(c)).file.fileName).toBe('房屋租赁合同.pdf');
    },
    'xstate.error.actor.uploadFile': noop,
    'party.savePersonal': async (c) => {
      const failing = nextType(c) === 'xstate.error.actor.savePersonalActor';
      const person = (await realActors(c)).find((actor) => actor.actorType === 1);
      // The wizard edits no person: the paths that save one already there are left out (isOffered).
      if (person) throw new Error('party.savePersonal with a person already there: not offered');
      const w = wizard(c.page);
      await w.getByRole('radio', { name: '个人签署方' }).click();
      await w.getByLabel('姓名', { exact: true }).fill('陈一');
      // No phone: the server refuses.
      await w.getByLabel('手机号').fill(failing ? '' : '13711112222');
      await click(c, '添加签署方');
    },
    'xstate.done.actor.savePersonalActor': noop,
    'xstate.error.actor.savePersonalActor': noop,
    'party.addCompany': async (c) => {
      c.fixture.serial += 1;
      const w = wizard(c.page);
      const taken = await realActors(c);
      const fresh = !taken.some((actor) => actor.cropName === '深圳市好房置业有限公司');
      await w.getByRole('radio', { name: '企业签署方' }).click();
      // An empty company name (step 1) or operator name (step 2) is refused by the server.
      await w
        .getByLabel('企业名称')
        .fill(
          nextType(c) === 'xstate.error.actor.addCompany'
            ? ''
            : fresh
              ? '深圳市好房置业有限公司'
              : `深圳市安居置业有限公司${c.fixture.serial}`,
        );
      await w
        .getByLabel('经办人姓名')
        .fill(c.afterNext?.event.type === 'xstate.error.actor.addOperator' ? '' : '王经办');
      await w.getByLabel('手机号').fill(`1372222${String(3333 + c.fixture.serial).padStart(4, '0')}`);
      await click(c, '添加签署方');
    },
    'xstate.done.actor.addCompany': noop,
    'xstate.error.actor.addCompany': noop,
    'xstate.done.actor.addOperator': noop,
    'xstate.error.actor.addOperator': noop,
    'party.updateCompany': async (c) => {
      const failing = nextType(c) === 'xstate.error.actor.updateCompany';
      const company = (await realActors(c)).find((actor) => actor.actorType === 2);
      const w = wizard(c.page);
      if (company) {
        await w
          .getByTestId('quick-actor-row')
          .filter({ hasText: company.cropName ?? '' })
          .getByRole('button', { name: '修改' })
          .click();
        await w.getByLabel('经办人姓名').fill(failing ? '' : '王经办');
        await click(c, '保存企业签署方');
        return;
      }
      // No row for a company: the paths that update one are left out (isOffered).
      throw new Error('party.updateCompany without a company: not offered');
    },
    'xstate.done.actor.updateCompany': async (c) => {
      await expect
        .poll(async () => (await realActors(c)).find((actor) => actor.actorType === 2)?.name)
        .toBe('王经办');
    },
    'xstate.error.actor.updateCompany': noop,
    'party.delete': async (c) => {
      const rows = wizard(c.page).getByTestId('quick-actor-row');
      // No party to delete: the paths that delete one are left out (isOffered).
      await rows.first().getByRole('button', { name: '删除' }).click();
    },
    'delete.confirm': async (c) => {
      const present = (await realActors(c)).length > 0;
      if (nextType(c) === 'xstate.error.actor.deleteActor' && present)
        await failNextCall(c.page, '/fileSign/fileSignPersonalActorDelete');
      await c.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    },
    'delete.cancel': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click(),
    'xstate.done.actor.deleteActor': async (c) => {
      await expect.poll(async () => (await realActors(c)).length).toBe(contextOf(c.step.state).actors.length);
    },
    'xstate.error.actor.deleteActor': noop,
    'position.place': async (c) => {
      const { position } = c.step.event as unknown as { position: QuickPosition };
      const kind = position.positionType === 2 ? 2 : 1;
      const actor = (await realActors(c)).find((candidate) => candidate.actorType === kind);
      if (!actor) throw new Error(`no ${kind === 2 ? 'company' : 'person'} to place a box for`);
      await placeBox(c, actor, kind === 2 ? 360 : 80, kind === 2 ? 420 : 320);
    },
    'position.remove': async (c) => {
      const { index } = c.step.event as unknown as { index: number };
      const boxes = wizard(c.page).getByTestId('quick-box');
      // No box at that index: the paths that remove one are left out (isOffered).
      await boxes.nth(index).dblclick();
    },
    'settings.change': async (c) => {
      const { patch } = c.step.event as unknown as { patch: { contractName: string; watermark?: string } };
      const w = wizard(c.page);
      await w.getByLabel('合同名称').fill(patch.contractName);
      if (patch.watermark === undefined) return;
      await w.getByRole('radio', { name: '自定义' }).click();
      await w.getByLabel('水印内容').fill(patch.watermark);
    },
    'wizard.next': async (c) => {
      const next = nextType(c);
      if (next === 'xstate.error.actor.savePositions' || next === 'xstate.error.actor.saveSettingsDraft')
        await failNextCall(c.page, '/fileSign/fileSignDraftSave');
      await click(c, '下一步');
    },
    'wizard.back': async (c) =>
      click(c, JSON.stringify(c.step.previous.value) === '"ready"' ? '修改设置' : '上一步'),
    'xstate.done.actor.savePositions': async (c) => {
      await expect
        .poll(async () => (await serverRecord(c)).positions.length)
        .toBe(contextOf(c.step.state).positions.length);
    },
    'xstate.error.actor.savePositions': noop,
    'xstate.done.actor.saveSettingsDraft': async (c) => {
      const settings = contextOf(c.step.state).settings;
      await expect
        .poll(async () => {
          const record = await serverRecord(c);
          return [record.contractName, record.watermark];
        })
        .toEqual([settings.contractName, settings.watermark]);
    },
    'xstate.error.actor.saveSettingsDraft': noop,
    'wizard.submit': async (c) => {
      if (nextType(c) === 'xstate.error.actor.saveSettings') {
        const saved = contextOf(c.step.previous).contractId !== null;
        await failNextCall(c.page, saved ? '/fileSign/fileSignEdit' : '/fileSign/fileSignStart');
      }
      await click(c, '保存');
    },
    'xstate.done.actor.saveSettings': async (c) => expectContractState(c, 1),
    'xstate.error.actor.saveSettings': noop,
    // Without sign credits the server refuses the start.
    'sign.start': async (c) => click(c, '发起签署'),
    'approval.start': async (c) => {
      // Switched off after saving: the server has no approval to start.
      if (nextType(c) === 'xstate.error.actor.startApproval') await setQuickApproval(c, false);
      await click(c, '发起审批');
    },
    'xstate.done.actor.startSigning': async (c) => expectContractState(c, 7),
    'xstate.error.actor.startSigning': async (c) => {
      // The app offers to buy credits; the person declines.
      const dialog = c.page.getByRole('alertdialog');
      await expect(dialog).toContainText('签约份数不足');
      await dialog.getByRole('button', { name: '取消' }).click();
      await expectContractState(c, 1);
    },
    'xstate.done.actor.startApproval': async (c) => expectContractState(c, 2),
    'xstate.error.actor.startApproval': async (c) => expectContractState(c, 1),
    'xstate.after.2500.quickFileSign.started': noop,
  },
  states: tracked({
    'quickFileSign.checking': busy,
    'quickFileSign.restoring': busy,
    'quickFileSign.prompt': async (c) => {
      await expect(c.page.getByRole('alertdialog')).toContainText('有未完成的快速签署');
      await expect(c.page.getByRole('alertdialog')).toContainText('《房屋租赁合同》');
      await expectNotice(c);
    },
    'quickFileSign.upload.idle': async (c) => {
      await expect(wizard(c.page).getByText('选择一个合同文件')).toBeVisible();
      const file = contextOf(c.step.state).file;
      if (file) await expect(wizard(c.page).getByText(/当前文件：房屋租赁合同\.pdf/)).toBeVisible();
      await expectNotice(c);
    },
    'quickFileSign.upload.uploading': busy,
    'quickFileSign.parties.idle': async (c) => {
      await expect(wizard(c.page).getByRole('button', { name: /添加签署方|保存企业签署方/ })).toBeEnabled();
      await expectParties(c);
      await expectNotice(c);
    },
    'quickFileSign.parties.savingPersonal': busy,
    'quickFileSign.parties.addingCompany': busy,
    'quickFileSign.parties.addingOperator': busy,
    'quickFileSign.parties.updatingCompany': busy,
    'quickFileSign.parties.deleting': busy,
    'quickFileSign.parties.confirmingDelete': async (c) =>
      expect(c.page.getByRole('alertdialog')).toContainText(quickFileSignMessages.deleteConfirm),
    'quickFileSign.positions': async (c) => {
      await expect(c.page.getByTestId('quick-page').first()).toBeVisible();
      await expect(wizard(c.page).getByRole('combobox', { name: '选择签署方' })).toBeVisible();
      await expectNotice(c);
    },
    'quickFileSign.settings': async (c) => {
      await expect(wizard(c.page).getByLabel('合同名称')).toHaveValue(
        contextOf(c.step.state).settings.contractName,
      );
      await expectNotice(c);
    },
    'quickFileSign.savingPositions': busy,
    'quickFileSign.savingSettingsDraft': busy,
    'quickFileSign.review': async (c) => {
      const review = c.page.getByTestId('quick-review');
      await expect(review).toContainText(`合同名称：${contextOf(c.step.state).settings.contractName}`);
      await expect(review.getByRole('button', { name: '保存' })).toBeVisible();
      await expectNotice(c);
    },
    'quickFileSign.saving': busy,
    'quickFileSign.ready': async (c) => {
      const offers = contextOf(c.step.state).nextType;
      const review = c.page.getByTestId('quick-review');
      await expect(review.getByRole('button', { name: '发起签署' })).toHaveCount(offers === 1 ? 1 : 0);
      await expect(review.getByRole('button', { name: '发起审批' })).toHaveCount(offers === 2 ? 1 : 0);
      await expect(review.getByRole('button', { name: '修改设置' })).toBeVisible();
      await expectNotice(c);
    },
    'quickFileSign.startingSigning': busy,
    'quickFileSign.startingApproval': busy,
    // 2500 ms with the notice, then the contract's detail opens.
    'quickFileSign.started': async (c) =>
      expect(c.page.getByTestId('quick-notice').or(c.page.getByTestId('sign-detail-page'))).toBeVisible(),
    'quickFileSign.done': async (c) => {
      await expect(c.page.getByTestId('sign-detail-page')).toBeVisible();
      await expect(c.page.getByTestId('sign-detail-page')).toContainText('房屋租赁合同');
    },
  }),
};

test.describe('quickFileSign machine through the real 快速签署 wizard', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(90_000);
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { path, company: null, serial: 0, serverNotice: false },
      });
    });
  }
});
