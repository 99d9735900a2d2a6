/**
 * Issue 16's organisation screens through the real UI and server, beyond org-permission-journey:
 * 组织架构 refuses deleting a department with staff and says why, and a person added there is
 * resigned (with a receiver), found among the resigned, reinstated and resigned again; 职位设置 adds
 * a rank group and a rank and deletes them; 管理设置 keeps a changed watermark switch over a reload
 * (and the watermark shows); 系统权限 lists the broker's own permissions and the manager's flag.
 *
 * Names and mobiles are unique per run and everything made is removed again, so the spec runs twice
 * on the same server (the person added leaves at the end: company A's account seats come back).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPhone, post, type Credentials } from './support/api';
import { demo, demoPassword, expectToast, get, login, must, openAs } from './support/oa';

const orgPage = '/views/manager/organizational/organizational-structure';

function runTag(): string {
  return `${process.pid % 100}${Date.now() % 100000}`.slice(-6);
}

/** Chooses an option of a Radix select (its trigger is named by aria-label). */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function resignIfActive(request: APIRequestContext, manager: Credentials, mobile: string) {
  const staff = await must(
    get<{ userId: number; mobile: string }[]>(
      request,
      `/org/v2/staffList?pageindex=1&pagesize=15&key=2&keywords=${mobile}`,
      manager,
    ),
    'staff',
  );
  for (const person of staff.filter((item) => item.mobile === mobile))
    await must(post(request, '/org/v2/staffResign', { userId: person.userId }, manager), 'resign');
}

test('组织架构: a department with staff is not deleted; a new person is resigned, reinstated and resigned again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = runTag();
  const person = { name: `测员${run}`, phone: freshPhone() };
  const manager = await login(request, demo.manager, demoPassword);
  try {
    await openAs(page, manager, orgPage);
    const tree = page.getByRole('tree', { name: '部门树' });
    const store = tree.getByRole('treeitem').filter({ hasText: '滨江店' });
    await store.click();
    await expect(store).toHaveAttribute('aria-selected', 'true');
    const staffPanel = page.getByTestId('staff-panel');
    await expect(staffPanel).toContainText('滨江店 的在职员工');
    await expect(page.getByTestId('staff-row').filter({ hasText: '钱财务' })).toBeVisible();

    // Deleting it is refused with the server's reason; the department stays.
    await page.getByTestId('dept-actions').getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await expectToast(page, '该部门下还有在职员工，不能删除');
    await expect(store).toHaveCount(1);
    // Nothing changed on the server either: after a reload the department and its staff are there.
    await page.reload();
    await store.click();
    await expect(store).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('staff-row').filter({ hasText: '钱财务' })).toBeVisible();

    // 添加员工 in 滨江店.
    const countBefore = Number(((await store.textContent()) ?? '').match(/(\d+) 人/)?.[1]);
    await staffPanel.getByRole('button', { name: '添加员工' }).click();
    const staffForm = page.getByRole('form', { name: '添加员工' });
    await staffForm.getByRole('textbox', { name: '姓名' }).fill(person.name);
    await staffForm.getByRole('textbox', { name: '手机号' }).fill(person.phone);
    await expect(staffForm.getByRole('combobox', { name: '部门' })).toContainText('滨江店');
    await choose(page, staffForm, '角色', '经纪人');
    await staffForm.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '员工已添加');
    const row = page.getByTestId('staff-row').filter({ hasText: person.phone });
    await expect(row).toContainText(person.name);
    await expect(row).toContainText('滨江店');
    await expect(store).toContainText(`${countBefore + 1} 人`);

    // 办理离职 with 钱财务 as the receiver of the hand-over.
    await page.getByRole('button', { name: `查看${person.name}` }).click();
    const detail = page.getByTestId('staff-detail');
    await expect(detail).toContainText(person.phone);
    await detail.getByRole('button', { name: '办理离职' }).click();
    const resignForm = page.getByRole('form', { name: '办理离职' });
    await choose(page, resignForm, '交接人', '钱财务（滨江店）');
    await resignForm.getByRole('textbox', { name: '离职原因' }).fill(`个人原因${run}`);
    await resignForm.getByRole('button', { name: '确认离职' }).click();
    await expectToast(page, '已办理离职');
    await expect(row).toHaveCount(0);
    await expect(store).toContainText(`${countBefore} 人`);

    // 离职员工: found by the mobile, with the reason and the receiver.
    await page.getByRole('tab', { name: '离职员工' }).click();
    const resignedPanel = page.getByTestId('resigned-panel');
    await resignedPanel.getByRole('textbox', { name: '离职员工关键字' }).fill(person.phone);
    await resignedPanel.getByRole('button', { name: '搜索' }).click();
    const resignedRow = page.getByTestId('resigned-row').filter({ hasText: person.phone });
    await expect(resignedRow).toContainText(person.name);
    await expect(resignedRow).toContainText(`个人原因${run}`);
    await expect(resignedRow).toContainText('钱财务');

    // 复职: back to 滨江店 as 经纪人.
    await resignedRow.getByRole('button', { name: `复职${person.name}` }).click();
    const reinstateForm = page.getByRole('form', { name: '办理复职' });
    await expect(reinstateForm.getByRole('combobox', { name: '部门' })).toContainText('滨江店');
    await expect(reinstateForm.getByRole('combobox', { name: '角色' })).toContainText('经纪人');
    await reinstateForm.getByRole('button', { name: '确认复职' }).click();
    await expectToast(page, '已办理复职');
    await expect(resignedRow).toHaveCount(0);

    await page.getByRole('tab', { name: '在职员工' }).click();
    await expect(row).toContainText(person.name);
    await expect(row).toContainText('滨江店');
    await expect(store).toContainText(`${countBefore + 1} 人`);

    // Resigned again: the seat comes back.
    await page.getByRole('button', { name: `查看${person.name}` }).click();
    await detail.getByRole('button', { name: '办理离职' }).click();
    await page.getByRole('form', { name: '办理离职' }).getByRole('button', { name: '确认离职' }).click();
    await expectToast(page, '已办理离职');
    await expect(row).toHaveCount(0);
    await expect(store).toContainText(`${countBefore} 人`);
  } finally {
    await resignIfActive(request, manager, person.phone);
  }
});

