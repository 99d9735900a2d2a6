/**
 * The approval machine's model driven through the real approval page against the real server, in
 * demo company A: 张经理 records a sale contract, 孙权证 voids it, which starts the demo approval
 * 买卖合同作废 (王店长, then 张经理). Each path opens that record as the person its first answer
 * implies (the approver of the current step, the sponsor, or anyone after the end), with the
 * earlier steps decided on the server. What makes the server refuse a decision with its edit-state
 * check (405, the page disabled: 当前页面状态不可操作) is real: the sponsor revoked it (or the approver
 * rejected it) in the meantime. Any other failed call (a load, a decision, a revoke) is a network failure.
 * The paths are the generated browser paths, narrowed to a subset that still takes every
 * transition (e2e/support/covering-paths.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { approvalModel } from '../tests/models/approval.model';
import { approvalMessages, type ApprovalContext, type ApprovalRecord } from '../machines/approval.machine';
import { isEditStateRefusal } from '../domain/page-state';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import {
  addContract,
  changeState,
  decide,
  demo,
  demoPassword,
  failNextCall,
  login,
  networkError,
  openAs,
  revoke,
} from './support/oa';
import type { Credentials } from './support/api';

type Fixture = {
  path: ModelPath;
  sponsor: Credentials | null;
  storeManager: Credentials | null;
  manager: Credentials | null;
  approvalId: number;
};
type Context = StepContext<Fixture>;

const spec = browserModel(approvalModel);
const transient = ['loading', 'approving', 'rejecting', 'revoking'];
/** A person acts on a settled screen: no event of the paths is sent while a call is in flight. */
const isSettled = (path: ModelPath) =>
  path.steps.every(
    (step) =>
      step.event.type.startsWith('xstate.') ||
      !transient.some((name) => JSON.stringify(step.previous.value).includes(name)),
  );
const paths = selectCoveringPaths(spec, generatePaths(spec), isSettled);

const detail = (page: Page) => page.getByTestId('approval-detail');
const nextEvent = (c: Context) =>
  c.next?.event as { type: string; output?: ApprovalRecord; error?: unknown } | undefined;
/** Whether the next step is the server's answer `type`, refused by the edit-state check or failed otherwise. */
const answersNext = (c: Context, type: string, refused: boolean) =>
  nextEvent(c)?.type === type && isEditStateRefusal(nextEvent(c)?.error) === refused;
const disabledModal = (page: Page) =>
  page.getByRole('alertdialog').filter({ hasText: '当前页面状态不可操作' });
const noop = async () => {};

function need<T>(value: T | null): T {
  if (value === null) throw new Error('fixture not ready');
  return value;
}

/** Whether the path later approves the last step (then its approver is 张经理, after 王店长). */
function approvesLastStep(path: ModelPath): boolean {
  return path.steps.some(
    (step) =>
      step.event.type === 'xstate.done.actor.approve' &&
      (step.event as unknown as { output: ApprovalRecord }).output.status === 1,
  );
}

async function expectNotice(c: Context): Promise<void> {
  const notice = (c.step.state.context as ApprovalContext).notice;
  if (!notice) return;
  // Server errors carry the server's own words; the model's samples only stand for them.
  if (notice.kind === 'error' && notice.text !== approvalMessages.remarkRequired)
    await expect(detail(c.page).getByTestId('approval-notice')).not.toBeEmpty();
  else await expect(detail(c.page).getByTestId('approval-notice')).toHaveText(notice.text);
}

