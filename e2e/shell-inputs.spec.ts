/**
 * The input rules every screen shares (000 sections 5, 8 and 9), seen on real screens: a text field
 * without a limit of its own takes 140 characters, a date picker keeps to its bounds (150 years each
 * way), a form's submitting button acts once however fast it is pressed twice, an empty choice reads
 * -请选择-, and an upload says 数据提交中....
 */
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';
import { pickerBounds } from '../src/ui/input-rules';
import { strokePng } from '../tests/support/test-data';

test('a text field takes 140 characters unless the field sets its own limit', async ({ page, request }) => {
  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/user/index');
  const oldPassword = page.getByPlaceholder('请输入原密码');
  await oldPassword.fill('密'.repeat(200));
  await expect(oldPassword).toHaveValue('密'.repeat(140));
  const name = page.getByPlaceholder('请输入姓名');
  await expect(name).toHaveAttribute('maxlength', '30');
});

test('a date picker keeps to 150 years each way', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/contract/index?contractType=1');
  const bounds = pickerBounds(new Date());
  const search = page.getByTestId('contract-search');
  const from = search.getByLabel('录入时间开始');
  const to = search.getByLabel('录入时间结束');
  await expect(from).toHaveAttribute('min', bounds.min);
  await expect(from).toHaveAttribute('max', bounds.max);
  await from.fill('1700-01-01');
  await from.blur();
  await expect(from).toHaveValue(bounds.min);
  await to.fill('2300-06-30');
  await to.blur();
  await expect(to).toHaveValue(bounds.max);
  await to.fill('2026-06-30');
  await to.blur();
  await expect(to).toHaveValue('2026-06-30');
});

test('a choice with nothing chosen reads -请选择-', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/office/oa/oa-setting');
  const setting = page.getByTestId('oa-setting-page');
  await expect(setting.getByTestId('oa-group').first()).toBeVisible();
  await setting.getByRole('button', { name: '新建审批' }).click();
  const form = page.getByTestId('definition-form');
  await expect(form.getByRole('combobox', { name: '第 1 级审批成员' })).toHaveText('-请选择-');
});

test('an upload says 数据提交中... while it runs, and a refused upload says the server’s reason', async ({
  page,
  request,
}) => {
  const broker = await login(request, demo.broker, demoPassword);
  const notes = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('不是图片的内容') };
  const refused = await request.post('/api/base/uploadPhoto', {
    headers: broker,
    multipart: { file: notes },
  });
  const refusal = (await refused.json()) as { code: number; message: string };
  expect(refusal.code).not.toBe(200);

  await openAs(page, broker, '/views/house/index');
  await page.getByRole('button', { name: '录入房源' }).click();
  const form = page.getByRole('dialog', { name: '录入房源' });
  // The server answers after 1.5 s, so the label is seen before and after the 800 ms of 请求中....
  await page.route('**/api/base/uploadPhoto', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await form
    .getByLabel('上传图片')
    .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: strokePng(40, 20) });
  const loading = page.getByTestId('loading');
  await expect(loading).toHaveText('数据提交中...', { timeout: 700 });
  await expect(loading).toHaveCount(0);
  await expect(form.getByRole('img')).toHaveCount(1);

  await form.getByLabel('上传图片').setInputFiles(notes);
  await expect(page.getByTestId('toast').filter({ hasText: refusal.message })).toBeVisible();
});

test('a submitting button pressed twice at once saves once', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/manager/job/job-set');
  const adds: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/org/v2/positionAdd')) adds.push(r.url());
  });
  await page.getByTestId('positions-tab').getByRole('button', { name: '新增职位' }).click();
  const form = page.getByRole('form', { name: '新增职位' });
  const save = form.getByRole('button', { name: '保存' });
  await form.getByLabel('职位名称').fill(`双击${Date.now() % 100000}`);
  // Two presses within one task: faster than the button can show that it is saving.
  await save.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(form).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(adds).toHaveLength(1);
});