test('办理离职 shows what will move before it is confirmed, asked again when the 交接人 changes', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  const staff = await must(
    get<{ userId: number; name: string }[]>(
      request,
      `/org/v2/staffList?pageindex=1&pagesize=15&key=2&keywords=${demo.broker}`,
      manager,
    ),
    'staff',
  );
  const zhao = staff.find((item) => item.name === '赵经纪');
  if (!zhao) throw new Error('赵经纪 is not listed');
  type Preview = {
    houseCount: number;
    customerCount: number;
    signContractCount: number;
    ledgerContractCount: number;
    approvalCount: number;
    fallbackName: string | null;
  };
  const toPools = await must(
    get<Preview>(request, `/org/v2/staffResignPreview?userId=${zhao.userId}`, manager),
    'preview',
  );
  expect(toPools.houseCount).toBeGreaterThan(0);
  const counts = (preview: Preview) => `私盘房源 ${preview.houseCount} 套、私客 ${preview.customerCount} 个`;
  const work = (preview: Preview) =>
    `经办合同 ${preview.signContractCount + preview.ledgerContractCount} 份、待审批 ${preview.approvalCount} 项`;

  await openAs(page, manager, orgPage);
  const store = page
    .getByRole('tree', { name: '部门树' })
    .getByRole('treeitem')
    .filter({ hasText: '人民路店' });
  await store.click();
  await page.getByRole('button', { name: '查看赵经纪' }).click();
  await page.getByTestId('staff-detail').getByRole('button', { name: '办理离职' }).click();
  const resignForm = page.getByRole('form', { name: '办理离职' });
  const preview = resignForm.getByTestId('resign-preview');
  // No 交接人: listings and customers to the pools, contracts and approvals to the store manager.
  await expect(preview).toHaveText(
    `${counts(toPools)} 将转入公盘公客，${work(toPools)} 转给 ${toPools.fallbackName}`,
  );

  await choose(page, resignForm, '交接人', '钱财务（滨江店）');
  await expect(preview).toHaveText(`${counts(toPools)}、${work(toPools)} 将移交给 钱财务`);
  await choose(page, resignForm, '交接人', '不指定');
  await expect(preview).toContainText('将转入公盘公客');

  // Cancelled: 赵经纪 stays (other specs sign as him).
  await resignForm.getByRole('button', { name: '取消' }).click();
  await expect(resignForm).toHaveCount(0);
  await expect(page.getByTestId('staff-detail').getByRole('button', { name: '办理离职' })).toBeVisible();
});

