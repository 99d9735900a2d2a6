/**
 * A contract form opened outside the main layout (issue 38): the listing's detail opened by its
 * address, 发起签约, a template chosen, and 取消 on 该房源已有进行中的合同… goes back to the listing —
 * choosing the template replaced the chooser's address instead of adding one, so 返回 leaves the form
 * itself and no empty page with only 返回 is left behind.
 */
import { expect, test } from '@playwright/test';
import { openAs } from './support/oa';
import { addPrivateListing } from './support/houses';
import { demoSignCompany, saleContent, signCall } from './support/sign';

test('取消 on the running-contract warning of a form opened by address goes back to the listing', async ({
  page,
  request,
}) => {
  const company = await demoSignCompany(request);
  const houseId = await addPrivateListing(request, company.credentials, {
    ownerName: '王建国',
    area: 88,
    price: 560,
  });
  await signCall(request, company, '/sign/contractSubmissionV2501', {
    boxid: company.saleBoxId,
    content: saleContent(company.phone),
    signatureType: 2,
    houseId,
  });
  const listing = `/views/house/detail?type=1&id=${houseId}&appType=1`;
  await openAs(page, company.credentials, listing);
  await page.getByTestId('house-detail').getByRole('button', { name: '发起签约' }).click();
  await page
    .getByTestId('template-chooser')
    .getByRole('button', { name: /二手房买卖合同/ })
    .click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('该房源已有进行中的合同：');
  await warning.getByRole('button', { name: '取消' }).click();

  await expect(page.getByTestId('house-detail')).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#${listing}`);
  await expect(page.getByTestId('template-chooser')).toHaveCount(0);
});
