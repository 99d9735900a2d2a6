/**
 * Issue 16's journey through the real screens and server: the demo manager 张经理 adds a department
 * and a broker in it (添加员工), creates a role 见习经纪人 that may view contracts but not change or
 * delete them (权限设置), and gives it to the broker. The broker, logged in by SMS, sees the manager's
 * contract without the buttons that change it, and the server refuses the change and the deletion
 * with the broker's own token (the contract stays as it was). An invitee joins through an invitation
 * link made on 组织架构 by SMS and is approved under 待处理的（n）, after which the count drops.
 *
 * Names are unique per run; the people added are resigned at the end so that company A's account
 * seats stay free for the next run on the same server.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { freshPhone, latestCode, noteSent, post, waitForResend, type Credentials } from './support/api';
import {
  addContract,
  contractDetail,
  demo,
  demoPassword,
  expectToast,
  get,
  login,
  must,
  openAs,
  passPayStatusGate,
} from './support/oa';

const orgPage = '/views/manager/organizational/organizational-structure';
const noPermission = '您没有权限，请联系管理员设置相关权限';

type Staff = { userId: number; name: string; mobile: string };

async function findStaff(
  request: APIRequestContext,
  manager: Credentials,
  mobile: string,
): Promise<Staff | undefined> {
  const staff = await must(
    get<Staff[]>(request, `/org/v2/staffList?pageindex=1&pagesize=15&key=2&keywords=${mobile}`, manager),
    'staff',
  );
  return staff.find((person) => person.mobile === mobile);
}

type DeptNode = { dept: { deptId: number; deptName: string }; children: DeptNode[] };
const flatten = (nodes: DeptNode[]): DeptNode['dept'][] =>
  nodes.flatMap((node) => [node.dept, ...flatten(node.children)]);

/** Deletes this run's department and role when they were made (their people have resigned). */
async function removeDeptAndRole(
  request: APIRequestContext,
  manager: Credentials,
  deptName: string,
  roleName: string,
): Promise<void> {
  const tree = await must(get<DeptNode[]>(request, '/org/v2/deptTree', manager), 'departments');
  const dept = flatten(tree).find((node) => node.deptName === deptName);
  if (dept) await must(post(request, '/org/v2/deptDel', { deptId: dept.deptId }, manager), 'delete dept');
  const roles = await must(
    get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', manager),
    'roles',
  );
  const role = roles.find((item) => item.roleName === roleName);
  if (role) {
    const response = await request.post('/api/base/roleDel', {
      form: { roleId: role.roleId },
      headers: manager,
    });
    expect(((await response.json()) as { code: number }).code).toBe(200);
  }
}

/** Chooses an option of a Radix select (its trigger is named by aria-label). */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Logs in on the login page with an SMS code read from the sandbox outbox. */
async function loginBySms(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await page.goto('/#/layout/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.fill('#sms-form input[name=userName]', phone);
  await waitForResend(phone);
  await page.locator('#sms-form').getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送,请注意查收!').first()).toBeVisible();
  noteSent(phone);
  let code: string | null = null;
  await expect(async () => {
    code = await latestCode(request, phone);
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  await page.fill('#sms-form input[name=code]', code!);
  // The screens hide what the user may not do once the permissions are read, right after login.
  const permissionsRead = page.waitForResponse((response) => response.url().includes('/compare/roleAuth'));
  await page.click('#sms-form button[type=submit]');
  expect((await permissionsRead).ok()).toBe(true);
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1400, height: 860 },
    locale: 'zh-CN',
  });
  return context.newPage();
}

