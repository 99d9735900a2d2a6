/**
 * The calls of the customer book (/views/customer/index) and its settings page as loaders and
 * actors: the list, one customer with its follow-ups, change record and matching listings, entering
 * and editing, the pool moves of the customer-pool machine, the room check of the pick-back flow,
 * the state change, and the settings.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import { sessionActor } from '../../core/session';
import type { components, paths } from '../../../openapi/generated/api';
import type { PickBackRoom } from '../../../machines/customer-pick-back.machine';
import { privateCap } from '../../../domain/customer-rules';

type Schemas = components['schemas'];
export type CustomerListItem = Schemas['CustomerListItem'];
export type CustomerDetail = Schemas['CustomerDetail'];
export type CustomerFollowUp = Schemas['CustomerFollowUp'];
export type CustomerChangeRecord = Schemas['CustomerChangeRecord'];
export type CustomerSetting = Schemas['CustomerSetting'];
export type CustomerInput = Schemas['CustomerInput'];
export type CustomerMatchedHouse = Schemas['CustomerMatchedHouse'];
export type CustomerSearch = NonNullable<
  paths['/customer/v2/customerPosts']['post']['requestBody']
>['content']['application/json'];
export type CustomerQuery = Omit<CustomerSearch, 'pageindex' | 'pagesize'>;
export type Option = { id: number; name: string };
export type StaffOption = { userId: number; name: string; deptName: string | null };

/** 001 section 9: lists show 15 a page. */
export const customerPageSize = 15;

