/**
 * 常用联系人 of quick signing through the real wizard and server (issue 18): the people and companies a
 * manager added to an earlier record are offered on 添加签署方; picking one fills the form and sends
 * its contactsId; a contact already in the record (as fileSignActorList says) is marked 已添加; 修改 of
 * a person shows the ID number unmasked (fileSignGetPersonalActor) and saves the change on that party.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { post, type Credentials } from './support/api';
import { get, must, openAs } from './support/oa';
import { createSigningCompany } from './support/signing';
import { idCard } from '../tests/support/test-data';

type Actor = { actorId: number; actorType: number; name: string; phone: string; cropName: string | null };

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText('Agreement', { x: 60, y: 760, size: 20, font });
  return Buffer.from(await doc.save());
}

async function call<T>(request: APIRequestContext, who: Credentials, path: string, body: object) {
  return must(post<T>(request, path, body, who), path);
}

const certNo = idCard('11010519491231002');

test('parties are picked from 常用联系人, marked once added, and a person is edited from the full record', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createSigningCompany(request);
  const who = company.credentials;
  // An earlier record whose parties are now contacts; they leave it again, so 继续 opens 添加签署方 empty.
  const upload = await request.post('/api/fileSign/fileSignUploadFile', {
    headers: who,
    multipart: {
      file: { name: '房屋租赁合同.pdf', mimeType: 'application/pdf', buffer: await contractPdf() },
    },
  });
  const { contractsysId } = ((await upload.json()) as { data: { contractsysId: string } }).data;
  const person = await call<Actor>(request, who, '/fileSign/fileSignPersonalActorUpdate', {
    contractsysId,
    fillMethods: 1,
    certType: 1,
    certNo,
    name: '陈一',
    phone: '13711112222',
  });
  const firm = await call<Actor>(request, who, '/fileSign/fileSignCropActorAdd1', {
    contractsysId,
    cropName: '深圳市好房置业有限公司',
  });
  await call(request, who, '/fileSign/fileSignCropActorAdd2', {
    contractsysId,
    actorId: firm.actorId,
    name: '王经办',
    phone: '13722223333',
  });
  for (const actorId of [person.actorId, firm.actorId])
    await call(request, who, '/fileSign/fileSignPersonalActorDelete', { contractsysId, actorId });
  const [personContact] = await must(
    get<{ contactsId: number; certNo: string }[]>(
      request,
      '/fileSign/fileSignPersonalActorContactsList',
      who,
    ),
    'contacts',
  );
  const [firmContact] = await must(
    get<{ contactsId: number }[]>(request, '/fileSign/fileSignCropActorContactsList', who),
    'company contacts',
  );
  expect(personContact!.certNo).not.toBe(certNo);

  await openAs(page, who, '/views/sign/quick-signing');
  await page.getByRole('button', { name: '继续' }).click();
  const wizard = page.getByTestId('quick-signing');
  await expect(wizard.getByRole('button', { name: '添加签署方' })).toBeVisible();

  // A person from 个人常用联系人.
  await wizard.getByRole('button', { name: '从常用联系人选择' }).click();
  let dialog = page.getByRole('dialog', { name: '个人常用联系人' });
  await expect(dialog.getByTestId('contact-row')).toHaveCount(1);
  await expect(dialog.getByTestId('contact-row')).toContainText(personContact!.certNo);
  await dialog.getByTestId('contact-row').getByRole('button', { name: '选择' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(wizard.getByLabel('姓名')).toHaveValue('陈一');
  await expect(wizard.getByLabel('手机号')).toHaveValue('13711112222');
  await expect(wizard.getByTestId('from-contact')).toBeVisible();
  // The initiator fills the ID number in again (the list shows it masked).
  await wizard.getByRole('radio', { name: '发起方填写证件' }).click();
  await wizard.getByLabel('身份证号').fill(certNo);
  const personSave = page.waitForRequest((r) => r.url().endsWith('/fileSign/fileSignPersonalActorUpdate'));
  await wizard.getByRole('button', { name: '添加签署方' }).click();
  expect((await personSave).postDataJSON()).toMatchObject({
    contactsId: personContact!.contactsId,
    name: '陈一',
  });
  const rows = wizard.getByTestId('quick-actor-row');
  await expect(rows).toHaveCount(1);

  // Already in the record: marked, not offered again.
  await wizard.getByRole('button', { name: '从常用联系人选择' }).click();
  dialog = page.getByRole('dialog', { name: '个人常用联系人' });
  await expect(dialog.getByTestId('contact-row')).toContainText('已添加');
  await expect(dialog.getByTestId('contact-row').getByRole('button', { name: '选择' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '取消' }).click();

  // A company from 企业常用联系人, found by its name.
  await wizard.getByRole('radio', { name: '企业签署方' }).click();
  await wizard.getByRole('button', { name: '从常用联系人选择' }).click();
  dialog = page.getByRole('dialog', { name: '企业常用联系人' });
  await dialog.getByRole('textbox', { name: '联系人关键字' }).fill('不存在的公司');
  await dialog.getByRole('button', { name: '搜索' }).click();
  await expect(dialog.getByText('暂无企业常用联系人')).toBeVisible();
  await dialog.getByRole('textbox', { name: '联系人关键字' }).fill('好房置业');
  await dialog.getByRole('button', { name: '搜索' }).click();
  await expect(dialog.getByTestId('contact-row')).toHaveCount(1);
  await dialog.getByTestId('contact-row').getByRole('button', { name: '选择' }).click();
  await expect(wizard.getByLabel('企业名称')).toHaveValue('深圳市好房置业有限公司');
  await expect(wizard.getByLabel('经办人姓名')).toHaveValue('王经办');
  const firmSave = page.waitForRequest((r) => r.url().endsWith('/fileSign/fileSignCropActorAdd1'));
  await wizard.getByRole('button', { name: '添加签署方' }).click();
  expect((await firmSave).postDataJSON()).toMatchObject({ contactsId: firmContact!.contactsId });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('深圳市好房置业有限公司（经办人 王经办）');
  await expect(rows.nth(1)).not.toContainText('待完善');

  // 修改 of the person: the full ID number from the server, a new phone saved on the same party.
  await rows.first().getByRole('button', { name: '修改' }).click();
  await expect(wizard.getByLabel('身份证号')).toHaveValue(certNo);
  await wizard.getByLabel('手机号').fill('13711113333');
  await wizard.getByRole('button', { name: '保存签署方' }).click();
  await expect(rows.first()).toContainText('13711113333');
  const actors = await must(
    get<Actor[]>(request, `/fileSign/fileSignActorList?contractsysId=${contractsysId}`, who),
    'actors',
  );
  expect(actors.map((a) => [a.actorType, a.name, a.phone, a.cropName])).toEqual([
    [1, '陈一', '13711113333', null],
    [2, '王经办', '13722223333', '深圳市好房置业有限公司'],
  ]);
});
