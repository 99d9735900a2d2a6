/**
 * 我的签约 through the real menu and server (issue 18): 赵经纪 of the demo company finds under 在线签约
 * only the contracts he handles (not his manager's with the same community), filters them by state,
 * opens one and adds a follow-up that the server keeps on that contract.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { post, type Credentials } from './support/api';
import { demo, demoPassword, get, login, must, openAs } from './support/oa';
import { saleContent } from './support/sign';

type Submitted = { contractId: number; contractNo: string; state: number };

/** A sale contract submitted by this person, in a community named for this run. */
async function submitAs(
  request: APIRequestContext,
  credentials: Credentials,
  phone: string,
  houseName: string,
): Promise<Submitted> {
  const templates = await must(
    get<{ boxId: number; contractType: number }[]>(request, '/sign/templatePostsV2', credentials),
    'templates',
  );
  const boxid = templates.find((t) => t.contractType === 1)?.boxId;
  if (!boxid) throw new Error('no sale template');
  const content = saleContent(phone);
  return must(
    post<Submitted>(
      request,
      '/sign/contractSubmissionV2501',
      { boxid, content: { ...content, property: { ...content.property, houseName } }, signatureType: 2 },
      credentials,
    ),
    'submit contract',
  );
}

test('a broker sees only his own contracts on 我的签约, opens one and adds a follow-up to it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [broker, manager] = await Promise.all([
    login(request, demo.broker, demoPassword),
    login(request, demo.manager, demoPassword),
  ]);
  const houseName = `我的花园${Date.now() % 100000}`;
  const own = await submitAs(request, broker, demo.broker, houseName);
  const others = await submitAs(request, manager, demo.manager, houseName);
  // The manager's contract is in the company's sign list, so only 我的签约 keeps it from the broker.
  const all = await must(
    get<{ contractId: number }[]>(
      request,
      `/sign/signPosts?state=0&key=${encodeURIComponent(houseName)}`,
      manager,
    ),
    'sign list',
  );
  expect(all.map((c) => c.contractId).sort()).toEqual([own.contractId, others.contractId].sort());

  await openAs(page, broker, '/layout/index');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '我的签约', exact: true })
    .click();
  const gate = page.getByRole('button', { name: '知道了' });
  const mine = page.getByTestId('my-sign-page');
  await expect(mine.or(gate)).toBeVisible({ timeout: 30_000 });
  if (await gate.isVisible()) await gate.click();

  await mine.getByPlaceholder('请输入楼盘名称、当事人姓名、手机号或合同编号').fill(houseName);
  await mine.getByRole('button', { name: '搜索' }).click();
  const rows = mine.getByTestId('my-sign-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(own.contractNo);
  await expect(rows.first()).toContainText('待发起');
  await expect(mine).not.toContainText(others.contractNo);

  // A state tab narrows the list: nothing of his waits for signatures.
  await mine.getByRole('tab', { name: '待签字' }).click();
  await expect(mine.getByTestId('my-sign-empty')).toBeVisible();
  await mine.getByRole('tab', { name: '待发起' }).click();
  await expect(rows).toHaveCount(1);

  await rows.first().getByRole('button', { name: '查看' }).click();
  const dialog = page.getByRole('dialog', { name: '签约详情' });
  await expect(dialog.getByTestId('my-sign-contract-no')).toHaveText(own.contractNo);
  await expect(dialog.getByTestId('my-sign-state')).toHaveText('待发起');
  const followUps = dialog.getByTestId('follow-ups');
  await expect(followUps).toContainText('暂无跟进记录');
  await followUps.getByRole('combobox', { name: '跟进类型' }).click();
  await page.getByRole('option', { name: '电话沟通' }).click();
  const text = `已电话约定签约时间 ${houseName}`;
  await followUps.getByRole('textbox', { name: '跟进内容' }).fill(text);
  await followUps.getByRole('button', { name: '添加跟进' }).click();
  await expect(followUps.getByTestId('follow-up')).toHaveCount(1);
  await expect(followUps.getByTestId('follow-up').first()).toContainText(text);
  await expect(followUps.getByTestId('follow-up').first()).toContainText('赵经纪');

  // The server keeps it on that contract: the company's sign detail shows the same follow-up.
  const kept = await must(
    get<{ content: string }[]>(
      request,
      `/sign/getSignFollowUp?contractId=${own.contractId}&pageindex=1&pagesize=15`,
      manager,
    ),
    'follow-ups',
  );
  expect(kept.map((f) => f.content)).toEqual([text]);
});