test('职位设置: a rank group and a rank in it are added, listed and deleted', async ({ page, request }) => {
  const run = runTag();
  const groupName = `序列${run}`;
  const rankName = `职级${run}`;
  const manager = await login(request, demo.manager, demoPassword);
  try {
    await openAs(page, manager, '/views/manager/job/job-set');
    await page.getByRole('tab', { name: '职级' }).click();
    const ranksTab = page.getByTestId('ranks-tab');
    await ranksTab.getByRole('button', { name: '新增序列' }).click();
    const groupForm = page.getByRole('form', { name: '新增职级序列' });
    await groupForm.getByRole('textbox', { name: '序列名称' }).fill(groupName);
    await groupForm.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    const groups = page.getByRole('list', { name: '职级序列' });
    const group = groups.getByRole('button').filter({ hasText: groupName });
    await expect(group).toContainText('0 级');
    await group.click();
    await expect(group).toHaveAttribute('aria-current', 'true');
    await expect(ranksTab.getByRole('heading', { name: `${groupName} · 职级` })).toBeVisible();
    await expect(ranksTab).toContainText('该序列还没有职级');

    await ranksTab.getByRole('button', { name: '新增职级' }).click();
    const rankForm = page.getByRole('form', { name: '新增职级' });
    await expect(rankForm.getByRole('combobox', { name: '职级序列' })).toContainText(groupName);
    await rankForm.getByRole('textbox', { name: '职级名称' }).fill(rankName);
    await rankForm.getByRole('spinbutton', { name: '级别' }).fill('3');
    await rankForm.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    const rank = page.getByTestId('rank-row').filter({ hasText: rankName });
    await expect(rank).toContainText('3');
    await expect(group).toContainText('1 级');

    // The rank goes first, then its (empty) group.
    await rank.getByRole('button', { name: `删除${rankName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(rank).toHaveCount(0);
    await expect(group).toContainText('0 级');
    await group.click();
    await ranksTab.getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`删除职级序列「${groupName}」`);
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功');
    await expect(group).toHaveCount(0);

    // Gone on the server too: a reload does not bring them back.
    await page.reload();
    await page.getByRole('tab', { name: '职级' }).click();
    await expect(page.getByRole('list', { name: '职级序列' }).getByRole('button').first()).toBeVisible();
    await expect(group).toHaveCount(0);
  } finally {
    type Group = { rankGroupId: number; groupName: string };
    type RankRow = { rankId: number; rankName: string };
    const ranks = await must(get<RankRow[]>(request, '/setting/rankList', manager), 'ranks').catch(
      () => [] as RankRow[],
    );
    for (const left of ranks.filter((item) => item.rankName === rankName))
      await get(request, `/setting/deleteRank?rankId=${left.rankId}`, manager);
    const groupRows = await must(get<Group[]>(request, '/setting/rankGroupList', manager), 'groups').catch(
      () => [] as Group[],
    );
    for (const left of groupRows.filter((item) => item.groupName === groupName))
      await get(request, `/setting/deleteRankGroup?rankGroupId=${left.rankGroupId}`, manager);
  }
});

test('管理设置: the watermark switch is kept over a reload and the watermark shows, then put back', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/layout');
  await page.getByRole('tablist', { name: '设置项' }).getByRole('tab', { name: '管理设置' }).click();
  const settings = page.getByTestId('manage-setting-page');
  const watermarkSwitch = settings.getByRole('switch', { name: '页面水印' });
  await expect(watermarkSwitch).toBeVisible();
  const wasOn = (await watermarkSwitch.getAttribute('aria-checked')) === 'true';

  async function setAndCheck(on: boolean) {
    await page.goto(`/#/views/system/setting/fp-manager-setting`);
    await expect(watermarkSwitch).toHaveAttribute('aria-checked', String(!on));
    await watermarkSwitch.click();
    await expect(watermarkSwitch).toHaveAttribute('aria-checked', String(on));
    await settings.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await page.reload();
    await expect(watermarkSwitch).toHaveAttribute('aria-checked', String(on));
    // A page opened by its address carries it too, so its screenshots are traced as well.
    if (on) await expect(page.getByTestId('watermark')).toHaveAttribute('data-text', '张经理 0000');
    else await expect(page.getByTestId('watermark')).toHaveCount(0);
    // The main layout carries the watermark (the manager's name and the last four digits) or not.
    const settingRead = page.waitForResponse((response) =>
      response.url().includes('/ChangeCenter/getManageSetting'),
    );
    await page.goto('/#/layout/index');
    await expect(page.getByTestId('user-menu')).toContainText('张经理');
    expect((await settingRead).ok()).toBe(true);
    if (on) await expect(page.getByTestId('watermark')).toHaveAttribute('data-text', '张经理 0000');
    else await expect(page.getByTestId('watermark')).toHaveCount(0);
  }

  await setAndCheck(!wasOn);
  await setAndCheck(wasOn);
});

test('系统权限: the broker sees his own permissions; the manager holds every one', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/system/index');
  const authPage = page.getByTestId('system-auth-page');
  await expect(authPage).toContainText('赵经纪 在 安居房产经纪有限公司 的权限');
  await expect(authPage).toContainText('权限由您的角色决定');
  await expect(authPage).not.toContainText('您是管理员，拥有全部权限。');
  const item = (scope: typeof authPage, name: string) =>
    scope.getByTestId('auth-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  // What his 经纪人 role grants, and what it does not.
  for (const name of ['查看合同', '新增买卖合同', '发起签约', '新增客源']) {
    await expect(item(authPage, name)).toHaveAttribute('data-held', '1');
    await expect(item(authPage, name)).toContainText('已开通');
  }
  for (const name of ['删除合同', '变更合同状态', '组织架构管理', '角色与权限设置']) {
    await expect(item(authPage, name)).toHaveAttribute('data-held', '0');
    await expect(item(authPage, name)).toContainText('未开通');
  }
  const catalogueSize = await authPage.getByTestId('auth-row').count();

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1400, height: 860 },
    locale: 'zh-CN',
  });
  const managerPage = await context.newPage();
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(managerPage, manager, '/views/system/index');
  const managerAuth = managerPage.getByTestId('system-auth-page');
  await expect(managerAuth).toContainText('您是管理员，拥有全部权限。');
  await expect(managerAuth.getByTestId('auth-row')).toHaveCount(catalogueSize);
  await expect(managerAuth.locator('[data-testid=auth-row][data-held="1"]')).toHaveCount(catalogueSize);
  await expect(managerAuth.locator('[data-testid=auth-row][data-held="0"]')).toHaveCount(0);
  for (const name of ['删除合同', '组织架构管理'])
    await expect(
      managerAuth
        .getByTestId('auth-row')
        .filter({ has: managerPage.getByRole('rowheader', { name, exact: true }) }),
    ).toContainText('已开通');
  await context.close();
});