test('the manager builds a department, a broker and a view-only role; the broker cannot change contracts; an invitee is approved', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const run = `${Date.now() % 100000}`.padStart(5, '0');
  const deptName = `测试门店${run}`;
  const roleName = `见习经纪人${run}`;
  const broker = { name: `见习${run}`, phone: freshPhone() };
  const invitee = { name: `新人${run}`, phone: freshPhone() };
  const manager = await login(request, demo.manager, demoPassword);
  const contract = await addContract(request, manager, 'sale');
  const added: string[] = [];

  try {
    // 组织架构: a department under the head office, and a broker in it.
    await openAs(page, manager, orgPage);
    const tree = page.getByRole('tree', { name: '部门树' });
    await expect(tree.getByRole('treeitem').first()).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('dept-panel').getByRole('button', { name: '新增部门' }).click();
    const deptForm = page.getByRole('form', { name: '新增部门' });
    await deptForm.getByRole('textbox', { name: '部门名称' }).fill(deptName);
    await deptForm.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '部门已添加');
    const deptItem = tree.getByRole('treeitem').filter({ hasText: deptName });
    await expect(deptItem).toHaveAttribute('aria-selected', 'true');
    await expect(deptItem).toContainText('0 人');

    await page.getByTestId('staff-panel').getByRole('button', { name: '添加员工' }).click();
    const staffForm = page.getByRole('form', { name: '添加员工' });
    await staffForm.getByRole('textbox', { name: '姓名' }).fill(broker.name);
    await staffForm.getByRole('textbox', { name: '手机号' }).fill(broker.phone);
    await expect(staffForm.getByRole('combobox', { name: '部门' })).toContainText(deptName);
    await choose(page, staffForm, '角色', '经纪人');
    await staffForm.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '员工已添加');
    added.push(broker.phone);
    const brokerRow = page.getByTestId('staff-row').filter({ hasText: broker.phone });
    await expect(brokerRow).toContainText(broker.name);
    await expect(brokerRow).toContainText(deptName);
    await expect(deptItem).toContainText('1 人');

    // 权限设置: 见习经纪人 may view every contract of the company, nothing more.
    await page.goto(`/#/views/system/fp-auth-role`);
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill(roleName);
    await roleDialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('heading', { name: `${roleName} · 权限` })).toBeVisible();
    await page.getByRole('tab', { name: '合同', exact: true }).click();
    const viewContracts = page.getByRole('checkbox', { name: '查看合同', exact: true });
    await expect(viewContracts).not.toBeChecked();
    for (const name of ['新增买卖合同', '新增租赁合同', '变更合同状态', '删除合同'])
      await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
    await viewContracts.click();
    await page.getByRole('combobox', { name: '查看合同范围' }).click();
    await page.getByRole('option', { name: '全公司' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(page.getByRole('combobox', { name: '查看合同范围' })).toHaveText('全公司');
    await expect(page.getByRole('checkbox', { name: '变更合同状态', exact: true })).not.toBeChecked();

    // The broker gets the role (编辑 on the staff detail).
    await page.goto(`/#${orgPage}`);
    await tree.getByRole('treeitem').filter({ hasText: deptName }).click();
    await page.getByRole('button', { name: `查看${broker.name}` }).click();
    const detail = page.getByTestId('staff-detail');
    await detail.getByRole('button', { name: '编辑' }).click();
    const editForm = page.getByRole('form', { name: '编辑员工' });
    await choose(page, editForm, '角色', roleName);
    await editForm.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '员工资料已保存');
    await expect(detail).toContainText(roleName);

    // The manager sees the ways to change the contract...
    await page.goto(`/#/views/contract/index?contractType=1&contractId=${contract.contractId}`);
    await passPayStatusGate(page);
    const managerDetail = page.getByTestId('contract-detail');
    await expect(managerDetail.getByRole('heading', { name: contract.contractNo })).toBeVisible();
    await expect(managerDetail.getByTestId('state-change')).toBeVisible();
    await expect(managerDetail.getByRole('button', { name: '删除' })).toBeVisible();

    // ...the broker, logged in by SMS, sees the same contract without them.
    const brokerPage = await newPage(browser, baseURL);
    await loginBySms(brokerPage, request, broker.phone);
    await expect(brokerPage.getByTestId('user-menu')).toContainText(broker.name);
    // His menu has 合同 and none of the apps his role does not open (the manager's has them all).
    const brokerMenu = brokerPage.getByRole('navigation', { name: '主菜单' });
    await expect(brokerMenu.getByRole('button', { name: '合同', exact: true })).toBeVisible();
    for (const name of ['房源', '客源', '管理中心'])
      await expect(brokerMenu.getByRole('button', { name, exact: true })).toHaveCount(0);
    await brokerPage.goto(`/#/views/contract/index?contractType=1&contractId=${contract.contractId}`);
    await passPayStatusGate(brokerPage);
    const brokerDetail = brokerPage.getByTestId('contract-detail');
    await expect(brokerDetail.getByRole('heading', { name: contract.contractNo })).toBeVisible();
    await expect(brokerDetail.getByTestId('state-change')).toHaveCount(0);
    await expect(brokerDetail.getByRole('button', { name: '提交变更' })).toHaveCount(0);
    await expect(brokerDetail.getByRole('button', { name: '删除' })).toHaveCount(0);

    // The server refuses the change and the deletion with the broker's own token; nothing changed.
    const brokerToken = await brokerPage.evaluate(() => localStorage.getItem('userToken'));
    const brokerCredentials = JSON.parse(brokerToken ?? '{}') as Credentials;
    const before = await contractDetail(request, manager, 'sale', contract.contractId);
    const change = await post(
      request,
      '/contract/v2/contractSaleStateChange',
      { contractId: contract.contractId, state: 6, remark: '见习经纪人试图作废' },
      brokerCredentials,
    );
    expect(change).toMatchObject({ code: 403, message: noPermission });
    const removal = await post(
      request,
      '/contract/v2/contractSaleDelete',
      { contractId: contract.contractId },
      brokerCredentials,
    );
    expect(removal).toMatchObject({ code: 403, message: noPermission });
    const after = await contractDetail(request, manager, 'sale', contract.contractId);
    expect(after).toEqual(before);

    // 组织架构 as the broker: his own store is chosen (the company above it shows but does not open),
    // with himself in it and none of the buttons that change the directory usable.
    await brokerPage.goto(`/#${orgPage}`);
    const brokerTree = brokerPage.getByRole('tree', { name: '部门树' });
    await expect(brokerTree.getByRole('treeitem', { selected: true })).toContainText(deptName);
    await expect(brokerTree.getByRole('treeitem').first()).toHaveAttribute('aria-disabled', 'true');
    await expect(brokerPage.getByTestId('staff-row').filter({ hasText: broker.phone })).toContainText(
      roleName,
    );
    await expect(brokerPage.getByTestId('dept-panel').getByRole('button', { name: '新增部门' })).toHaveCount(
      0,
    );
    const brokerStaff = brokerPage.getByTestId('staff-panel');
    await expect(brokerStaff.getByRole('button', { name: '添加员工' })).toBeDisabled();
    await expect(brokerStaff.getByRole('button', { name: '邀请加入' })).toBeDisabled();
    // 权限设置 is not his: the page says so, with nothing to retry or change.
    await brokerPage.goto('/#/views/system/fp-auth-role');
    await expect(brokerPage.getByRole('alert')).toHaveText(noPermission);
    await expect(brokerPage.getByRole('button', { name: '新增角色' })).toHaveCount(0);
    await expect(brokerPage.getByRole('button', { name: '重试' })).toHaveCount(0);
    await brokerPage.context().close();

    // 邀请加入: a link for the new department; the invitee applies by SMS on the public join page.
    const pendingBefore = await must(
      get<{ pendingCount: number }>(request, '/org/v2/applyCount', manager),
      'apply count',
    );
    await page.goto(`/#${orgPage}`);
    await tree.getByRole('treeitem').filter({ hasText: deptName }).click();
    await page.getByTestId('staff-panel').getByRole('button', { name: '邀请加入' }).click();
    const inviteDialog = page.getByRole('dialog', { name: '邀请加入' });
    await expect(inviteDialog.getByRole('combobox', { name: '部门' })).toContainText(deptName);
    await inviteDialog.getByRole('button', { name: '生成邀请链接' }).click();
    const link = (await inviteDialog.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toContain('/#/invite?code=');
    await inviteDialog.getByRole('button', { name: '完成' }).click();

    const inviteePage = await newPage(browser, baseURL);
    await inviteePage.goto(link);
    await expect(inviteePage.getByTestId('invite-info')).toContainText('张经理 邀请您加入');
    const joinForm = inviteePage.getByRole('form', { name: '申请加入' });
    await joinForm.getByRole('textbox', { name: '姓名' }).fill(invitee.name);
    await joinForm.getByRole('textbox', { name: '手机号' }).fill(invitee.phone);
    await waitForResend(invitee.phone);
    await joinForm.getByRole('button', { name: '获取验证码' }).click();
    await expect(inviteePage.getByTestId('code-sent')).toHaveText('验证码已发送,请注意查收!');
    noteSent(invitee.phone);
    const code = await latestCode(request, invitee.phone);
    await joinForm.getByRole('textbox', { name: '验证码' }).fill(code ?? '');
    await joinForm.getByRole('button', { name: '提交申请' }).click();
    await expect(inviteePage.getByTestId('invite-outcome')).toContainText('申请已提交，请等待管理员审核');

    // 待处理的（n）: the manager approves the application and the count drops by one.
    const waiting = pendingBefore.pendingCount + 1;
    await page.goto('/#/layout/index');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    const menuBadge = menu.getByTestId('menu-pending');
    await expect(menuBadge).toHaveText(String(waiting));
    for (const name of ['合同', '房源', '客源', '管理中心'])
      await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    await menu.getByRole('button', { name: /^组织架构/ }).click();
    await page.getByRole('tab', { name: `待处理的（${waiting}）` }).click();
    const applyRow = page.getByTestId('pending-row').filter({ hasText: invitee.phone });
    await expect(applyRow).toContainText(invitee.name);
    await expect(applyRow).toContainText(deptName);
    await applyRow.getByRole('button', { name: `通过${invitee.name}` }).click();
    const approveForm = page.getByRole('form', { name: '通过申请' });
    await approveForm.getByRole('button', { name: '确认通过' }).click();
    await expectToast(page, '已通过申请');
    added.push(invitee.phone);
    await expect(page.getByRole('tab', { name: `待处理的（${waiting - 1}）` })).toBeVisible();
    await expect(applyRow).toHaveCount(0);
    if (waiting - 1 > 0) await expect(menuBadge).toHaveText(String(waiting - 1));
    else await expect(menuBadge).toHaveCount(0);

    await inviteePage.getByRole('button', { name: '刷新审核结果' }).click();
    await expect(inviteePage.getByTestId('invite-outcome')).toContainText('已加入');
    await inviteePage.context().close();
    await page.getByRole('tab', { name: '在职员工' }).click();
    await expect(page.getByTestId('staff-row').filter({ hasText: invitee.phone })).toContainText(deptName);
  } finally {
    // The seats go back for the next run: the people added leave the company again, and the
    // department and the role made for this run go too.
    for (const phone of added) {
      const person = await findStaff(request, manager, phone);
      if (person)
        await must(post(request, '/org/v2/staffResign', { userId: person.userId }, manager), 'resign');
    }
    // An application of this run left undecided (a failed run) is turned down, not left waiting.
    const waitingApplies = await must(
      get<{ applyId: number; mobile: string }[]>(
        request,
        `/org/v2/pendingApplyList?pageindex=1&pagesize=15&keywords=${invitee.phone}`,
        manager,
      ),
      'pending applications',
    );
    for (const apply of waitingApplies.filter((item) => item.mobile === invitee.phone))
      await must(
        post(request, '/org/v2/applyReject', { applyId: apply.applyId, reason: '测试结束' }, manager),
        'reject',
      );
    await removeDeptAndRole(request, manager, deptName, roleName);
  }
});