export async function fetchCustomers(
  query: CustomerQuery,
  page: number,
  pageSize: number,
): Promise<{ rows: CustomerListItem[]; total: number }> {
  const result = await ok(
    api.POST('/customer/v2/customerPosts', { body: { ...query, pageindex: page, pagesize: pageSize } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchCustomer(customerId: number): Promise<CustomerDetail> {
  const result = await ok(api.GET('/customer/v2/customerDetail', { params: { query: { customerId } } }));
  if (!result.data) throw new Error('客户不存在或已被删除');
  return result.data;
}

export type RevealedPhones = NonNullable<
  paths['/customer/v2/customerPhoneView']['post']['responses']['200']['content']['application/json']['data']
>;

/** A protected customer's phones in full: one view, counted, recorded; the next needs a follow-up. */
export async function viewCustomerPhones(customerId: number): Promise<RevealedPhones> {
  const result = await ok(api.POST('/customer/v2/customerPhoneView', { body: { customerId } }));
  if (!result.data) throw new Error('客户电话读取失败');
  return result.data;
}

export async function fetchFollowUps(customerId: number, category: 0 | 1 | 4, page: number) {
  const result = await ok(
    api.GET('/customer/v2/getCustomerfollowUp', {
      params: { query: { customerId, category, pageindex: page, pagesize: customerPageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function writeFollowUp(input: {
  customerId: number;
  category: 1 | 4;
  content: string;
  houseIds?: number[];
}) {
  await ok(api.POST('/customer/v2/customerfollowUp', { body: input }));
}

/** Deletes a follow-up (the seed's /app/followUpDel for every app; 2 is 客源, type its kind). */
export async function deleteFollowUp(customerId: number, customerType: 1 | 2 | 3, followId: number) {
  await ok(
    api.POST('/app/followUpDel', { body: { appType: 2, type: customerType, itemId: customerId, followId } }),
  );
}

export async function fetchRecords(customerId: number, page: number) {
  const result = await ok(
    api.GET('/customer/v2/customerChangeRecord', {
      params: { query: { customerId, pageindex: page, pagesize: customerPageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchMatchedHouses(customerId: number, page: number) {
  const result = await ok(
    api.GET('/customer/v2/customerMatchHouses', {
      params: { query: { customerId, pageindex: page, pagesize: customerPageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function saveCustomer(input: CustomerInput, customerId?: number) {
  const result = customerId
    ? await ok(api.POST('/customer/v2/customerEdit', { body: { ...input, customerId } }))
    : await ok(api.POST('/customer/v2/customerAdd', { body: input }));
  return result.data!;
}

export async function changeCustomerState(customerId: number, state: 1 | 2 | 3 | 4) {
  await ok(api.POST('/customer/v2/customerChangeState', { body: { customerId, state } }));
}

export async function fetchCustomerTags(): Promise<Option[]> {
  const result = await ok(api.GET('/app/getCategoryV2', { params: { query: { appType: 2, type: 1 } } }));
  return (result.data ?? []).map((tag) => ({ id: tag.categoryId, name: tag.name }));
}

/** The districts of the company's default open city (a customer's wanted districts). */
export async function fetchDistricts(): Promise<Option[]> {
  const cities = (await ok(api.GET('/org/v2/openCityList'))).data ?? [];
  const city = cities.find((entry) => entry.isDefault === 1) ?? cities[0];
  if (!city) return [];
  const result = await ok(api.GET('/base/getDistractList', { params: { query: { cityid: city.cityid } } }));
  return (result.data ?? []).map((district) => ({ id: district.distractId, name: district.distractName }));
}

export async function fetchStaff(keyword: string): Promise<StaffOption[]> {
  const result = await ok(
    api.GET('/org/v2/staffList', {
      params: { query: { pageindex: 1, pagesize: 15, ...(keyword ? { key: 1, keywords: keyword } : {}) } },
    }),
  );
  return (result.data ?? []).map((person) => ({
    userId: person.userId,
    name: person.name,
    deptName: person.deptName ?? null,
  }));
}

export async function fetchCustomerSetting(): Promise<CustomerSetting | null> {
  return (await ok(api.GET('/customer/v2/getCustomerSetting'))).data ?? null;
}

export async function saveCustomerSetting(setting: CustomerSetting): Promise<CustomerSetting | null> {
  await ok(api.POST('/customer/v2/customerSetting', { body: setting }));
  return fetchCustomerSetting();
}

function signedInUserId(): number {
  return sessionActor.getSnapshot().context.user?.userId ?? 0;
}

/** The customer-pool machine's calls. */
export const poolActors = {
  toPublic: fromPromise<unknown, { customerId: number }>(async ({ input }) =>
    ok(api.POST('/customer/v2/publicClients', { body: { customerId: input.customerId } })),
  ),
  setDeal: fromPromise<unknown, { customerId: number; status: 0 | 1 }>(async ({ input }) =>
    ok(api.POST('/customer/v2/customerTransactionStatus', { body: input })),
  ),
  assign: fromPromise<unknown, { customerId: number; attribution: number; userId: number }>(
    async ({ input }) => {
      const body = { customerIds: [input.customerId], userId: input.userId };
      return input.attribution === 2
        ? ok(api.POST('/customer/v2/publicCustomerAssignment', { body }))
        : ok(api.POST('/customer/v2/customerAssignment', { body }));
    },
  ),
  remove: fromPromise<unknown, { customerId: number; attribution: number }>(async ({ input }) => {
    const body = { customerId: input.customerId };
    return input.attribution === 2
      ? ok(api.POST('/customer/v2/publicCustomerDelete', { body }))
      : ok(api.POST('/customer/v2/customerDelete', { body }));
  }),
};

/** The pick-back flow's calls: the room (held private customers of the kind, and the cap), and the claim. */
export const pickBackActors = {
  checkRoom: fromPromise<PickBackRoom, { customerType: number }>(async ({ input }) => {
    const [setting, held] = await Promise.all([
      fetchCustomerSetting(),
      ok(
        api.POST('/customer/v2/customerPosts', {
          body: {
            customerAttribution: 1,
            customerType: input.customerType as 1,
            sort: 0,
            userId: signedInUserId(),
            pageindex: 1,
            pagesize: 1,
          },
        }),
      ),
    ]);
    return {
      held: held.total ?? 0,
      cap: setting ? privateCap(setting.upperLimit, input.customerType) : null,
    };
  }),
  claim: fromPromise<unknown, { customerId: number }>(async ({ input }) =>
    ok(api.POST('/customer/v2/privateClients', { body: { customerId: input.customerId } })),
  ),
};

export function currentUserId(): number {
  return signedInUserId();
}
