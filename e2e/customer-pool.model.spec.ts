/**
 * The customer-pool machine's model driven through the real customer book and detail against the
 * real server, as 张经理 (who holds every customer permission) on a customer entered for the path:
 * his own private one, 赵经纪's (assigned), a public one, or a dealt one. A `sync` is the detail
 * reading the customer: when it opens, and again after a refusal. Every refusal is the real server's:
 * someone else changes the customer through the API just before 确定 (turns it public, deals it,
 * cancels the deal, picks it back), so the call meets a customer that is no longer as the page read
 * it; the page then reads it again. Paths whose read after a refusal could not be what the server
 * holds are left out; the rest still take every transition (checked by selectCoveringPaths).
 * No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { customerPoolModel } from '../tests/models/customer-pool.model';
import type { CustomerPoolContext } from '../machines/customer-pool.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { login, type Credentials } from './support/api';
import {
  buyer,
  customerCall,
  enterCustomer,
  findByPhone,
  openCustomerBook,
  openFirstRow,
  type Standing,
} from './support/customers';

const spec = browserModel(customerPoolModel);

const same = (a: Standing, b: Standing) =>
  a.attribution === b.attribution && a.isMine === b.isMine && a.dealStatus === b.dealStatus;

/**
 * Where the customer stands after the refusal this spec makes for an error step (what someone else
 * did just before 确定), from where it stood.
 */
function afterRefusal(errorType: string, before: Standing): Standing {
  const isPublic = before.attribution === 2;
  switch (errorType) {
    case 'xstate.error.actor.toPublic':
      return { attribution: 2, isMine: false, dealStatus: before.dealStatus };
    case 'xstate.error.actor.deal':
      return { ...before, dealStatus: 1 };
    case 'xstate.error.actor.cancelDeal':
      return { ...before, dealStatus: 0 };
    default:
      // assign and remove: the customer moved to the other pool meanwhile.
      return isPublic
        ? { attribution: 1, isMine: true, dealStatus: before.dealStatus }
        : { attribution: 2, isMine: false, dealStatus: before.dealStatus };
  }
}

/** A refusal is followed by the read of what the server then holds. */
function isUsable(path: ModelPath): boolean {
  return path.steps.every((step, index) => {
    if (!step.event.type.startsWith('xstate.error.actor.')) return true;
    const next = path.steps[index + 1];
    if (!next) return true;
    const before = (step.previous.context as CustomerPoolContext).standing;
    const read = (next.event as unknown as { standing: Standing }).standing;
    return next.event.type === 'sync' && same(read, afterRefusal(step.event.type, before));
  });
}

const paths = selectCoveringPaths(spec, generatePaths(spec), isUsable);

type Fixture = {
  manager?: Credentials;
  broker?: Credentials;
  customerId?: number;
  name?: string;
  phone?: string;
  /** The first read happens when the detail opens. */
  autoSync?: boolean;
  /** The server's refusal the page shows after the next call. */
  refusal?: string;
};

const detail = (page: Page) => page.getByTestId('customer-detail');
const alert = (page: Page) => page.getByRole('alertdialog');
const standingOf = (c: StepContext<Fixture>) => (c.step.previous.context as CustomerPoolContext).standing;

async function enterFor(c: StepContext<Fixture>, standing: Standing): Promise<void> {
  const body = buyer({ customerAttribution: standing.attribution });
  const owner = standing.attribution === 1 && !standing.isMine ? c.fixture.broker! : c.fixture.manager!;
  const customerId = await enterCustomer(c.request, owner, body);
  if (standing.dealStatus === 1)
    await customerCall(c.request, c.fixture.manager!, 'customerTransactionStatus', { customerId, status: 1 });
  c.fixture.customerId = customerId;
  c.fixture.name = body.name;
  c.fixture.phone = (body.phones as { phone: string }[])[0]!.phone;
}

/** What someone else does through the API just before 确定, so that the server refuses the call. */
async function makeRefused(c: StepContext<Fixture>, errorType: string): Promise<void> {
  const customerId = c.fixture.customerId!;
  const before = standingOf(c);
  const manager = c.fixture.manager!;
  const isPublic = before.attribution === 2;
  switch (errorType) {
    case 'xstate.error.actor.toPublic':
      await customerCall(c.request, manager, 'publicClients', { customerId });
      c.fixture.refusal = '该客户已是公客';
      return;
    case 'xstate.error.actor.deal':
      await customerCall(c.request, manager, 'customerTransactionStatus', { customerId, status: 1 });
      c.fixture.refusal = '该客户已成交';
      return;
    case 'xstate.error.actor.cancelDeal':
      await customerCall(c.request, manager, 'customerTransactionStatus', { customerId, status: 0 });
      c.fixture.refusal = '该客户未成交';
      return;
    default:
      if (isPublic) await customerCall(c.request, manager, 'privateClients', { customerId });
      else await customerCall(c.request, manager, 'publicClients', { customerId });
      c.fixture.refusal =
        errorType === 'xstate.error.actor.assign'
          ? `客户${c.fixture.name}不是${isPublic ? '公客' : '私客'}`
          : isPublic
            ? '该客户不在公客池'
            : '该客户不是私客';
  }
}

async function expectSettled(c: StepContext<Fixture>, pool: '私客' | '公客', holder: string) {
  await expect(detail(c.page).getByTestId('customer-pool')).toHaveText(pool);
  await expect(detail(c.page).getByTestId('customer-holder')).toContainText(holder);
  await expect(alert(c.page)).toHaveCount(0);
}

