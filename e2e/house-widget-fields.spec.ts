/**
 * The company's own listing fields (issue 13): 周经理 adds a required 车位情况 on 房源基础设置 →
 * 自定义字段 and lets 税费承担 take a value of one's own (允许自行填写); 吴经纪's entry form then asks for
 * the new field (saving without it is refused naming it), he fills it, picks 看房方式 and types his own
 * 税费承担, and the listing's detail shows all three. The field is removed again afterwards.
 *
 * It runs in the second demo office (周经理, 吴经纪): while the required field exists, every listing
 * entered in that office is refused without it, and the first office's listing journeys run beside
 * this one in the other browser worker.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoPassword, login, openAs } from './support/oa';
import { post, type Credentials } from './support/api';

const community = '万科城市花园';
const officeB = { manager: '13900000000', broker: '13900000001' } as const;

/** The demo office's fields as the demo data has them (any field this spec added is dropped). */
async function restoreDemoFields(request: APIRequestContext, manager: Credentials) {
  const saved = await post(
    request,
    '/housing/v2/housingCustomizeSettings',
    {
      fieldsList: [
        {
          fieldTitle: '看房方式',
          fieldName: 'fieldsList_1',
          type: 4,
          optionsData: ['提前预约', '随时可看', '有钥匙', '下班后可看'],
        },
        {
          fieldTitle: '税费承担',
          fieldName: 'fieldsList_2',
          type: 4,
          optionsData: ['各付各税', '买方承担', '卖方承担'],
        },
      ],
    },
    manager,
  );
  expect(saved.code).toBe(200);
}

test('a manager defines a required listing field; a broker must fill it and the detail shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [manager, broker] = await Promise.all([
    login(request, officeB.manager, demoPassword),
    login(request, officeB.broker, demoPassword),
  ]);
  try {
    await openAs(page, manager, '/views/system/setting/fp-house-setting');
    const card = page.getByTestId('house-widget-fields');
    await expect(card.getByLabel('字段名称 1')).toHaveValue('看房方式');
    await card.getByRole('button', { name: '添加字段' }).click();
    await card.getByLabel('字段名称 3').fill('车位情况');
    await card.getByLabel('提示文字 3').fill('如 地下产权车位');
    await card.getByRole('switch', { name: '必填 3' }).click();
    // 税费承担 is the second choice field: its options may be typed past.
    await card.getByRole('checkbox', { name: '允许自行填写' }).nth(1).click();
    await card.getByRole('button', { name: '保存字段' }).click();
    await expect(card.getByRole('status')).toHaveText('自定义字段已保存');
    await page.reload();
    await expect(page.getByTestId('house-widget-fields').getByLabel('字段名称 3')).toHaveValue('车位情况');

    await openAs(page, broker, '/views/house/index');
    const gate = page.getByRole('button', { name: '知道了' });
    const entry = page.getByRole('button', { name: '录入房源' });
    await expect(entry.or(gate).first()).toBeVisible();
    if (await gate.isVisible()) await gate.click();
    await entry.click();
    const form = page.getByRole('dialog', { name: '录入房源' });
    await form.getByLabel('小区').fill('万科城市');
    await form.getByTestId('community-options').getByRole('button', { name: community }).click();
    const roomNo = String(10_000 + (Date.now() % 80_000));
    await form.getByLabel('楼栋号').fill('9栋');
    await form.getByLabel('单元号').fill('1单元');
    await form.getByLabel('门牌号').fill(roomNo);
    await form.getByLabel('建筑面积（㎡）').fill('88');
    await form.getByLabel('所在楼层').fill('9');
    await form.getByLabel('总楼层').fill('30');
    await form.getByLabel('总价（万元）').fill('650');
    await form.getByLabel('业主姓名').fill('吴丽华');
    await form.getByLabel('业主电话').fill(`137${String(Date.now() % 100_000_000).padStart(8, '0')}`);
    const fields = form.getByTestId('custom-fields');
    await expect(fields).toContainText('* 车位情况');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByRole('alert')).toHaveText('请输入车位情况');

    await fields.getByLabel('车位情况').fill('地下产权车位');
    await fields.getByRole('combobox', { name: '看房方式' }).click();
    await page.getByRole('option', { name: '有钥匙' }).click();
    await expect(fields.getByLabel('看房方式（自行填写）')).toHaveCount(0);
    await fields.getByLabel('税费承担（自行填写）').fill('双方协商');
    await form.getByRole('button', { name: '保存' }).click();
    const detail = page.getByTestId('house-detail');
    await expect(detail).toContainText(`${community} 9栋 1单元 ${roomNo}`);
    const values = detail.getByTestId('house-widget-value');
    await expect(values.filter({ hasText: '车位情况' })).toContainText('地下产权车位');
    await expect(values.filter({ hasText: '看房方式' })).toContainText('有钥匙');
    await expect(values.filter({ hasText: '税费承担' })).toContainText('双方协商');
  } finally {
    await restoreDemoFields(request, manager);
  }
});
