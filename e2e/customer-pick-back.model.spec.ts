/**
 * The customer-pick-back machine's model driven through the public pool of the real customer book
 * (the row's 拣入私客) against the real server, in a company of its own for each path so that its
 * upper limit changes nothing elsewhere. A full book is real: the limit is set to one buy customer
 * and the manager already holds one. A refusal by the server is real too: after the room was checked,
 * the limit is set and the manager enters a private buy customer before 确定. A failed room check is
 * made at the network layer (the settings read), as no server answer fails it on demand.
 * No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { customerPickBackModel } from '../tests/models/customer-pick-back.model';
import { browserModel, runPathInBrowser, type BrowserExecutors } from './support/run-browser-path';
import { failNextCall, networkError } from './support/oa';
import { post, type Credentials } from './support/api';
import {
  buyer,
  customerCompany,
  enterCustomer,
  findByPhone,
  openCustomerBook,
  settingWith,
} from './support/customers';

const spec = browserModel(customerPickBackModel);
const paths = generatePaths(spec);

type Fixture = { manager?: Credentials; phone?: string };

const alert = (page: Page) => page.getByRole('alertdialog');
const limitMessage = '求购私客已达上限 1 个，不能再增加私客';

async function limitToOne(fixture: Fixture, request: Parameters<typeof enterCustomer>[0]) {
  const saved = await post(
    request,
    '/customer/v2/customerSetting',
    settingWith({ selected: 1, sell: 1 }),
    fixture.manager,
  );
  expect(saved.code, saved.message).toBe(200);
  await enterCustomer(request, fixture.manager!, buyer());
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const company = await customerCompany(c.request);
      c.fixture.manager = company.manager;
      const body = buyer({ customerAttribution: 2 });
      await enterCustomer(c.request, company.manager, body);
      c.fixture.phone = (body.phones as { phone: string }[])[0]!.phone;
      const first = c.next?.event as { type: string; output?: { cap: number | null } };
      if (first.output?.cap) await limitToOne(c.fixture, c.request);
      await openCustomerBook(c.page, company.manager);
      await findByPhone(c.page, '公客', c.fixture.phone);
      if (first.type === 'xstate.error.actor.checkRoom')
        await failNextCall(c.page, '/customer/v2/getCustomerSetting');
      await c.page.getByTestId('customer-row').getByRole('button', { name: '拣入私客' }).click();
    },
    'xstate.done.actor.checkRoom': async () => {},
    'xstate.error.actor.checkRoom': async () => {},
    confirm: async (c) => {
      if (c.next?.event.type === 'xstate.error.actor.claim') await limitToOne(c.fixture, c.request);
      await alert(c.page).getByRole('button', { name: '确定' }).click();
    },
    cancel: async (c) => alert(c.page).getByRole('button', { name: '取消' }).click(),
    close: async (c) => alert(c.page).getByRole('button', { name: '关闭' }).click(),
    retry: async (c) => alert(c.page).getByRole('button', { name: '重试' }).click(),
    'xstate.done.actor.claim': async () => {},
    'xstate.error.actor.claim': async () => {},
  },
  states: {
    'customerPickBack.checking': async (c) => expect(c.page.getByTestId('customer-page')).toBeVisible(),
    'customerPickBack.failed': async (c) => {
      await expect(alert(c.page)).toContainText('拣入私客失败');
      await expect(alert(c.page)).toContainText(networkError);
    },
    'customerPickBack.full': async (c) => {
      await expect(alert(c.page)).toContainText('私客已达上限');
      await expect(alert(c.page)).toContainText(limitMessage);
    },
    'customerPickBack.confirming': async (c) => expect(alert(c.page)).toContainText('是否确定拣入私客'),
    'customerPickBack.claiming': async (c) => expect(c.page.getByTestId('customer-page')).toBeVisible(),
    'customerPickBack.refused': async (c) => expect(alert(c.page)).toContainText(limitMessage),
    'customerPickBack.picked': async (c) => {
      await expect(c.page.getByTestId('toast').filter({ hasText: '已拣入私客' }).first()).toBeVisible();
      await expect(c.page.getByTestId('customer-row')).toHaveCount(0);
      await expect(alert(c.page)).toHaveCount(0);
    },
    'customerPickBack.notPicked': async (c) => {
      await expect(alert(c.page)).toHaveCount(0);
      await expect(c.page.getByTestId('customer-row')).toHaveCount(1);
    },
  },
};

test.describe('customer-pick-back machine through the public pool of the real customer book', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
