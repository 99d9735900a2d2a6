/**
 * The sign-contract machine's model driven through the real sign pages against the real server.
 * Each path runs in a company of its own whose manager chose step-by-step signing. A path that
 * submits starts from a saved draft of the sale contract on /views/sign/sign-operation (the form
 * restored, submitted from its last step); a path that loads opens /views/sign/detail for a
 * contract brought into the state its first answer names, the way people do it (submitted,
 * approved or rejected by the approver, started, signed through the parties' links with the
 * company's seal-free seal, voided, completed on paper). A contract waiting for its approval is read
 * again after the manager approved it (signing starts at once; without sign credits it stays 待发起,
 * approved), rejected it, withdrew it as its sponsor, or did nothing yet.
 * What makes the server answer each way is real: nextType 2 needs the approval of item 45 switched
 * on, 3 a submission that starts the approval; a failed start has no sign credits left or the
 * approval switched off meanwhile; a failed submission follows the template taken off the shelf;
 * a revoke of a void fails after another user's delete. An edit refused by the server's edit-state
 * check (405 with its marker: the page is disabled, 当前页面状态不可操作) follows another user moving
 * the contract meanwhile into a state that does not allow it (voided, its void revoked, its approval
 * started or rejected, completed). A load, terminate, complete, void or delete that fails otherwise
 * is a network failure. The paths are the generated browser paths, narrowed to a subset that still
 * takes every transition (e2e/support/covering-paths.ts).
 * A path that starts from a listing (issue 41) enters a sale listing into its company, opens its
 * detail and presses 发起签约, then picks the sale template: the form reads the listing (a failure of
 * that read is a network failure; 重试 reads it again), shows the owner from the listing, and warns
 * first when the listing already has a running contract — one submitted beforehand on that listing.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { isEditStateRefusal } from '../domain/page-state';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { signContractModel } from '../tests/models/sign-contract.model';
import {
  signConfirmations,
  type HouseStart,
  type LoadedContract,
  type SignContractContext,
  type SignSubmissionResult,
} from '../machines/sign-contract.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { decide, failNextCall, networkError, openAs, revoke } from './support/oa';
import { addPrivateListing } from './support/houses';
import {
  approvalIdOf,
  buySignCredits,
  contractState,
  prepareCompanySeal,
  saveSaleDraft,
  setSignApproval,
  signAllParties,
  signCall,
  saleContent,
  signCompany,
  demoSignCompany,
  submitSale,
  type SignCompany,
} from './support/sign';

type Fixture = { path: ModelPath; company: SignCompany | null; contractId: number; houseId: number };
type Context = StepContext<Fixture>;

const spec = browserModel(signContractModel);
/** Whether a step is the server's refusal by its edit-state check (405 with the marker). */
const isRefusal = (step: { event: unknown } | undefined) =>
  isEditStateRefusal((step?.event as { error?: unknown } | undefined)?.error);
const confirmStates = ['confirmComplete', 'confirmDelete', 'confirmTerminate'];
/** A confirmation is a modal: nothing behind it (the refresh button) can be used while it is open. */
const isUsable = (path: ModelPath) =>
  path.steps.every(
    (step) =>
      step.event.type !== 'contract.refresh' ||
      !confirmStates.some((name) => JSON.stringify(step.previous.value).includes(name)),
  ) &&
  // No state check refuses a new contract's submission: only an edit of a saved one.
  path.steps.every(
    (step, index) =>
      !(step.event.type === 'xstate.error.actor.submitContract' && isRefusal(step)) ||
      path.steps[index - 1]?.event.type === 'contract.edit',
  );
const paths = selectCoveringPaths(spec, generatePaths(spec), isUsable);