test('a store manager whose scope is his store opens on it, and a department he adds under it opens at once', async ({
  page,
  request,
}) => {
  const storeManager = await login(request, demo.storeManager, demoPassword);
  const deptName = `店内小组${`${Date.now() % 100000}`.padStart(5, '0')}`;
  try {
    await openAs(page, storeManager, orgPage);
    const tree = page.getByRole('tree', { name: '部门树' });
    await expect(tree.getByRole('treeitem', { selected: true })).toContainText('人民路店');
    await expect(tree.getByRole('treeitem').first()).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('dept-panel').getByRole('button', { name: '新增部门' }).click();
    const deptForm = page.getByRole('form', { name: '新增部门' });
    await expect(deptForm.getByRole('combobox', { name: '上级部门' })).toContainText('人民路店');
    await deptForm.getByRole('textbox', { name: '部门名称' }).fill(deptName);
    await deptForm.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '部门已添加');
    const added = tree.getByRole('treeitem').filter({ hasText: deptName });
    await expect(added).toHaveAttribute('aria-selected', 'true');
    await expect(added).toHaveAttribute('aria-disabled', 'false');
    await expect(page.getByTestId('staff-panel')).toContainText(`${deptName} 的在职员工`);
    await expect(page.getByTestId('staff-panel')).toContainText('该部门暂无在职员工');

    await page.getByTestId('dept-actions').getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await expectToast(page, '部门已删除');
    await expect(added).toHaveCount(0);
  } finally {
    const manager = await login(request, demo.manager, demoPassword);
    const tree = await must(get<DeptNode[]>(request, '/org/v2/deptTree', manager), 'departments');
    const left = flatten(tree).find((node) => node.deptName === deptName);
    if (left) await must(post(request, '/org/v2/deptDel', { deptId: left.deptId }, manager), 'delete dept');
  }
});
