import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createContractSettingsFixture,
  defaultContractSettings as defaults,
  type ContractSettingsFixture,
  type Headers,
} from '../support/contract-settings-fixture';
import { ledgerPictures } from '../../server/db/schema-contract';
import { storedFiles } from '../../server/db/schema-files';
import { login } from '../support/test-app';

type Picture = { pictureId: number; url: string; name: string | null; categoryName: string | null };
type Envelope = { code: number; message: string; data?: unknown; total?: number };

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Another picture: the same image with bytes after its end, so another content address. */
const pngLike = (tail: string) => Buffer.concat([png, Buffer.from(tail)]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('合同图片: uploading and deleting a ledger contract’s pictures', () => {
  let f: ContractSettingsFixture;
  let contractId: number;

  const upload = async (
    headers: Headers,
    fields: { contractId: number; contractType?: number; categoryName: string },
    file: { name: string; data: Buffer; type?: string },
  ): Promise<Envelope> => {
    const boundary = '----ledger-picture-boundary';
    const text = (name: string, value: string | number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        text('contractId', fields.contractId) +
          text('contractType', fields.contractType ?? 1) +
          text('categoryName', fields.categoryName),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/contract/v2/contractPictureUpload',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Envelope>();
  };
  const pictures = async (headers: Headers = f.manager) => {
    const list = await f.get('/contract/v2/contractPictureV2', headers, { contractId, contractType: 1 });
    expect(list.code, list.message).toBe(200);
    return list.data as Picture[];
  };
  const remarks = async () => {
    const detail = await f.get('/contract/v2/contractSaleDetail', f.manager, { contractId });
    return (detail.data as { stateRecords: { remark: string | null }[] }).stateRecords.map((r) => r.remark);
  };
  const change = (state: number) =>
    f.post('/contract/v2/contractSaleStateChange', f.certificate, { contractId, state });

  beforeAll(async () => {
    f = await createContractSettingsFixture();
    expect(await f.saveSettings({ ...defaults, requiredAttachments: ['合同正本', '房产证'] })).toMatchObject({
      code: 200,
    });
    const added = await f.addSale(f.broker, '2026-11-26', 3_200_000);
    contractId = (added.data as { contractId: number }).contractId;
  });
  afterAll(async () => {
    await f.saveSettings(defaults);
    await f.close();
  });

  it('stores an uploaded picture with its category, lists it, and a retried submit gives the same picture', async () => {
    const first = await upload(
      f.broker,
      { contractId, categoryName: '合同正本' },
      { name: '正本第1页.png', data: png },
    );
    expect(first).toMatchObject({ code: 200, data: { categoryName: '合同正本', name: '正本第1页.png' } });
    const picture = first.data as Picture;
    expect(picture.url).toBe(`/files/${createHash('sha256').update(png).digest('hex')}.png`);
    const served = await f.t.app.inject({ method: 'GET', url: picture.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    const retried = await upload(
      f.broker,
      { contractId, categoryName: '合同正本' },
      { name: '正本第1页.png', data: png },
    );
    expect(retried).toMatchObject({ code: 200, data: { pictureId: picture.pictureId } });
    expect((await pictures()).map((p) => [p.pictureId, p.categoryName])).toEqual([
      [picture.pictureId, '合同正本'],
    ]);
    expect((await remarks()).filter((remark) => remark === '上传合同图片：合同正本')).toHaveLength(1);
  });

  it('refuses other file types, a file over 10 MB and an unknown category with Chinese 405 messages naming the field', async () => {
    const before = (await pictures()).length;
    const asPdf = await upload(
      f.broker,
      { contractId, categoryName: '其他' },
      { name: '扫描件.pdf', data: pdf, type: 'application/pdf' },
    );
    expect(asPdf).toMatchObject({ code: 405, message: '合同图片：仅支持 jpg、jpeg、png、webp 格式的文件' });
    const asGif = await upload(
      f.broker,
      { contractId, categoryName: '其他' },
      { name: '动图.gif', data: gif, type: 'image/gif' },
    );
    expect(asGif.code).toBe(405);
    expect(asGif.message).toContain('合同图片');
    const disguised = await upload(
      f.broker,
      { contractId, categoryName: '其他' },
      { name: '扫描件.png', data: pdf },
    );
    expect(disguised).toMatchObject({ code: 405, message: '合同图片：文件内容与扩展名不符，请重新选择' });
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    expect(
      await upload(f.broker, { contractId, categoryName: '其他' }, { name: '大图.png', data: big }),
    ).toMatchObject({
      code: 405,
      message: '合同图片过大（超过 10 MB）',
    });
    const unknown = await upload(
      f.broker,
      { contractId, categoryName: '户口本' },
      { name: 'a.png', data: pngLike('a') },
    );
    expect(unknown).toMatchObject({ code: 405, message: '图片类别须为必备附件之一或 其他' });
    const noCategory = await upload(
      f.broker,
      { contractId, categoryName: '' },
      { name: 'a.png', data: pngLike('a') },
    );
    expect(noCategory.code).toBe(405);
    expect(noCategory.message).toContain('图片类别');
    expect(await pictures()).toHaveLength(before);
  });

  it('answers 404 for another company’s contract or the wrong contract type and 403 without 新增 permission, and writes nothing', async () => {
    const data = pngLike('other-company');
    const name = `${createHash('sha256').update(data).digest('hex')}.png`;
    const before = await f.t.database.db.select().from(ledgerPictures);
    const foreign = await upload(f.managerB, { contractId, categoryName: '其他' }, { name: 'b.png', data });
    expect(foreign.code).toBe(404);
    expect(await f.t.database.db.select().from(ledgerPictures)).toHaveLength(before.length);
    expect(await f.t.database.db.select().from(storedFiles).where(eq(storedFiles.name, name))).toHaveLength(
      0,
    );
    const [own] = await pictures();
    expect(
      await f.post('/contract/v2/contractPictureDelete', f.managerB, {
        contractId,
        contractType: 1,
        pictureId: own!.pictureId,
      }),
    ).toMatchObject({ code: 404 });
    // Finance may view contracts but not record them: no pictures either.
    const finance = await login(f.t.app, '13800000004');
    expect((await upload(finance, { contractId, categoryName: '其他' }, { name: 'b.png', data })).code).toBe(
      403,
    );
    expect(
      (
        await f.post('/contract/v2/contractPictureDelete', finance, {
          contractId,
          contractType: 1,
          pictureId: own!.pictureId,
        })
      ).code,
    ).toBe(403);
    // The wrong contract type is another contract: not found.
    expect(
      (await upload(f.broker, { contractId, contractType: 2, categoryName: '其他' }, { name: 'b.png', data }))
        .code,
    ).toBe(404);
    expect(await pictures()).toHaveLength(1);
  });

  it('deletes a picture, with a state record, and the state change counts the categories of uploaded pictures', async () => {
    expect(await change(2)).toMatchObject({ code: 200, data: { state: 2 } });
    const other = await upload(
      f.broker,
      { contractId, categoryName: '其他' },
      { name: '其他.png', data: pngLike('x') },
    );
    expect(other.code, other.message).toBe(200);
    // The same file under another category is another picture.
    const sameFile = await upload(
      f.broker,
      { contractId, categoryName: '房产证' },
      { name: '其他.png', data: pngLike('x') },
    );
    expect(sameFile.code).toBe(200);
    expect((sameFile.data as Picture).pictureId).not.toBe((other.data as Picture).pictureId);
    expect(await pictures()).toHaveLength(3);

    const removed = await f.post('/contract/v2/contractPictureDelete', f.broker, {
      contractId,
      contractType: 1,
      pictureId: (sameFile.data as Picture).pictureId,
    });
    expect(removed).toMatchObject({ code: 200, message: '图片已删除' });
    expect((await pictures()).map((p) => p.categoryName)).toEqual(['合同正本', '其他']);
    expect(await remarks()).toContain('删除合同图片：房产证');
    const again = await f.post('/contract/v2/contractPictureDelete', f.broker, {
      contractId,
      contractType: 1,
      pictureId: (sameFile.data as Picture).pictureId,
    });
    expect(again.code).toBe(404);

    expect(await change(3)).toMatchObject({ code: 405, message: '请先上传必备附件：房产证' });
    const deed = await upload(
      f.broker,
      { contractId, categoryName: '房产证' },
      { name: '房产证.webp', data: webp(), type: 'image/webp' },
    );
    expect(deed).toMatchObject({ code: 200, data: { categoryName: '房产证' } });
    expect(await change(3)).toMatchObject({ code: 200, data: { state: 3 } });
  });
});

/** The smallest RIFF/WEBP header the content check recognises. */
function webp(): Buffer {
  const body = Buffer.from(
    'WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00',
    'latin1',
  );
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