const detail = (page: Page) => page.getByTestId('sign-detail-page');
/** The owner of the listing a path starts from: the form shows him as 甲方. */
const listingOwner = '冯秀英';
const form = (page: Page) => page.getByTestId('sign-operation-page');
const noop = async () => {};
type Output<T> = { output: T };
const outputOf = <T>(step: { event: unknown } | undefined) => (step?.event as Output<T> | undefined)?.output;
const nextType = (c: Context) => c.next?.event.type;
const hasEvent = (path: ModelPath, type: string) => path.steps.some((s) => s.event.type === type);
const wasIn = (snapshot: AnyMachineSnapshot, name: string) => JSON.stringify(snapshot.value).includes(name);
/** Whether the next step is the server's answer `type`, refused by the edit-state check or failed otherwise. */
const answersNext = (c: Context, type: string, refused: boolean) =>
  nextType(c) === type && isRefusal(c.next) === refused;
/** The step that leads into a refused `type`, and the state it was taken in. */
const refusedFrom = (path: ModelPath, type: string) =>
  path.steps.find(
    (step, index) => path.steps[index + 1]?.event.type === type && isRefusal(path.steps[index + 1]),
  );
const disabledModal = (page: Page) =>
  page.getByRole('alertdialog').filter({ hasText: '当前页面状态不可操作' });

function companyOf(c: Context): SignCompany {
  if (!c.fixture.company) throw new Error('fixture not ready');
  return c.fixture.company;
}

/** What the path needs from the company: an approval flow, sign credits, a seal, paper contracts. */
function needs(path: ModelPath) {
  const submissions = path.steps
    .map((s) => outputOf<SignSubmissionResult>(s))
    .filter((o): o is SignSubmissionResult => o !== undefined && 'nextType' in o);
  const loaded = path.steps
    .filter((s) => s.event.type === 'xstate.done.actor.loadContract')
    .map((s) => outputOf<LoadedContract>(s)?.state);
  const completesEarly = path.steps.some(
    (s) =>
      s.event.type === 'contract.complete' &&
      (wasIn(s.previous, 'toStart') || wasIn(s.previous, 'awaitingSignature')),
  );
  // A refused void or delete: another user starts the approval (1, 3, 4) or completes a paper contract (7).
  const refusedMoves = [
    refusedFrom(path, 'xstate.error.actor.voidContract'),
    refusedFrom(path, 'xstate.error.actor.deleteContract'),
  ].filter((step) => step !== undefined);
  const movedByApproval = refusedMoves.some(
    (s) => wasIn(s.previous, 'toStart') || wasIn(s.previous, 'rejected') || wasIn(s.previous, 'voided'),
  );
  const movedByCompleting = refusedMoves.some((s) => wasIn(s.previous, 'awaitingSignature'));
  return {
    approval:
      submissions.some((o) => o.nextType !== 1) ||
      hasEvent(path, 'approval.start') ||
      hasEvent(path, 'xstate.done.actor.startApproval') ||
      hasEvent(path, 'xstate.error.actor.startApproval') ||
      movedByApproval ||
      loaded.some((state) => state === 2 || state === 3),
    // No credits: a refused start, or an approval that passes without a credit to start signing.
    credits:
      !hasEvent(path, 'xstate.error.actor.startSigning') &&
      !path.steps.some(
        (s) => s.event.type === 'xstate.done.actor.checkApproval' && outputOf<LoadedContract>(s)?.state === 1,
      ),
    seal: loaded.includes(8),
    paper: completesEarly || movedByCompleting || loaded.includes(6),
  };
}

/** Brings a new contract of the company into this state, as people would. */
async function contractIn(c: Context, state: number): Promise<number> {
  const company = companyOf(c);
  const paper = needs(c.fixture.path).paper;
  if (state === 2 || state === 3) {
    const { contractId } = await submitSale(c.request, company, { withApproval: true });
    if (state === 3)
      await decide(
        c.request,
        company.credentials,
        await approvalIdOf(c.request, company, contractId),
        'reject',
      );
    return contractId;
  }
  const { contractId } = await submitSale(c.request, company, { paper: paper || state === 6 });
  if (state === 4)
    await signCall(c.request, company, '/sign/signInvalid', { contractId, reason: '客户放弃' });
  if (state === 6) await signCall(c.request, company, '/sign/contractComplete', { contractId });
  if (state === 7 || state === 8)
    await signCall(c.request, company, '/sign/contractStart', { contractId, type: 2 });
  if (state === 8) expect(await signAllParties(c.request, company, contractId)).toBe(8);
  expect(await contractState(c.request, company, contractId)).toBe(state);
  return contractId;
}

