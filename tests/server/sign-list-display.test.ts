import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { saleContent } from '../support/test-data';

type Headers = Record<string, string>;
type Row = {
  contractId: number;
  boxId: number;
  contractType: number;
  creator: { name: string; deptName?: string | null; roleName?: string | null };
  display: Record<'user' | 'dept' | 'role' | 'sendtime' | 'updatetime', number>;
};

describe('the sign list by template: filters and display flags', () => {
  let t: TestApp;
  let manager: Headers;
  let sale: number;
  let rent: number;
  const get = (url: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers: manager, query });
  const post = (url: string, body: unknown) => call(t.app, 'POST', url, { headers: manager, body });
  const rows = async (query: Record<string, string>) =>
    (await get('/sign/signPosts', { state: '0', ...query })).data as Row[];

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    const templates = (await get('/sign/templatePostsV2')).data as { boxId: number; contractType: number }[];
    sale = templates.find((x) => x.contractType === 1)!.boxId;
    rent = templates.find((x) => x.contractType === 2)!.boxId;
    // A broker (with a role, unlike the manager) starts the contract.
    const broker = await login(t.app, '13800000003');
    const submitted = await call(t.app, 'POST', '/sign/contractSubmissionV2501', {
      headers: broker,
      body: {
        boxid: sale,
        signatureType: 1,
        content: saleContent('显示设置花园'),
      },
    });
    expect(submitted.code, submitted.message).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters by template (boxId) and contract type (boxGroupType)', async () => {
    expect((await rows({ boxId: String(sale) })).map((r) => r.boxId)).toEqual([sale]);
    expect(await rows({ boxId: String(rent) })).toEqual([]);
    expect((await rows({ boxGroupType: '1' })).map((r) => r.contractType)).toEqual([1]);
    expect(await rows({ boxGroupType: '2' })).toEqual([]);
  });

  it('gives each contract its template’s list display flags and the creator’s role', async () => {
    const [before] = await rows({ boxId: String(sale) });
    expect(before!.display).toEqual({ user: 1, dept: 1, role: 1, sendtime: 1, updatetime: 1 });
    expect(before!.creator.roleName).toBe('经纪人');
    const saved = await post('/template/templateOtherSettings', {
      boxId: sale,
      mainTitle: 'property.houseName',
      role: 0,
      sendtime: 0,
    });
    expect(saved.code, saved.message).toBe(200);
    const [after] = await rows({ boxId: String(sale) });
    expect(after!.display).toEqual({ user: 1, dept: 1, role: 0, sendtime: 0, updatetime: 1 });
  });
});
