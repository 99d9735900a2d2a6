/**
 * The sign-print machine's model driven through the real sign detail page against the real server,
 * on a contract submitted for paper signing by a new company. The server is made to refuse for real:
 * registering a print or asking to print again after the contract was voided answers 409. Only a
 * failed first read of the print information is a network failure made with Playwright's routing
 * (a voided contract shows no print panel at all; docs/testing.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { signPrintModel } from '../tests/models/sign-print.model';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { failNextCall, openAs } from './support/oa';
import { signCall, signCompany, submitSale, type SignCompany } from './support/sign';

const spec = browserModel(signPrintModel);
const paths = generatePaths(spec);

type Fixture = { company?: SignCompany; contractId?: number };

const nextEvent = (c: StepContext<Fixture>) =>
  c.next?.event as { type: string; output?: { canPrint?: number } } | undefined;
const panel = (page: Page) => page.getByTestId('sign-print');

/** The real server refuses what follows: the contract is voided behind the page's back. */
async function voidContract(c: StepContext<Fixture>): Promise<void> {
  await signCall(c.request, c.fixture.company!, '/sign/signInvalid', {
    contractId: c.fixture.contractId!,
    reason: '客户放弃购买',
  });
}

async function registerPrint(c: StepContext<Fixture>): Promise<void> {
  await signCall(c.request, c.fixture.company!, '/sign/signUpdatePrint', {
    contractId: c.fixture.contractId!,
  });
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.company = await signCompany(c.request);
      const submitted = await submitSale(c.request, c.fixture.company, { paper: true });
      c.fixture.contractId = submitted.contractId;
      const next = nextEvent(c);
      // Printed before: the page opens on 申请重新打印.
      if (next?.type === 'xstate.done.actor.loadPrintView' && next.output?.canPrint === 0)
        await registerPrint(c);
      if (next?.type === 'xstate.error.actor.loadPrintView')
        await failNextCall(c.page, '/sign/signViewPrint');
      // The PDF opens in a new window for printing; the path stays on the detail.
      await c.page.addInitScript(() => {
        window.open = () => null;
      });
      await openAs(
        c.page,
        c.fixture.company.credentials,
        `/views/sign/detail?contractId=${c.fixture.contractId}`,
      );
    },
    'xstate.done.actor.loadPrintView': async () => {},
    'xstate.error.actor.loadPrintView': async () => {},
    'xstate.done.actor.registerPrint': async () => {},
    'xstate.error.actor.registerPrint': async () => {},
    'xstate.done.actor.requestPrintAgain': async () => {},
    'xstate.error.actor.requestPrintAgain': async () => {},
    retry: async (c) => panel(c.page).getByRole('button', { name: '重试' }).click(),
    print: async (c) => panel(c.page).getByRole('button', { name: '打印合同' }).click(),
    'print.cancel': async (c) => panel(c.page).getByRole('button', { name: '取消' }).click(),
    'print.done': async (c) => {
      if (nextEvent(c)?.type === 'xstate.error.actor.registerPrint') await voidContract(c);
      await panel(c.page).getByRole('button', { name: '已打印' }).click();
    },
    again: async (c) => panel(c.page).getByRole('button', { name: '申请重新打印' }).click(),
    'again.cancel': async (c) => panel(c.page).getByRole('button', { name: '取消' }).click(),
    'again.submit': async (c) => {
      const event = c.step.event as unknown as { reason: string };
      if (nextEvent(c)?.type === 'xstate.error.actor.requestPrintAgain') await voidContract(c);
      await panel(c.page).getByLabel('重新打印原因').fill(event.reason);
      await panel(c.page).getByRole('button', { name: '提交申请' }).click();
    },
  },
  states: {
    'signPrint.loading': async (c) => expect(c.page.getByTestId('sign-detail-page')).toBeVisible(),
    'signPrint.failed': async (c) => {
      await expect(panel(c.page).getByRole('alert')).toContainText('网络异常');
      await expect(panel(c.page).getByRole('button', { name: '重试' })).toBeVisible();
    },
    'signPrint.ready': async (c) => {
      await expect(panel(c.page).getByRole('button', { name: '打印合同' })).toBeVisible();
      if (c.step.previous.matches('registering'))
        await expect(panel(c.page).getByRole('alert')).toContainText('当前状态不允许此操作');
    },
    'signPrint.printing': async (c) =>
      expect(panel(c.page)).toContainText('打印完成后请点击「已打印」登记，打印次数将加 1'),
    'signPrint.registering': async (c) => expect(panel(c.page)).toBeVisible(),
    'signPrint.printed': async (c) => {
      await expect(panel(c.page).getByRole('button', { name: '申请重新打印' })).toBeVisible();
      await expect(panel(c.page).getByTestId('print-count')).toContainText('已打印 1 次');
    },
    'signPrint.askingReason': async (c) => {
      await expect(panel(c.page).getByLabel('重新打印原因')).toBeVisible();
      if (c.step.previous.matches('askingReason'))
        await expect(panel(c.page).getByRole('alert')).toHaveText('请输入重新打印原因');
      if (c.step.previous.matches('requesting'))
        await expect(panel(c.page).getByRole('alert')).toContainText('当前状态不允许此操作');
    },
    'signPrint.requesting': async (c) => expect(panel(c.page)).toBeVisible(),
  },
};

test.describe('sign-print machine through the real sign detail', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
