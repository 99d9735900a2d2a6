/**
 * Every screen of the route table passes axe-core's WCAG 2.0/2.1 A and AA rules (issue 38): each page
 * is opened by its address as the demo manager, the login and join pages signed out, and axe checks
 * the whole document once the page's data has arrived.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/api';
import { demoPassword } from './support/oa';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}${violation.nodes.length > 5 ? ` … ${violation.nodes.length} in all` : ''}`,
  );
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('加载中', { exact: false })).toHaveCount(0);
}

const signedOutPages = ['/#/layout/login', '/#/layout/join', '/#/verify'];

for (const address of signedOutPages) {
  test(`${address} has no WCAG 2.1 AA violation signed out`, async ({ page }) => {
    await page.goto(address);
    await settle(page);
    expect(await violationsOf(page)).toEqual([]);
  });
}

const managerPages = [
  '/views/index',
  '/views/user/index',
  '/views/recharge/index',
  '/views/manager/index',
  '/views/manager/job/job-set',
  '/views/manager/organizational/organizational-structure',
  '/views/manager/log',
  '/views/manager/seal',
  '/views/office/oa/oa-setting',
  '/views/office/oa/oa-pending-approval',
  '/views/office/oa/fp-approval-operation',
  '/views/sign/index',
  '/views/sign/my-sign',
  '/views/sign/contract-template',
  '/views/sign/quick-signing',
  '/views/system/layout',
  '/views/system/fp-auth-role',
  '/views/system/setting/fp-house-setting',
  '/views/system/setting/fp-estate-setting',
  '/views/system/setting/fp-curstor-setting',
  '/views/system/setting/fp-contract-setting',
  '/views/system/setting/fp-manager-setting',
  '/views/system/setting/fp-sign-setting',
  '/views/system/broker/fp-58sup-broker',
  '/views/system/broker/fp-tmall-broker',
  '/views/system/message/index',
  '/views/system/index',
  '/views/index/customerStatistics',
  '/views/index/houseStatistics',
  '/views/index/polymerizationStatistics',
  '/views/estate/index',
  '/views/estate/collect',
  '/views/house/index',
  '/views/customer/index',
  '/views/contract/index',
  '/views/demo/test8',
  '/views/demo/test16',
];

for (const path of managerPages) {
  test(`${path} has no WCAG 2.1 AA violation for the manager`, async ({ page, request }) => {
    const credentials = await login(request, '13800000000', demoPassword);
    await page.addInitScript(
      (value) => localStorage.setItem('userToken', value),
      JSON.stringify(credentials),
    );
    await page.goto(`/#${path}`);
    await settle(page);
    expect(await violationsOf(page)).toEqual([]);
  });
}