const clickInDetail = (name: string) => async (c: StepContext<Fixture>) =>
  detail(c.page).getByRole('button', { name, exact: true }).click();

const noop = async () => {};

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.manager = await login(c.request, '13800000000', 'demo1234');
      c.fixture.broker = await login(c.request, '13800000003', 'demo1234');
      const first = c.next?.event as unknown as { standing: Standing };
      await enterFor(c, first.standing);
      c.fixture.autoSync = true;
      await openCustomerBook(c.page, c.fixture.manager);
      await findByPhone(c.page, first.standing.attribution === 2 ? '公客' : '私客', c.fixture.phone!);
      await openFirstRow(c.page);
    },
    // The detail reads the customer by itself: when it opens, and after a refusal.
    sync: async (c) => {
      c.fixture.autoSync = false;
    },
    toPublic: clickInDetail('转公客'),
    toPrivate: clickInDetail('拣入私客'),
    deal: clickInDetail('成交'),
    cancelDeal: clickInDetail('取消成交'),
    assign: clickInDetail('分配'),
    delete: clickInDetail('删除'),
    confirm: async (c) => {
      const next = c.next?.event.type ?? '';
      if (next.startsWith('xstate.error.actor.')) await makeRefused(c, next);
      await alert(c.page).getByRole('button', { name: '确定' }).click();
    },
    cancel: async (c) => {
      if (c.step.previous.matches('choosingAssignee'))
        await c.page.getByRole('dialog', { name: '分配客户' }).getByRole('button', { name: '取消' }).click();
      else await alert(c.page).getByRole('button', { name: '取消' }).click();
    },
    'assign.choose': async (c) => {
      const next = c.next?.event.type ?? '';
      if (next.startsWith('xstate.error.actor.')) await makeRefused(c, next);
      const assignee = (c.step.event as unknown as { assignee: { userId: number } }).assignee;
      const name = assignee.userId === 0 ? '张经理' : '赵经纪';
      const dialog = c.page.getByRole('dialog', { name: '分配客户' });
      await dialog.getByLabel('搜索同事').fill(name);
      await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await dialog.getByRole('button', { name: '确定' }).click();
    },
    'pickBack.done': async (c) => {
      const isPicked = (c.step.event as unknown as { isPicked: boolean }).isPicked;
      await expect(alert(c.page)).toContainText('是否确定拣入私客');
      await alert(c.page)
        .getByRole('button', { name: isPicked ? '确定' : '取消' })
        .click();
      if (isPicked) await expect(detail(c.page).getByTestId('customer-pool')).toHaveText('私客');
    },
    'xstate.done.actor.toPublic': noop,
    'xstate.error.actor.toPublic': noop,
    'xstate.done.actor.deal': noop,
    'xstate.error.actor.deal': noop,
    'xstate.done.actor.cancelDeal': noop,
    'xstate.error.actor.cancelDeal': noop,
    'xstate.done.actor.assign': noop,
    'xstate.error.actor.assign': noop,
    'xstate.done.actor.remove': noop,
    'xstate.error.actor.remove': noop,
  },
  states: {
    'customerPool.reading': async (c) => {
      // At first the detail is opening; after a refusal the server's message stays shown.
      if (c.fixture.autoSync) return;
      await expect(detail(c.page).getByRole('status').filter({ hasText: c.fixture.refusal! })).toBeVisible();
    },
    'customerPool.private': async (c) => expectSettled(c, '私客', '张经理'),
    'customerPool.assigned': async (c) => expectSettled(c, '私客', '赵经纪'),
    'customerPool.public': async (c) => expectSettled(c, '公客', '公客池'),
    'customerPool.dealt': async (c) => {
      await expect(detail(c.page).getByTestId('customer-deal')).toBeVisible();
      await expect(detail(c.page).getByRole('button', { name: '取消成交' })).toBeVisible();
      await expect(alert(c.page)).toHaveCount(0);
    },
    'customerPool.confirmingPublic': async (c) => expect(alert(c.page)).toContainText('是否确定转为公客？'),
    'customerPool.movingPublic': async (c) => expect(detail(c.page)).toBeVisible(),
    'customerPool.pickingBack': async (c) => expect(alert(c.page)).toContainText('是否确定拣入私客'),
    'customerPool.confirmingDeal': async (c) => expect(alert(c.page)).toContainText('是否确定成交?'),
    'customerPool.dealing': async (c) => expect(detail(c.page)).toBeVisible(),
    'customerPool.confirmingCancelDeal': async (c) => expect(alert(c.page)).toContainText('取消成交?'),
    'customerPool.cancellingDeal': async (c) => expect(detail(c.page)).toBeVisible(),
    'customerPool.choosingAssignee': async (c) =>
      expect(c.page.getByRole('dialog', { name: '分配客户' })).toBeVisible(),
    'customerPool.assigning': async (c) => expect(detail(c.page)).toBeVisible(),
    'customerPool.confirmingDelete': async (c) =>
      expect(alert(c.page)).toContainText('您确认删除该项信息吗？'),
    // The call runs; the detail may already say it is deleted.
    'customerPool.deleting': async (c) =>
      expect(detail(c.page).or(c.page.getByTestId('customer-deleted'))).toBeVisible(),
    'customerPool.deleted': async (c) => expect(c.page.getByTestId('customer-deleted')).toBeVisible(),
  },
};

test.describe('customer-pool machine through the real customer book and server', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
