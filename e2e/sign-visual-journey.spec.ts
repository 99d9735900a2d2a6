/**
 * Visual signing (issue 5) in the real app against the real server: the manager of a new company
 * chooses 可视化签约 on the sign settings page; 发起签约 then opens /views/sign/contract-operation,
 * where the sale template's text is the form. Blanks are filled inline, a bad ID number is refused
 * naming the party, the draft survives a reload, the contract is submitted and the nextType offer
 * shows; 修改 on its detail opens the same document with the submitted values.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2ePassword, login, registerCompany } from './support/api';
import { openAs, passPayStatusGate } from './support/oa';
import { partiesOf } from './support/sign';

const editor = (page: Page) => page.getByTestId('contract-operation-page');
const paper = (page: Page) => page.getByTestId('contract-document');

test('a manager with visual signing fills the contract text, keeps the draft over a reload and submits', async ({
  page,
  request,
}) => {
  const phone = await registerCompany(request, '可视化房产');
  const manager = await login(request, phone, e2ePassword);
  const { seller, buyer } = partiesOf(phone);
  const houseName = `碧水湾${Date.now() % 10000}`;

  // The company's signing type: 2, visual.
  await openAs(page, manager, '/views/system/setting/fp-sign-setting');
  const gate = page.getByRole('button', { name: '知道了' });
  const settings = page.getByTestId('sign-setting-page');
  await expect(settings.or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await settings.getByRole('radio', { name: /可视化签约/ }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByTestId('sign-setting-saved')).toBeVisible();

  // 发起签约 on the list opens the visual view's template chooser.
  await page.goto('/#/views/sign/index');
  await passPayStatusGate(page);
  const list = page.getByTestId('sign-list-page');
  await list.getByRole('button', { name: '发起签约' }).click();
  const chooser = page.getByTestId('template-chooser');
  await expect(chooser.getByRole('heading', { name: '可视化签约：选择合同模板' })).toBeVisible();
  await chooser.getByRole('button', { name: /二手房买卖合同/ }).click();

  // The template's text, with blanks where the parties go.
  await expect(paper(page).getByRole('heading', { level: 1 })).toHaveText('二手房买卖合同');
  await expect(paper(page)).toContainText('出卖人（甲方）：');
  await paper(page).getByLabel('甲方姓名').fill(seller.name);
  await paper(page).getByLabel('甲方证件号码').fill('110105194912310021');
  await paper(page).getByLabel('甲方手机号').fill(seller.phone);
  await paper(page).getByLabel('乙方姓名').fill(buyer.name);
  await paper(page).getByLabel('乙方证件号码').fill(buyer.certNo.toLowerCase());
  await expect(paper(page).getByLabel('乙方证件号码')).toHaveValue(buyer.certNo);
  await paper(page).getByLabel('乙方手机号').fill(buyer.phone);
  // The same checks as the step-by-step form: the bad ID number is refused, naming the party.
  await editor(page).getByRole('button', { name: '提交', exact: true }).first().click();
  await expect(editor(page).getByTestId('form-error')).toHaveText('甲方：身份证号码格式不正确');
  await paper(page).getByLabel('甲方证件号码').fill(seller.certNo);
  await expect(editor(page).getByTestId('form-error')).toHaveCount(0);

  // The house, inline: the region from its blank, then the house name saves the draft.
  await paper(page).getByRole('button', { name: '房屋所在地区（省）' }).click();
  await page.getByRole('combobox', { name: '省', exact: true }).click();
  await page.getByRole('option', { name: '广东省' }).click();
  await page.getByRole('combobox', { name: '市', exact: true }).click();
  await page.getByRole('option', { name: '深圳市' }).click();
  await page.getByRole('combobox', { name: '区县', exact: true }).click();
  await page.getByRole('option', { name: '福田区' }).click();
  await page.keyboard.press('Escape');
  await expect(paper(page).getByRole('button', { name: '房屋所在地区（区县）' })).toHaveText('福田区');
  await paper(page).getByLabel('房屋坐落').fill('福华路 88 号');
  await paper(page).getByLabel('楼盘名称').fill(houseName);
  await paper(page).getByLabel('建筑面积').fill('89.5');
  await expect(editor(page).getByTestId('draft-indicator')).toHaveText('已保存');

  await page.screenshot({ path: test.info().outputPath('contract-operation.png') });

  // The draft survives a reload: the same document with what was typed.
  await page.reload();
  // Opened again, the page passes the app's gate again (the expiry reminder, once a day).
  await passPayStatusGate(page);
  await expect(paper(page).getByLabel('楼盘名称')).toHaveValue(houseName);
  await expect(paper(page).getByLabel('甲方证件号码')).toHaveValue(seller.certNo);
  await expect(paper(page).getByLabel('建筑面积')).toHaveValue('89.5');
  await expect(paper(page).getByRole('button', { name: '房屋所在地区（市）' })).toHaveText('深圳市');

  // A party in full (subject type, agent, co-owners) in the 签约方 dialog, on the same values.
  await page.getByTestId('side-panel').getByRole('button', { name: '编辑' }).first().click();
  const partyDialog = page.getByRole('dialog');
  await expect(partyDialog.getByRole('heading', { name: '编辑签约方' })).toBeVisible();
  await expect(partyDialog.getByLabel('甲方证件号码')).toHaveValue(seller.certNo);
  await page.screenshot({ path: test.info().outputPath('contract-party.png') });
  await partyDialog.getByRole('button', { name: '完成' }).click();

  // The rest of what the template requires: in the text, and its widget field beside it.
  await paper(page).getByLabel('房屋所有权证号').fill('粤(2020)深圳市不动产权第0012345号');
  await paper(page).getByLabel('成交价').first().fill('3200000');
  // 大写 is written as the price is typed, in the same words the server prints.
  await expect(paper(page).locator('[data-field="transaction.transactionPriceCapital"]')).toHaveText(
    '叁佰贰拾万元整',
  );
  await paper(page).getByLabel('付款方式').selectOption({ label: '商业贷款' });
  await expect(paper(page).getByLabel('贷款金额')).toBeVisible();
  await paper(page).getByLabel('过户日期').fill('2026-12-20');
  await paper(page).getByLabel('交房日期').fill('2027-01-10');
  await editor(page).getByRole('button', { name: '提交', exact: true }).first().click();
  await expect(editor(page).getByTestId('form-error')).toHaveText('请选择房屋产权年限');
  // The template's widget fields are blanks of the text too (该房屋土地使用权（产权）年限为…), not the side panel's.
  await expect(page.getByTestId('side-panel').getByLabel('房屋产权年限')).toHaveCount(0);
  await paper(page).getByLabel('房屋产权年限').selectOption('70年');
  await paper(page).getByLabel('维修基金').fill('5000');
  await editor(page).getByRole('button', { name: '提交', exact: true }).first().click();

  // nextType 1: the offer to start signing; later, from the detail.
  const offer = page.getByRole('alertdialog');
  await expect(offer).toContainText('合同已提交，是否立即发起签署？');
  await offer.getByRole('button', { name: '稍后再说' }).click();
  const detail = page.getByTestId('sign-detail-page');
  await expect(detail.getByTestId('detail-state')).toHaveText('待发起');

  // 修改 opens the visual view again, on the submitted contract's text.
  await detail.getByRole('button', { name: '修改' }).click();
  await expect(editor(page).getByRole('heading', { name: '修改签约合同' })).toBeVisible();
  await expect(paper(page).getByLabel('楼盘名称')).toHaveValue(houseName);
  await expect(paper(page).getByLabel('付款方式')).toHaveValue('2');
  await expect(paper(page).getByLabel('房屋产权年限')).toHaveValue('70年');
  await expect(paper(page).getByLabel('维修基金')).toHaveValue('5000');
  await expect(paper(page)).not.toContainText('（提交后生成）');
});
