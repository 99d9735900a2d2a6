/**
 * The executors shared by the sale and rent contract model specs. Each path gets a company of its
 * own (its manager records the contract, sponsors and approves), so switching an approval item on
 * or off never touches another path. A load's answer is made real by moving the contract on the
 * server first (through the allowed changes, with approvals off); a change that needs approval is
 * one whose item the path switched on; an approver's decision is made on the server and then seen
 * with 刷新审批状态; the sponsor revokes in the detail itself. A failed call is a network failure (a
 * real refusal of a change made on an older state brings 当前页面状态不可操作 over the detail, which
 * ends the path; e2e/page-state.spec.ts drives it). A target the state does not allow is neither
 * offered nor taken by the machine: it is not sent, and 目标状态 must not list it. No event goes
 * through the inspector.
 */
import { expect, type Page } from '@playwright/test';
import type { ModelPath, ModelSpec } from '../../tests/support/machine-model';
import {
  canChangeRentState,
  canChangeSaleState,
  rentStates,
  saleStates,
  type RentState,
  type SaleState,
} from '../../machines/contract-states';
import {
  ledgerMessages,
  type LedgerContractContext,
  type LedgerSnapshot,
} from '../../machines/ledger-contract';
import type { BrowserExecutors, StepContext } from './run-browser-path';
import {
  addContract,
  approvalItem,
  changeState,
  contractDetail,
  decide,
  failNextCall,
  networkError,
  openAs,
  ownCompany,
  revoke,
  setApproval,
  type Kind,
  type OwnCompany,
} from './oa';

export type LedgerFixture = { path: ModelPath; company: OwnCompany | null; contractId: number };
type Context = StepContext<LedgerFixture>;

const transient = ['loading', 'submitting'];
/** A person acts on a settled screen: no event of the paths is sent while a call is in flight. */
export const isSettled = (path: ModelPath) =>
  path.steps.every(
    (step) =>
      step.event.type.startsWith('xstate.') ||
      !transient.some((name) => JSON.stringify(step.previous.value).includes(name)),
  );

const detail = (page: Page) => page.getByTestId('contract-detail');
const noop = async () => {};

function company(c: Context): OwnCompany {
  if (!c.fixture.company) throw new Error('no company');
  return c.fixture.company;
}