/** Another user of the company voids the contract meanwhile. */
const voidElsewhere = (c: Context) =>
  signCall(c.request, companyOf(c), '/sign/signInvalid', {
    contractId: c.fixture.contractId,
    reason: '他人作废',
  });

/**
 * Another user moves the contract meanwhile into a state where neither void nor delete is allowed:
 * a voided one has its void revoked first; from 1 or 3 the approval is started (2), from 7 or 8 the
 * contract is completed (6, a paper contract from 7).
 */
async function moveOutElsewhere(c: Context, from: AnyMachineSnapshot): Promise<void> {
  const company = companyOf(c);
  const contractId = c.fixture.contractId;
  if (wasIn(from, 'awaitingSignature') || wasIn(from, 'signed')) {
    await signCall(c.request, company, '/sign/contractComplete', { contractId });
    return;
  }
  if (wasIn(from, 'voided')) await signCall(c.request, company, '/sign/signInvalidRevoke', { contractId });
  await signCall(c.request, company, '/sign/contractStart', {
    contractId,
    type: 1,
    oaParam: { oaItemId: 45 },
  });
  await expectServerState(c, 2);
}

/**
 * What happened to a contract waiting for its approval before the page reads it again: the manager
 * (its approver) approves or rejects, or withdraws it as its sponsor; 2 is nobody having decided yet.
 */
async function decideMeanwhile(c: Context, decided: LoadedContract): Promise<void> {
  if (decided.state === 2) return;
  const company = companyOf(c);
  const approvalId = await approvalIdOf(c.request, company, c.fixture.contractId);
  if (decided.state === 1 && !decided.approved) await revoke(c.request, company.credentials, approvalId);
  else await decide(c.request, company.credentials, approvalId, decided.state === 3 ? 'reject' : 'approve');
}

/** On the form: to the last step (提交). */
async function toLastStep(page: Page): Promise<void> {
  const next = form(page).getByRole('button', { name: '下一步' });
  await expect(next).toBeVisible();
  while (await next.isVisible()) await next.click();
  await expect(form(page).getByRole('button', { name: '提交', exact: true })).toBeVisible();
}

async function expectServerState(c: Context, state: number): Promise<void> {
  await expect.poll(() => contractState(c.request, companyOf(c), c.fixture.contractId)).toBe(state);
}

async function expectNotice(c: Context): Promise<void> {
  const notice = (c.step.state.context as SignContractContext).notice;
  if (!notice) return;
  const shown = c.page.getByTestId('detail-notice').or(c.page.getByTestId('form-error'));
  // Server errors carry the server's own words; the model's samples only stand for them.
  if (notice.kind === 'error') await expect(shown).not.toBeEmpty();
  else await expect(shown).toHaveText(notice.text);
}

async function expectState(c: Context, name: string): Promise<void> {
  await expect(detail(c.page).getByTestId('detail-state')).toHaveText(name);
  await expectNotice(c);
}

async function expectConfirm(c: Context, text: string): Promise<void> {
  await expect(c.page.getByRole('alertdialog')).toContainText(text);
}

