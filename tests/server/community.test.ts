import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type ListItem = {
  communityId: number;
  communityName: string;
  districtName: string | null;
  isArchived: 0 | 1;
};
type Picture = { pictureId: number; type: number; url: string; uploaderName: string | null };

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('the community archive over the platform community base', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let finance: Record<string, string>;
  let otherManager: Record<string, string>;
  let tianjian: number;
  let shanghaiCommunity: number;

  async function upload(headers: Record<string, string>): Promise<string> {
    const boundary = '----community-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="外景.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/base/uploadPhoto',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return response.json<{ data: { url: string } }>().data.url;
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    finance = await login(t.app, '13800000004');
    otherManager = await login(t.app, '13900000000');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    tianjian = (search.data as { communityId: number }[])[0]!.communityId;
    const shanghai = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=3101&keyword=汤臣',
    });
    shanghaiCommunity = (shanghai.data as { communityId: number }[])[0]!.communityId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the cities the platform base covers, and searches one city by key, form-encoded', async () => {
    const cities = await call(t.app, 'GET', '/intensiveFarming/openCity', { headers: manager });
    expect(cities.data).toContainEqual(
      expect.objectContaining({
        cityId: 4403,
        cityName: '深圳市',
        provinceName: '广东省',
        initial: 'S',
        hot: 1,
      }),
    );
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=香蜜湖1&pagesize=5',
    });
    expect(search.code).toBe(200);
    expect(search.data).toEqual([
      expect.objectContaining({ communityName: '香蜜湖1号', distractName: '福田区', regionName: '香蜜湖' }),
    ]);
    expect(search.total).toBe(1);
    const [found] = search.data as { communityId: number }[];
    const detail = await call(t.app, 'GET', '/intensiveFarming/new/communityDetail', {
      headers: manager,
      query: { communityId: String(found!.communityId) },
    });
    expect(detail.data).toMatchObject({
      communityName: '香蜜湖1号',
      cityName: '深圳市',
      provinceName: '广东省',
    });
  });

  it('gives the districts of a covered city their business areas', async () => {
    const result = await call(t.app, 'GET', '/base/getDistractList', {
      headers: manager,
      query: { cityid: '4403', type: '2' },
    });
    const futian = (result.data as { distractId: number; regions: { regionName: string }[] }[]).find(
      (d) => d.distractId === 440304,
    );
    expect(futian?.regions.map((r) => r.regionName)).toContain('香蜜湖');
  });

  it('ships the demo archives: company A has archived 香蜜湖1号 with its buildings', async () => {
    const list = await call(t.app, 'GET', '/community/communityPosts', {
      headers: broker,
      query: { archived: '1', pagesize: '100' },
    });
    const archived = (list.data as ListItem[]).map((row) => row.communityName);
    expect(archived).toEqual(expect.arrayContaining(['香蜜湖1号', '梅林一村', '桃源居']));
    expect(archived).not.toContain('联洋年华');
  });

  it('lists the communities of the company’s open cities only, 15 a page, with the key in name, alias or address', async () => {
    const page = await call(t.app, 'GET', '/community/communityPosts', { headers: broker });
    expect(page.code).toBe(200);
    const rows = page.data as ListItem[];
    expect(rows.length).toBe(15);
    expect(page.total).toBeGreaterThan(15);
    const all = await call(t.app, 'GET', '/community/communityPosts', {
      headers: broker,
      query: { pagesize: '100' },
    });
    expect((all.data as ListItem[]).some((row) => row.communityName === '汤臣一品')).toBe(false);
    const byAlias = await call(t.app, 'GET', '/community/communityPosts', {
      headers: broker,
      query: { key: '波托菲诺' },
    });
    expect((byAlias.data as ListItem[]).map((row) => row.communityName)).toEqual(['华侨城波托菲诺']);
    const byDistrict = await call(t.app, 'GET', '/community/communityPosts', {
      headers: broker,
      query: { distractId: '440305', pagesize: '100' },
    });
    expect((byDistrict.data as ListItem[]).every((row) => row.districtName === '南山区')).toBe(true);
  });

  it('refuses the archive to a role without 查看小区档案, and editing to one without 编辑小区档案', async () => {
    const list = await call(t.app, 'GET', '/community/communityPosts', { headers: finance });
    expect(list).toMatchObject({ code: 403, message: '您没有权限，请联系管理员设置相关权限' });
    const save = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: broker,
      body: { communityId: tianjian },
    });
    expect(save.code).toBe(403);
  });

  it('creates an archive with buildings, reads it over the platform data, and replaces it on a second save', async () => {
    const missing = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(missing).toMatchObject({ code: 404, message: '本公司尚未建立该小区的档案' });
    const saved = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: {
        communityId: tianjian,
        propertyPhone: '0755-83456789',
        buildings: [
          { buildingNo: '1栋', unitCount: 2, floorCount: 32, householdsPerFloor: 4, elevator: 1 },
          { buildingNo: '2栋', unitCount: 1, floorCount: 28, householdsPerFloor: 2, elevator: 1 },
        ],
        remark: '东门岗亭登记后可带看',
      },
    });
    expect(saved.code).toBe(200);
    const detail = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: broker,
      query: { communityId: String(tianjian) },
    });
    expect(detail.data).toMatchObject({
      community: { communityName: '天健世纪花园', developer: '天健地产' },
      propertyPhone: '0755-83456789',
      buildings: [{ buildingNo: '1栋' }, { buildingNo: '2栋' }],
      remark: '东门岗亭登记后可带看',
      updateUserName: '张经理',
    });
    const inCommunity = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { communityId: tianjian, pagesize: 100 },
    });
    expect((detail.data as { houseCount: { totalCount: number } }).houseCount.totalCount).toBe(
      inCommunity.total,
    );
    const again = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: {
        communityId: tianjian,
        developer: '天健地产集团',
        buildings: [{ buildingNo: '1栋', unitCount: 2, floorCount: 32, householdsPerFloor: 4 }],
      },
    });
    expect(again.data).toEqual(saved.data);
    const replaced = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(replaced.data).toMatchObject({
      community: { developer: '天健地产集团' },
      propertyPhone: null,
    });
    expect((replaced.data as { buildings: unknown[] }).buildings).toHaveLength(1);
    const listed = await call(t.app, 'GET', '/community/communityPosts', {
      headers: manager,
      query: { archived: '1', key: '天健' },
    });
    expect(listed.data).toEqual([expect.objectContaining({ communityId: tianjian, isArchived: 1 })]);
  });

  it('refuses a repeated building number and a community outside the open cities, writing nothing', async () => {
    const twice = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: {
        communityId: tianjian,
        buildings: [
          { buildingNo: '3栋', unitCount: 1, floorCount: 9, householdsPerFloor: 2 },
          { buildingNo: '3栋', unitCount: 1, floorCount: 9, householdsPerFloor: 2 },
        ],
      },
    });
    expect(twice).toMatchObject({ code: 405, message: '楼栋号 3栋 重复' });
    const outside = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: { communityId: shanghaiCommunity },
    });
    expect(outside).toMatchObject({ code: 405, message: '上海市未开通，不能建立小区档案' });
    const badFloor = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: {
        communityId: tianjian,
        buildings: [{ buildingNo: '5栋', unitCount: 1, floorCount: 0, householdsPerFloor: 2 }],
      },
    });
    expect(badFloor.code).toBe(405);
    expect(badFloor.message).toContain('总层数');
    const detail = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(
      (detail.data as { buildings: { buildingNo: string }[] }).buildings.map((b) => b.buildingNo),
    ).toEqual(['1栋']);
  });

  it('adds uploaded pictures by category, refuses addresses not uploaded here, and deletes only its own', async () => {
    const url = await upload(manager);
    const added = await call(t.app, 'POST', '/community/companyCommunityPicturesAdd', {
      headers: manager,
      body: { communityId: tianjian, type: 1, urls: [url] },
    });
    expect(added.code).toBe(200);
    const [picture] = added.data as Picture[];
    expect(picture).toMatchObject({ type: 1, url, uploaderName: '张经理' });
    const foreign = await call(t.app, 'POST', '/community/companyCommunityPicturesAdd', {
      headers: manager,
      body: { communityId: tianjian, type: 1, urls: ['https://example.com/a.png'] },
    });
    expect(foreign).toMatchObject({
      code: 405,
      message: '图片地址（urls）第 1 张不是已上传的图片，请重新上传',
    });
    const listed = await call(t.app, 'GET', '/community/companyCommunityPictures', {
      headers: broker,
      query: { communityId: String(tianjian), type: '1' },
    });
    expect(listed.data).toEqual([expect.objectContaining({ pictureId: picture!.pictureId })]);
    const cover = await call(t.app, 'GET', '/community/communityPosts', {
      headers: broker,
      query: { key: '天健世纪花园' },
    });
    expect(cover.data).toEqual([expect.objectContaining({ coverUrl: url })]);

    const stranger = await call(t.app, 'POST', '/community/companyCommunityPicturesDel', {
      headers: manager,
      body: { communityId: tianjian, pictureIds: [picture!.pictureId + 1000] },
    });
    expect(stranger).toMatchObject({ code: 404, message: '图片不存在或不属于该小区档案' });
    const removed = await call(t.app, 'POST', '/community/companyCommunityPicturesDel', {
      headers: manager,
      body: { communityId: tianjian, pictureIds: [picture!.pictureId] },
    });
    expect(removed.code).toBe(200);
    const after = await call(t.app, 'GET', '/community/companyCommunityPictures', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(after.data).toEqual([]);
  });

  it('keeps one company’s archive from another: company B sees no archive, and cannot touch A’s pictures', async () => {
    const url = await upload(manager);
    const added = await call(t.app, 'POST', '/community/companyCommunityPicturesAdd', {
      headers: manager,
      body: { communityId: tianjian, type: 2, urls: [url] },
    });
    const [picture] = added.data as Picture[];
    const read = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: otherManager,
      query: { communityId: String(tianjian) },
    });
    expect(read.code).toBe(404);
    const pictures = await call(t.app, 'GET', '/community/companyCommunityPictures', {
      headers: otherManager,
      query: { communityId: String(tianjian) },
    });
    expect(pictures.data).toEqual([]);
    const del = await call(t.app, 'POST', '/community/companyCommunityPicturesDel', {
      headers: otherManager,
      body: { communityId: tianjian, pictureIds: [picture!.pictureId] },
    });
    expect(del.code).toBe(404);
    const removeArchive = await call(t.app, 'POST', '/community/companyCommunityDelete', {
      headers: otherManager,
      body: { communityId: tianjian },
    });
    expect(removeArchive.code).toBe(404);
    const still = await call(t.app, 'GET', '/community/companyCommunityPictures', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(still.data).toHaveLength(1);
  });

  it('refuses to delete an archive while its community has listings, then deletes it with its pictures; the platform community stays', async () => {
    const entered = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: {
        type: 2,
        attribution: 1,
        communityId: tianjian,
        buildingNo: '1栋',
        roomNo: '602',
        room: 2,
        hall: 1,
        bath: 1,
        area: 76,
        price: 7800,
        ownerName: '陈敏',
        ownerPhone: '13612345678',
      },
    });
    expect(entered.code).toBe(200);
    const listings = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { communityId: tianjian, pagesize: 100 },
    });
    expect(listings.total).toBe(1);
    const refused = await call(t.app, 'POST', '/community/companyCommunityDelete', {
      headers: manager,
      body: { communityId: tianjian },
    });
    expect(refused).toMatchObject({
      code: 405,
      message: `该小区还有 ${listings.total} 套房源，请先处理房源后再删除小区档案`,
    });
    for (const listing of listings.data as { houseId: number }[]) {
      const removed = await call(t.app, 'POST', '/housing/v2/housingDelete', {
        headers: manager,
        body: { houseId: listing.houseId },
      });
      expect(removed.code).toBe(200);
    }
    const counts = await call(t.app, 'GET', '/community/communityHouseCount', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(counts.data).toEqual({
      communityId: tianjian,
      sellCount: 0,
      rentCount: 0,
      dealCount: 0,
      totalCount: 0,
    });
    const removed = await call(t.app, 'POST', '/community/companyCommunityDelete', {
      headers: manager,
      body: { communityId: tianjian },
    });
    expect(removed).toMatchObject({ code: 200, message: '小区档案已删除' });
    const gone = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(gone.code).toBe(404);
    const pictures = await call(t.app, 'GET', '/community/companyCommunityPictures', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(pictures.data).toEqual([]);
    const platform = await call(t.app, 'GET', '/community/communityDetail', {
      headers: manager,
      query: { communityId: String(tianjian) },
    });
    expect(platform.data).toMatchObject({ communityName: '天健世纪花园' });
    const unknown = await call(t.app, 'GET', '/community/communityDetail', {
      headers: manager,
      query: { communityId: '999999' },
    });
    expect(unknown).toMatchObject({ code: 404, message: '小区不存在' });
  });
});
