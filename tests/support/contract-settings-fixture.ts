/**
 * Shared set-up of the tests around 合同基础设置 (contract-settings, ledger-state-names,
 * sign-prefill-commission): the company's settings as the seed defaults them, a ledger contract's
 * house and parties, and a test app with the users who save settings, add contracts and change
 * their state (the demo company's manager, broker and 权证, company B's manager).
 */
import { call, createTestApp, login, type TestApp } from './test-app';

export type Headers = Record<string, string>;

export type Commission = { saleRate: number; rentRate: number; dailiFeeA: number; dailiFeeB: number };

export const defaultSaleStateNames = ['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除'];
export const defaultRentStateNames = ['正常', '解除', '作废', '完成'];

/** A ledger's state names as the settings carry them: numbered from 1 in order. */
export const stateNames = (names: string[]) =>
  names.map((stateName, index) => ({ state: index + 1, stateName }));

const noAttachments: string[] = [];

/** 合同基础设置 as a company reads it before it saves its own. */
export const defaultContractSettings = {
  saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
  rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
  commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 } satisfies Commission,
  requiredAttachments: noAttachments,
  saleStateNames: stateNames(defaultSaleStateNames),
  rentStateNames: stateNames(defaultRentStateNames),
};

export const ledgerHouseInfo = {
  province: { id: 44, name: '广东省' },
  city: { id: 4403, name: '深圳市' },
  district: { id: 440305, name: '南山区' },
  houseName: '桃源居',
  houseBuilding: '15',
  houseRoomNo: '1203',
};

export const ledgerParties = {
  partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002x', phone: '13612345678' },
  partyB: {
    subjectType: 2,
    name: '深圳市安居投资有限公司',
    certNo: '91350100M000100Y43',
    phone: '13712345678',
  },
};

export type ContractSettingsFixture = Awaited<ReturnType<typeof createContractSettingsFixture>>;

export async function createContractSettingsFixture() {
  const t: TestApp = await createTestApp();
  const manager = await login(t.app, '13800000000');
  const broker = await login(t.app, '13800000003');
  const certificate = await login(t.app, '13800000005');
  const managerB = await login(t.app, '13900000000');
  const get = (url: string, headers: Headers, query: Record<string, string | number> = {}) =>
    call(t.app, 'GET', url, {
      headers,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });
  return {
    t,
    manager,
    broker,
    certificate,
    managerB,
    get,
    post,
    readSettings: (headers: Headers = manager) => get('/contract/v2/getContractSetting', headers),
    saveSettings: (body: unknown, headers: Headers = manager) =>
      post('/contract/v2/contractSetting', headers, body),
    /** A 买卖 ledger contract of the shared house and parties. */
    addSale: (headers: Headers, signDate: string, transactionPrice: number) =>
      post('/contract/v2/contractSaleAdd', headers, {
        houseInfo: ledgerHouseInfo,
        parties: ledgerParties,
        signDate,
        transaction: { transactionPrice, paymentMethod: 1 },
      }),
    /** A 租赁 ledger contract of the shared house and parties, 2026-12-01 to 2027-11-30. */
    addRent: (headers: Headers, signDate: string, monthlyRent: number) =>
      post('/contract/v2/contractRentAdd', headers, {
        houseInfo: ledgerHouseInfo,
        parties: ledgerParties,
        signDate,
        transaction: { startDate: '2026-12-01', endDate: '2027-11-30' },
        rental: { haveRent: 2, monthlyRent },
      }),
    close: () => t.close(),
  };
}