const click = (c: Context, name: string) =>
  detail(c.page).getByTestId('detail-actions').getByRole('button', { name, exact: true }).click();

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const wants = needs(c.fixture.path);
      // A listing needs a community of its company's archive: those paths work in the demo company.
      const fromHouse = hasEvent(c.fixture.path, 'house.open');
      const company = fromHouse ? await demoSignCompany(c.request) : await signCompany(c.request);
      c.fixture.company = company;
      if (!fromHouse)
        await Promise.all([
          wants.credits ? buySignCredits(c.request, company) : Promise.resolve(),
          wants.approval ? setSignApproval(c.request, company, true) : Promise.resolve(),
          wants.seal ? prepareCompanySeal(c.request, company) : Promise.resolve(),
        ]);
      if (nextType(c) === 'house.open') {
        c.fixture.houseId = await addPrivateListing(c.request, company.credentials, {
          ownerName: listingOwner,
          area: 88,
          price: 560,
        });
        const running = outputOf<HouseStart>(c.afterNext)?.contracts.length ?? 0;
        // A contract already running on the listing: submitted beforehand, naming it.
        if (running > 0)
          await signCall(c.request, company, '/sign/contractSubmissionV2501', {
            boxid: company.saleBoxId,
            content: saleContent(company.phone),
            signatureType: 2,
            houseId: c.fixture.houseId,
          });
        return;
      }
      if (nextType(c) !== 'contract.submit') return;
      // A broker continues a draft with the whole sale form and goes to its last step.
      const draftCode = await saveSaleDraft(c.request, company);
      await openAs(c.page, company.credentials, `/views/sign/sign-operation?draftCode=${draftCode}`);
      await toLastStep(c.page);
    },
    'house.open': async (c) => {
      await openAs(
        c.page,
        companyOf(c).credentials,
        `/views/house/detail?type=1&id=${c.fixture.houseId}&appType=1`,
      );
      await c.page.getByTestId('house-detail').getByRole('button', { name: '发起签约' }).click();
      const chooser = c.page.getByTestId('template-chooser');
      await expect(chooser.getByTestId('template-chooser-notice')).toContainText('已从房源导入');
      if (nextType(c) === 'xstate.error.actor.prepareHouse')
        await failNextCall(c.page, '/sign/getContractSellData');
      await chooser.getByRole('button', { name: /二手房买卖合同/ }).click();
    },
    'xstate.done.actor.prepareHouse': noop,
    'xstate.error.actor.prepareHouse': noop,
    'contract.submit': async (c) => {
      const company = companyOf(c);
      if (nextType(c) === 'xstate.error.actor.submitContract')
        await signCall(c.request, company, '/template/templateUpAndDown', {
          boxId: company.saleBoxId,
          state: 2,
        });
      if (outputOf<SignSubmissionResult>(c.next)?.nextType === 3) {
        await form(c.page).getByText('提交后直接发起审批').click();
        await form(c.page).getByLabel('审批备注').fill('请审批');
      }
      await form(c.page).getByRole('button', { name: '提交', exact: true }).click();
    },
    'xstate.done.actor.submitContract': async (c) => {
      // The contract the server made (the company's only one) is the one the rest of the path acts on.
      const expected = outputOf<SignSubmissionResult>(c.step)?.nextType === 3 ? 2 : 1;
      let list: { contractId: number; state: number }[] = [];
      await expect
        .poll(async () => {
          const response = await c.request.get('/api/sign/signPosts?pageindex=1&pagesize=15&state=0', {
            headers: companyOf(c).credentials,
          });
          list = ((await response.json()) as { data: typeof list | null }).data ?? [];
          return list.map((contract) => contract.state);
        })
        .toEqual([expected]);
      c.fixture.contractId = list[0]?.contractId ?? 0;
    },
    'xstate.error.actor.submitContract': noop,
    'contract.load': async (c) => {
      const company = companyOf(c);
      const next = outputOf<LoadedContract>(c.next);
      c.fixture.contractId = await contractIn(c, next?.state ?? 1);
      if (nextType(c) === 'xstate.error.actor.loadContract') await failNextCall(c.page, '/sign/signDetailV3');
      await openAs(c.page, company.credentials, `/views/sign/detail?contractId=${c.fixture.contractId}`);
    },
    'xstate.done.actor.loadContract': noop,
    'xstate.error.actor.loadContract': noop,
    // A passed approval has started signing (one credit, links) or, without a credit, left the contract approved in 1.
    'xstate.done.actor.checkApproval': async (c) => {
      const decided = outputOf<LoadedContract>(c.step);
      if (decided) await expectServerState(c, decided.state);
    },
    'xstate.error.actor.checkApproval': noop,
    'contract.refresh': async (c) => {
      if (wasIn(c.step.previous, 'houseFailed')) {
        await form(c.page).getByRole('button', { name: '重试' }).click();
        return;
      }
      const next = nextType(c);
      if (next === 'xstate.error.actor.loadContract' || next === 'xstate.error.actor.checkApproval')
        await failNextCall(c.page, '/sign/signDetailV3');
      const decided =
        next === 'xstate.done.actor.checkApproval' ? outputOf<LoadedContract>(c.next) : undefined;
      if (decided) await decideMeanwhile(c, decided);
      const retry = detail(c.page).getByRole('button', { name: '重新加载' });
      if (await retry.isVisible()) await retry.click();
      else await click(c, '刷新');
    },
    'offer.accept': async (c) => {
      if (answersNext(c, 'xstate.error.actor.startApproval', false))
        await setSignApproval(c.request, companyOf(c), false);
      if (isRefusal(c.next)) await voidElsewhere(c);
      await c.page
        .getByRole('alertdialog')
        .getByRole('button', { name: /立即发起/ })
        .click();
    },
    'offer.decline': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '稍后再说' }).click(),
    'sign.start': async (c) => {
      if (isRefusal(c.next)) await voidElsewhere(c);
      await click(c, '发起签署');
    },
    'approval.start': async (c) => {
      if (answersNext(c, 'xstate.error.actor.startApproval', false))
        await setSignApproval(c.request, companyOf(c), false);
      if (isRefusal(c.next)) await voidElsewhere(c);
      await click(c, '发起审批');
      const dialog = c.page.getByRole('dialog');
      await dialog.getByLabel('审批备注').fill('请审批');
      await dialog.getByRole('button', { name: '确定发起' }).click();
    },
    'contract.edit': async (c) => {
      // 修改 opens the form with the contract; the form's own machine loads it and submits the edit.
      await click(c, '修改');
      await toLastStep(c.page);
      if (answersNext(c, 'xstate.error.actor.submitContract', true)) await voidElsewhere(c);
      if (answersNext(c, 'xstate.error.actor.submitContract', false))
        await signCall(c.request, companyOf(c), '/template/templateUpAndDown', {
          boxId: companyOf(c).saleBoxId,
          state: 2,
        });
      if (outputOf<SignSubmissionResult>(c.next)?.nextType === 3) {
        await form(c.page).getByText('提交后直接发起审批').click();
        await form(c.page).getByLabel('审批备注').fill('请审批');
      }
      await form(c.page).getByRole('button', { name: '提交', exact: true }).click();
    },
    'contract.void': async (c) => {
      if (answersNext(c, 'xstate.error.actor.voidContract', false))
        await failNextCall(c.page, '/sign/signInvalid');
      if (isRefusal(c.next)) await moveOutElsewhere(c, c.step.previous);
      await click(c, '作废');
      const dialog = c.page.getByRole('dialog');
      await dialog.getByLabel('作废原因').fill('客户放弃');
      await dialog.getByRole('button', { name: '确定作废' }).click();
    },
    'void.revoke': async (c) => {
      if (answersNext(c, 'xstate.error.actor.revokeVoid', false))
        await signCall(c.request, companyOf(c), '/sign/signDelete', { contractId: c.fixture.contractId });
      if (isRefusal(c.next))
        await signCall(c.request, companyOf(c), '/sign/signInvalidRevoke', {
          contractId: c.fixture.contractId,
        });
      await click(c, '撤销作废');
    },
    'contract.terminate': async (c) => click(c, '终止'),
    'contract.complete': async (c) => click(c, '签约完成'),
    'contract.delete': async (c) => click(c, '删除'),
    'confirm.yes': async (c) => {
      if (wasIn(c.step.previous, 'houseWarning')) {
        await c.page.getByRole('alertdialog').getByRole('button', { name: '继续发起' }).click();
        return;
      }
      const company = companyOf(c);
      const next = nextType(c);
      const refused = isRefusal(c.next);
      if (next === 'xstate.error.actor.deleteContract') {
        if (refused) await moveOutElsewhere(c, c.step.previous);
        else await failNextCall(c.page, '/sign/signDelete');
      }
      if (next === 'xstate.error.actor.completeContract') {
        if (refused) await voidElsewhere(c);
        else await failNextCall(c.page, '/sign/contractComplete');
      }
      if (next === 'xstate.error.actor.terminateContract' && !refused)
        await failNextCall(c.page, '/sign/contractTerminate');
      if (next === 'xstate.error.actor.terminateContract' && refused) {
        if (wasIn(c.step.previous, 'pendingApproval'))
          await decide(
            c.request,
            company.credentials,
            await approvalIdOf(c.request, company, c.fixture.contractId),
            'reject',
          );
        else await voidElsewhere(c);
      }
      await c.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    },
    'confirm.no': async (c) => c.page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click(),
    'xstate.done.actor.startSigning': async (c) => expectServerState(c, 7),
    'xstate.error.actor.startSigning': async (c) => expectServerState(c, isRefusal(c.step) ? 4 : 1),
    'xstate.done.actor.startApproval': async (c) => expectServerState(c, 2),
    'xstate.error.actor.startApproval': noop,
    'xstate.done.actor.terminateContract': async (c) => expectServerState(c, 1),
    'xstate.error.actor.terminateContract': noop,
    'xstate.done.actor.completeContract': async (c) => expectServerState(c, 6),
    'xstate.error.actor.completeContract': async (c) => {
      if (isRefusal(c.step)) await expectServerState(c, 4);
    },
    'xstate.done.actor.voidContract': async (c) => expectServerState(c, 4),
    'xstate.error.actor.voidContract': noop,
    'xstate.done.actor.revokeVoid': async (c) => expectServerState(c, 1),
    'xstate.error.actor.revokeVoid': noop,
    'xstate.done.actor.deleteContract': noop,
    'xstate.error.actor.deleteContract': noop,
    'xstate.after.300.signContract.openingDetail': noop,
    'xstate.after.2500.signContract.started': noop,
    'xstate.after.1500.signContract.deleted': noop,
  },
  states: {
    'signContract.editing': async (c) => {
      // Before a load or a listing nothing is open yet; on the form the failed submission says why.
      if (nextType(c) === 'contract.load' || nextType(c) === 'house.open') return;
      await expect(form(c.page)).toBeVisible();
      await expectNotice(c);
      // From a listing: the owner is 甲方 already.
      if ((c.step.state.context as SignContractContext).prefill)
        await expect(form(c.page).getByLabel('甲方姓名', { exact: true })).toHaveValue(listingOwner);
    },
    'signContract.preparingHouse': async (c) => expect(form(c.page)).toBeVisible(),
    'signContract.houseFailed': async (c) => {
      await expect(form(c.page).getByTestId('form-error')).toHaveText(networkError);
      await expect(form(c.page).getByRole('button', { name: '重试' })).toBeVisible();
    },
    // The model's sample stands for the contract the server names: its number and state.
    'signContract.houseWarning': async (c) => {
      await expectConfirm(c, '该房源已有进行中的合同：');
      await expectConfirm(c, '（待发起），确定再发起合同吗？');
    },
    // Given up: the warning closes and no form is offered (the form goes back to where 发起签约 was
    // pressed); nothing was submitted.
    'signContract.abandoned': async (c) => {
      await expect(c.page.getByRole('alertdialog')).toHaveCount(0);
      await expect(c.page.getByLabel('甲方姓名', { exact: true })).toHaveCount(0);
    },
    'signContract.submitting': async (c) => expect(form(c.page)).toBeVisible(),
    'signContract.offerSigning': async (c) => expectConfirm(c, '是否立即发起签署'),
    'signContract.offerApproval': async (c) => expectConfirm(c, '是否立即发起审批'),
    // 300 ms, then the detail opens.
    'signContract.openingDetail': async (c) =>
      expect(c.page.getByTestId('submit-done').or(detail(c.page))).toBeVisible(),
    'signContract.loading': async (c) => {
      await expect(detail(c.page).or(form(c.page))).toBeVisible();
      // After a call the page keeps its message while it reloads; a timer instead opens the detail anew.
      const event = c.step.event.type;
      if (event.startsWith('xstate.done.') || event.startsWith('xstate.error.')) await expectNotice(c);
    },
    'signContract.loadFailed': async (c) => {
      await expect(detail(c.page).getByTestId('detail-notice')).toHaveText(networkError);
      await expect(detail(c.page).getByRole('button', { name: '重新加载' })).toBeVisible();
    },
    'signContract.toStart.idle': async (c) => expectState(c, '待发起'),
    'signContract.toStart.confirmComplete': async (c) => expectConfirm(c, signConfirmations.complete),
    'signContract.toStart.confirmDelete': async (c) => expectConfirm(c, signConfirmations.remove),
    'signContract.pendingApproval.idle': async (c) => {
      await expectState(c, '待审核');
      await expect(detail(c.page).getByRole('button', { name: '查看审批记录' })).toBeVisible();
    },
    'signContract.checkingApproval': async (c) => expect(detail(c.page)).toBeVisible(),
    'signContract.pendingApproval.confirmTerminate': async (c) =>
      expectConfirm(c, signConfirmations.terminate),
    'signContract.rejected.idle': async (c) => {
      await expectState(c, '被拒绝');
      await expect(detail(c.page).getByRole('button', { name: '查看审批记录' })).toBeVisible();
    },
    'signContract.rejected.confirmDelete': async (c) => expectConfirm(c, signConfirmations.remove),
    'signContract.voided.idle': async (c) => expectState(c, '已作废'),
    'signContract.voided.confirmDelete': async (c) => expectConfirm(c, signConfirmations.remove),
    'signContract.completed': async (c) => expectState(c, '已完成'),
    'signContract.awaitingSignature.idle': async (c) => expectState(c, '待签字'),
    'signContract.awaitingSignature.confirmTerminate': async (c) =>
      expectConfirm(c, signConfirmations.terminate),
    'signContract.awaitingSignature.confirmComplete': async (c) =>
      expectConfirm(c, signConfirmations.complete),
    'signContract.signed.idle': async (c) => expectState(c, '已签约'),
    'signContract.signed.confirmComplete': async (c) => expectConfirm(c, signConfirmations.complete),
    'signContract.startingSigning': async (c) => expect(detail(c.page).or(form(c.page))).toBeVisible(),
    'signContract.startingApproval': async (c) => expect(detail(c.page).or(form(c.page))).toBeVisible(),
    // 2500 ms, then the detail (re)opens.
    'signContract.started': async (c) => {
      const text = (c.step.state.context as SignContractContext).notice?.text ?? '';
      await expect(c.page.getByTestId('submit-done').or(c.page.getByTestId('detail-started'))).toBeVisible();
      if (await c.page.getByTestId('submit-done').isVisible())
        await expect(c.page.getByTestId('submit-done')).toContainText(text);
    },
    'signContract.terminating': async (c) => expect(detail(c.page)).toBeVisible(),
    'signContract.completing': async (c) => expect(detail(c.page)).toBeVisible(),
    'signContract.voiding': async (c) => expect(detail(c.page)).toBeVisible(),
    'signContract.revokingVoid': async (c) => expect(detail(c.page)).toBeVisible(),
    'signContract.deleting': async (c) => expect(detail(c.page)).toBeVisible(),
    // 1500 ms, then back to the list.
    'signContract.deleted': async (c) =>
      expect(c.page.getByTestId('detail-deleted').or(c.page.getByTestId('sign-list-page'))).toBeVisible(),
    // Refused by the edit-state check: the shell's 当前页面状态不可操作 over the page.
    'signContract.inoperable': async (c) => expect(disabledModal(c.page)).toBeVisible(),
    'signContract.closed': async (c) => {
      await expect(c.page.getByTestId('sign-list-page')).toBeVisible();
      const gone = await c.request.get(`/api/sign/signDetailV3?contractId=${c.fixture.contractId}`, {
        headers: companyOf(c).credentials,
      });
      expect(((await gone.json()) as { code: number }).code).toBe(404);
    },
  },
};

test.describe('sign-contract machine through the real sign pages', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(90_000);
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { path, company: null, contractId: 0, houseId: 0 },
      });
    });
  }
});