export function ledgerExecutors(kind: Kind, spec: ModelSpec): BrowserExecutors<LedgerFixture> {
  const machineId = spec.machine.id;
  const names: Record<number, string> = kind === 'sale' ? saleStates : rentStates;
  const canChange = (from: number, to: number, frozenFrom: number | null) =>
    kind === 'sale'
      ? canChangeSaleState(from as SaleState, to as SaleState, frozenFrom as SaleState | null)
      : canChangeRentState(from as RentState, to as RentState);
  const needsRemark = (to: number) => (kind === 'sale' ? [6, 7] : [2, 3]).includes(to);
  const detailPath = kind === 'sale' ? '/contract/v2/contractSaleDetail' : '/contract/v2/contractRentDetail';
  const changePath =
    kind === 'sale' ? '/contract/v2/contractSaleStateChange' : '/contract/v2/contractRentStateChange';

  /** The shortest way through the allowed changes (sale 冻结 returns to where it was). */
  function route(from: number, frozenFrom: number | null, to: number): number[] {
    const queue: { state: number; frozenFrom: number | null; steps: number[] }[] = [
      { state: from, frozenFrom, steps: [] },
    ];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const item = queue.shift();
      if (!item) break;
      if (item.state === to) return item.steps;
      const key = `${item.state}/${item.frozenFrom}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const next of Object.keys(names).map(Number))
        if (canChange(item.state, next, item.frozenFrom))
          queue.push({
            state: next,
            frozenFrom: next === 5 && kind === 'sale' ? item.state : null,
            steps: [...item.steps, next],
          });
    }
    throw new Error(`${kind} contract cannot go from ${from} to ${to}`);
  }

  /** Moves the contract on the server so that its next load answers `target`. */
  async function moveOnServer(c: Context, target: LedgerSnapshot): Promise<void> {
    const own = company(c);
    const current = await contractDetail(c.request, own.credentials, kind, c.fixture.contractId);
    if (current.pendingApproval) await revoke(c.request, own.credentials, current.pendingApproval.approvalId);
    const goal =
      target.state === 5 && target.frozenFromState !== null ? target.frozenFromState : target.state;
    // The state a frozen contract returns to is what the screen's machine knows.
    const frozenFrom =
      current.state === 5 ? (c.step.previous.context as LedgerContractContext).frozenFromState : null;
    const steps = [
      ...route(current.state, frozenFrom, goal),
      ...(goal !== target.state ? [target.state] : []),
    ];
    for (const to of steps) {
      await setApproval(c.request, own, approvalItem(kind, to), false);
      await changeState(c.request, own.credentials, kind, c.fixture.contractId, to);
    }
    if (target.pendingTarget !== null) {
      await setApproval(c.request, own, approvalItem(kind, target.pendingTarget), true);
      const started = await changeState(
        c.request,
        own.credentials,
        kind,
        c.fixture.contractId,
        target.pendingTarget,
      );
      expect(started.needApproval).toBe(1);
    }
  }

  async function pendingApprovalId(c: Context): Promise<number> {
    const current = await contractDetail(c.request, company(c).credentials, kind, c.fixture.contractId);
    if (!current.pendingApproval) throw new Error('no approval is waiting');
    return current.pendingApproval.approvalId;
  }

  async function expectNotice(c: Context): Promise<void> {
    const notice = (c.step.state.context as LedgerContractContext).notice;
    if (!notice) return;
    const known: string[] = Object.values(ledgerMessages);
    if (known.includes(notice.text))
      await expect(detail(c.page).getByTestId('contract-notice')).toHaveText(notice.text);
    // A server or network error in the server's own words; the model's sample only stands for it.
    else await expect(detail(c.page).getByTestId('contract-notice')).toHaveText(networkError);
  }

  const nextOf = (c: Context) => c.next?.event as { type: string; output?: unknown } | undefined;

  const ledgerState = (state: number) => async (c: Context) => {
    await expect(detail(c.page).getByTestId('contract-state')).toHaveText(names[state] ?? '');
    await expect(detail(c.page).getByTestId('pending-approval')).toHaveCount(0);
    await expectNotice(c);
  };

  const nodes: Record<number, string> =
    kind === 'sale'
      ? {
          1: 'pendingHandling',
          2: 'handling',
          3: 'handled',
          4: 'completed',
          5: 'frozen',
          6: 'voided',
          7: 'terminated',
        }
      : { 1: 'normal', 2: 'terminated', 3: 'voided', 4: 'completed' };

  return {
    events: {
      'xstate.init': async (c) => {
        const own = await ownCompany(c.request);
        c.fixture.company = own;
        const { contractId } = await addContract(c.request, own.credentials, kind);
        c.fixture.contractId = contractId;
        const next = nextOf(c);
        if (next?.type === `xstate.error.actor.loadContract`) await failNextCall(c.page, detailPath);
        else await moveOnServer(c, next?.output as LedgerSnapshot);
        await openAs(
          c.page,
          own.credentials,
          `/views/contract/index?contractType=${kind === 'sale' ? 1 : 2}&contractId=${contractId}`,
        );
      },
      'xstate.done.actor.loadContract': noop,
      'xstate.error.actor.loadContract': noop,
      'state.change': async (c) => {
        const event = c.step.event as unknown as { type: 'state.change'; to: number; remark?: string };
        const before = c.step.previous.context as LedgerContractContext;
        const next = nextOf(c);
        if (next?.type === 'xstate.done.actor.changeState') {
          const needApproval = (next.output as { needApproval: number }).needApproval === 1;
          await setApproval(c.request, company(c), approvalItem(kind, event.to), needApproval);
        }
        if (next?.type === 'xstate.error.actor.changeState') await failNextCall(c.page, changePath);
        const isOffered = before.state !== null && canChange(before.state, event.to, before.frozenFromState);
        const label = before.state === 5 ? `解冻（回到${names[event.to]}）` : (names[event.to] ?? '');
        const select = detail(c.page).getByRole('combobox', { name: '目标状态' });
        if (!isOffered) {
          // The machine ignores it; the screen must not offer it (the state's assertion follows).
          if ((await select.count()) === 0) return;
          await select.click();
          await expect(c.page.getByRole('option').first()).toBeVisible();
          await expect(c.page.getByRole('option', { name: label, exact: true })).toHaveCount(0);
          await c.page.keyboard.press('Escape');
          return;
        }
        await select.click();
        await c.page.getByRole('option', { name: label, exact: true }).click();
        if (needsRemark(event.to) && event.remark)
          await detail(c.page).getByLabel('变更原因').fill(event.remark);
        await detail(c.page).getByRole('button', { name: '提交变更' }).click();
      },
      'xstate.done.actor.changeState': noop,
      'xstate.error.actor.changeState': noop,
      'approval.approved': async (c) => {
        // The pending approval is on screen first: decided while it still loads, its first read
        // would already find the decision and the refresh button would be gone before the click.
        await expect(detail(c.page).getByRole('button', { name: '刷新审批状态' })).toBeEnabled();
        await decide(c.request, company(c).credentials, await pendingApprovalId(c), 'approve');
        await detail(c.page).getByRole('button', { name: '刷新审批状态' }).click();
      },
      'approval.rejected': async (c) => {
        await expect(detail(c.page).getByRole('button', { name: '刷新审批状态' })).toBeEnabled();
        await decide(c.request, company(c).credentials, await pendingApprovalId(c), 'reject');
        await detail(c.page).getByRole('button', { name: '刷新审批状态' }).click();
      },
      'approval.revoked': async (c) => {
        await detail(c.page).getByRole('button', { name: '撤回审批' }).click();
        await c.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      },
      'contract.reload': async (c) => {
        const next = nextOf(c);
        if (next?.type === 'xstate.error.actor.loadContract') await failNextCall(c.page, detailPath);
        if (next?.type === 'xstate.done.actor.loadContract')
          await moveOnServer(c, next.output as LedgerSnapshot);
        const retry = detail(c.page).getByRole('button', { name: '重新加载' });
        if (await retry.isVisible()) await retry.click();
        else await detail(c.page).getByRole('button', { name: '刷新', exact: true }).click();
      },
    },
    states: {
      [`${machineId}.loading`]: async (c) => expect(detail(c.page)).toBeVisible(),
      [`${machineId}.loadFailed`]: async (c) => {
        await expect(detail(c.page).getByTestId('contract-notice')).toHaveText(networkError);
        await expect(detail(c.page).getByRole('button', { name: '重新加载' })).toBeVisible();
      },
      [`${machineId}.submitting`]: async (c) => expect(detail(c.page)).toBeVisible(),
      [`${machineId}.awaitingApproval`]: async (c) => {
        const context = c.step.state.context as LedgerContractContext;
        await expect(detail(c.page).getByTestId('contract-state')).toHaveText(
          names[context.state ?? 0] ?? '',
        );
        await expect(detail(c.page).getByTestId('pending-approval')).toContainText(
          `该合同转「${names[context.requested?.to ?? 0]}」已提交审批，审批通过后变更`,
        );
        await expectNotice(c);
      },
      ...Object.fromEntries(
        Object.entries(nodes).map(([state, node]) => [`${machineId}.${node}`, ledgerState(Number(state))]),
      ),
    },
  };
}