async function expectStatus(c: Context, text: string): Promise<void> {
  await expect(detail(c.page).getByTestId('approval-status')).toHaveText(text);
  await expectNotice(c);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const [manager, storeManager, sponsor] = await Promise.all([
        login(c.request, demo.manager, demoPassword),
        login(c.request, demo.storeManager, demoPassword),
        login(c.request, demo.certificate, demoPassword),
      ]);
      Object.assign(c.fixture, { manager, storeManager, sponsor });
      const { contractId } = await addContract(c.request, manager, 'sale');
      const started = await changeState(c.request, sponsor, 'sale', contractId, 6);
      expect(started.needApproval).toBe(1);
      const approvalId = started.approvalId ?? 0;
      c.fixture.approvalId = approvalId;
      const next = nextEvent(c);
      let viewer = sponsor;
      if (next?.type === 'xstate.error.actor.loadApproval')
        await failNextCall(c.page, '/oa/companyOaApprovalDetail');
      const record = next?.output;
      if (record?.status === 0 && record.canApprove === 1) {
        viewer = storeManager;
        if (approvesLastStep(c.fixture.path)) {
          await decide(c.request, storeManager, approvalId, 'approve');
          viewer = manager;
        }
      }
      if (record?.status === 1) {
        await decide(c.request, storeManager, approvalId, 'approve');
        await decide(c.request, manager, approvalId, 'approve');
      }
      if (record?.status === 2) await decide(c.request, storeManager, approvalId, 'reject');
      if (record?.status === 3) await revoke(c.request, sponsor, approvalId);
      await openAs(c.page, viewer, `/views/office/oa/oa-pending-approval?approvalId=${approvalId}`);
    },
    'xstate.done.actor.loadApproval': noop,
    'xstate.error.actor.loadApproval': noop,
    'approval.approve': async (c) => {
      if (answersNext(c, 'xstate.error.actor.approve', true))
        await revoke(c.request, need(c.fixture.sponsor), c.fixture.approvalId);
      if (answersNext(c, 'xstate.error.actor.approve', false)) await failNextCall(c.page, '/oa/approvalBtn');
      await detail(c.page).getByLabel('审批意见').fill('同意');
      await detail(c.page).getByRole('button', { name: '通过' }).click();
    },
    'approval.reject': async (c) => {
      if (answersNext(c, 'xstate.error.actor.reject', true))
        await revoke(c.request, need(c.fixture.sponsor), c.fixture.approvalId);
      if (answersNext(c, 'xstate.error.actor.reject', false)) await failNextCall(c.page, '/oa/approvalBtn');
      const remark = (c.step.event as unknown as { remark: string }).remark;
      await detail(c.page).getByLabel('审批意见').fill(remark);
      await detail(c.page).getByRole('button', { name: '拒绝' }).click();
    },
    'xstate.done.actor.approve': noop,
    'xstate.error.actor.approve': noop,
    'xstate.done.actor.reject': noop,
    'xstate.error.actor.reject': noop,
    'approval.revoke': async (c) => detail(c.page).getByRole('button', { name: '撤回' }).click(),
    'revoke.confirm': async (c) => {
      if (answersNext(c, 'xstate.error.actor.revokeApproval', true))
        await decide(c.request, need(c.fixture.storeManager), c.fixture.approvalId, 'reject');
      if (answersNext(c, 'xstate.error.actor.revokeApproval', false))
        await failNextCall(c.page, '/oa/approvalRevoke');
      await c.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    },
    'revoke.cancel': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click(),
    'xstate.done.actor.revokeApproval': noop,
    'xstate.error.actor.revokeApproval': noop,
    'approval.reload': async (c) => {
      if (nextEvent(c)?.type === 'xstate.error.actor.loadApproval')
        await failNextCall(c.page, '/oa/companyOaApprovalDetail');
      const retry = detail(c.page).getByRole('button', { name: '重新加载' });
      if (await retry.isVisible()) await retry.click();
      else await detail(c.page).getByRole('button', { name: '刷新' }).click();
    },
  },
  states: {
    'approval.loading': async (c) => expect(detail(c.page)).toBeVisible(),
    'approval.loadFailed': async (c) => {
      await expect(detail(c.page).getByTestId('approval-notice')).toHaveText(networkError);
      await expect(detail(c.page).getByRole('button', { name: '重新加载' })).toBeVisible();
    },
    'approval.pending.idle': async (c) => {
      await expectStatus(c, '审批中');
      const record = (c.step.state.context as ApprovalContext).record;
      await expect(detail(c.page).getByRole('button', { name: '通过' })).toHaveCount(
        record?.canApprove === 1 ? 1 : 0,
      );
      await expect(detail(c.page).getByRole('button', { name: '撤回' })).toHaveCount(
        record?.canRevoke === 1 ? 1 : 0,
      );
    },
    'approval.pending.confirmingRevoke': async (c) =>
      expect(c.page.getByRole('alertdialog')).toContainText(approvalMessages.revokeConfirm),
    'approval.pending.approving': async (c) => expect(detail(c.page)).toBeVisible(),
    'approval.pending.rejecting': async (c) => expect(detail(c.page)).toBeVisible(),
    'approval.pending.revoking': async (c) => expect(detail(c.page)).toBeVisible(),
    'approval.approved': async (c) => expectStatus(c, '已通过'),
    'approval.rejected': async (c) => expectStatus(c, '已拒绝'),
    'approval.revoked': async (c) => expectStatus(c, '已撤回'),
    // Refused by the edit-state check: the record's page is disabled.
    'approval.inoperable': async (c) => expect(disabledModal(c.page)).toBeVisible(),
  },
};

test.describe('approval machine through the real approval page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { path, sponsor: null, storeManager: null, manager: null, approvalId: 0 },
      });
    });
  }
});
