/**
 * The calls of the listing screens (/views/house/index, /views/house/detail) as loaders and actors:
 * the list and its type counts, one listing with its protected fields, follow-ups, team and record,
 * entering and editing with the duplicate check, the pool moves and the recycle bin.
 */
import { fromPromise } from 'xstate';
import { ApiCodeError, api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import type {
  HouseDetail,
  HouseFollowUpInput,
  HouseProtectedInfo,
} from '../../../machines/house-open.machine';
import type { HouseOperation, houseStateValues } from '../../../domain/house-rules';

type Schemas = components['schemas'];
export type HouseListItem = Schemas['HouseListItem'];
export type HouseSearch = NonNullable<
  paths['/housing/v2/housingPosts']['post']['requestBody']
>['content']['application/json'];
/** The entry form's body (HouseFields with the fields housingAdd requires). */
export type HouseInput = Schemas['HouseFields'] &
  Required<
    Pick<
      Schemas['HouseFields'],
      'type' | 'attribution' | 'area' | 'price' | 'room' | 'hall' | 'bath' | 'ownerName' | 'ownerPhone'
    >
  >;
export type HouseTypeCount = Schemas['HouseTypeCount'];
export type HouseFollowUp = Schemas['HouseFollowUp'];
export type HouseTeamMember = Schemas['HouseTeamMember'];
export type HouseRecycleItem = Schemas['HouseRecycleItem'];
export type HousePricePoint = Schemas['HousePriceTrendPoint'];
export type HouseEvaluate = Schemas['HouseEvaluate'];
export type HouseSchool = Schemas['HouseSchool'];
export type AppRecord = Schemas['AppRecord'];
export type AppCategory = Schemas['AppCategory'];
export type HouseShownCustomer = Schemas['HouseShownCustomer'];
export type HouseMatchingCustomer = Schemas['CustomerMatchedCustomer'];
export type HouseWidgetField = Schemas['TemplateField'];
export type HouseDistrict = Schemas['BaseDistrict'];
export type HouseRentExtension = Schemas['HouseRentExtension'];
export type HouseDepartmentNode = Schemas['OrgDeptNode'];
export type CommunityOption = { communityId: number; communityName: string; address: string | null };

/** 001 section 9: lists show 15 a page. */
export const housePageSize = 15;

export async function fetchHouses(
  query: Omit<HouseSearch, 'pageindex' | 'pagesize'>,
  page: number,
  pageSize: number,
): Promise<{ rows: HouseListItem[]; total: number }> {
  const result = await ok(
    api.POST('/housing/v2/housingPosts', {
      body: { ...query, pageindex: page, pagesize: pageSize },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchTypeCounts(): Promise<HouseTypeCount[]> {
  return (await ok(api.GET('/housing/v2/housingTypeList'))).data ?? [];
}

export async function fetchHouseTags(): Promise<AppCategory[]> {
  return (await ok(api.GET('/app/getCategoryV2', { params: { query: { appType: 1, type: 1 } } }))).data ?? [];
}

/** How many more listings this person may enter into a pool (请选择房源归属 without one). */
export async function fetchPoolCount(attribution: 1 | 2) {
  const result = await ok(api.GET('/housing/v2/queryAuthHouseCount', { params: { query: { attribution } } }));
  if (!result.data) throw new Error('请选择房源归属');
  return result.data;
}

/** 出租信息 of a rent listing. */
export async function fetchRentExtension(houseId: number): Promise<HouseRentExtension> {
  const result = await ok(api.GET('/housing/v2/rentExtension', { params: { query: { houseId } } }));
  if (!result.data) throw new Error('出租信息读取失败');
  return result.data;
}

/** The districts of the company's default open city, each with its regions (the search's 区县 / 片区). */
export async function fetchHouseDistricts(): Promise<HouseDistrict[]> {
  const cities = (await ok(api.GET('/org/v2/openCityList'))).data ?? [];
  const city = cities.find((entry) => entry.isDefault === 1) ?? cities[0];
  if (!city) return [];
  return (
    (await ok(api.GET('/base/getDistractList', { params: { query: { cityid: city.cityid, type: 2 } } })))
      .data ?? []
  );
}

/** The departments with their staff (the search's 部门 / 维护人). */
export async function fetchHouseDepartments(): Promise<HouseDepartmentNode[]> {
  return (await ok(api.GET('/org/v2/deptTree', { params: { query: { type: 2 } } }))).data ?? [];
}

/** 分类管理: the company's listing tags saved as one list (missing ones are deleted). */
export async function saveHouseTags(categories: Schemas['AppCategoryInput'][]) {
  await ok(api.POST('/app/updateCategoryV2', { body: { appType: 1, type: 1, categories } }));
}

export async function searchCommunities(keyword: string): Promise<CommunityOption[]> {
  const result = await ok(
    api.GET('/community/communityPosts', { params: { query: { key: keyword, pageindex: 1, pagesize: 15 } } }),
  );
  return (result.data ?? []).map((row) => ({
    communityId: row.communityId,
    communityName: row.communityName,
    address: row.address ?? null,
  }));
}

export const loadHouse = fromPromise<HouseDetail, { houseId: number }>(async ({ input }) => {
  const result = await ok(
    api.GET('/housing/v2/housingDetail', { params: { query: { houseId: input.houseId } } }),
  );
  if (!result.data) throw new Error('房源不存在或已被删除');
  return result.data;
});

/** The listing's state now, for the page-state check (404 once it is in the recycle bin or purged). */
export async function readHouseState(houseId: number): Promise<number> {
  const result = await ok(api.GET('/housing/v2/housingDetail', { params: { query: { houseId } } }));
  if (!result.data) throw new ApiCodeError(404, result.message, null);
  return result.data.requestData.houseState;
}

export const revealInfo = fromPromise<HouseProtectedInfo, { houseId: number; protectionType: number }>(
  async ({ input }) => {
    const result = await ok(
      api.GET('/housing/v2/getHouseInfoProtection', {
        params: { query: { houseId: input.houseId, type: input.protectionType as 1 | 2 | 3 | 4 } },
      }),
    );
    if (!result.data) throw new Error('关键信息读取失败');
    return result.data;
  },
);

export const saveFollowUp = fromPromise<unknown, { value: HouseFollowUpInput }>(async ({ input }) =>
  ok(api.POST('/housing/v2/housingfollowUp', { body: input.value })),
);

export async function fetchFollowUps(houseId: number, category: number, page: number) {
  const result = await ok(
    api.GET('/housing/v2/getHousingfollowUp', {
      params: { query: { houseId, category: category as 0, pageindex: page, pagesize: housePageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchFollowUpCategories(houseId: number) {
  return (
    (await ok(api.GET('/housing/v2/housingfollowUpCategory', { params: { query: { houseId } } }))).data ?? []
  );
}

export async function deleteFollowUp(houseId: number, houseType: number, followId: number) {
  await ok(
    api.POST('/app/followUpDel', { body: { appType: 1, type: houseType as 1, itemId: houseId, followId } }),
  );
}

export async function fetchRecords(houseId: number, page: number) {
  const result = await ok(
    api.GET('/app/appRecord', {
      params: { query: { appType: 1, itemId: houseId, pageindex: page, pagesize: housePageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchTeam(houseId: number): Promise<HouseTeamMember[]> {
  return (await ok(api.GET('/housing/v2/teamPosts', { params: { query: { houseId } } }))).data ?? [];
}

export async function addTeamMember(houseId: number, role: number, userId: number) {
  await ok(api.POST('/housing/v2/teamAdd', { body: { houseId, role: role as 2, userId } }));
}

export async function removeTeamMember(houseId: number, teamId: number) {
  await ok(api.POST('/housing/v2/teamDel', { body: { houseId, teamId } }));
}

export async function fetchStaff(keyword: string) {
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

export async function fetchPriceTrend(houseId: number): Promise<HousePricePoint[]> {
  return (
    (await ok(api.GET('/housing/v2/housingPriceTrend', { params: { query: { houseId, months: 12 } } })))
      .data ?? []
  );
}

export async function fetchEvaluate(houseId: number): Promise<HouseEvaluate | null> {
  return (await ok(api.GET('/housing/v2/housingEvaluate', { params: { query: { houseId } } }))).data ?? null;
}

export async function fetchSchools(houseId: number): Promise<HouseSchool[]> {
  return (await ok(api.GET('/housing/v2/communitSchool', { params: { query: { houseId } } }))).data ?? [];
}

export async function checkDuplicate(input: HouseInput, houseId?: number) {
  if (!input.communityId) return;
  await ok(
    api.GET('/housing/v2/housingCheck', {
      params: {
        query: {
          type: input.type,
          communityId: input.communityId,
          ...(input.buildingNo ? { buildingNo: input.buildingNo } : {}),
          ...(input.unitNo ? { unitNo: input.unitNo } : {}),
          ...(input.roomNo ? { roomNo: input.roomNo } : {}),
          ...(input.ownerPhone ? { contactPhone: input.ownerPhone } : {}),
          ...(houseId ? { houseId } : {}),
        },
      },
    }),
  );
}

export async function saveHouse(input: HouseInput, houseId?: number) {
  const result = houseId
    ? await ok(api.POST('/housing/v2/housingEdit', { body: { ...input, houseId } as never }))
    : await ok(api.POST('/housing/v2/housingAdd', { body: input as never }));
  return result.data!;
}

export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const uploaded = await ok(
    api.POST('/base/uploadPhoto', { body: { file: '' }, bodySerializer: () => form }),
  );
  if (!uploaded.data) throw new Error('图片上传失败');
  return uploaded.data.url;
}

export const poolActors = {
  toPublic: fromPromise<unknown, { houseId: number }>(async ({ input }) =>
    ok(api.GET('/housing/v2/housingToPublic', { params: { query: { houseId: input.houseId } } })),
  ),
  toPrivate: fromPromise<unknown, { houseId: number }>(async ({ input }) =>
    ok(api.GET('/housing/v2/housingToPrivate', { params: { query: { houseId: input.houseId } } })),
  ),
  operate: fromPromise<unknown, { houseId: number; operate: HouseOperation }>(async ({ input }) =>
    ok(api.POST('/housing/v2/housingOperate', { body: { houseId: input.houseId, operate: input.operate } })),
  ),
  remove: fromPromise<unknown, { houseId: number }>(async ({ input }) =>
    ok(api.POST('/housing/v2/housingDelete', { body: { houseId: input.houseId } })),
  ),
  restore: fromPromise<unknown, { houseId: number }>(async ({ input }) =>
    ok(api.POST('/housing/v2/recycleRestore', { body: { houseId: input.houseId } })),
  ),
  purge: fromPromise<unknown, { houseId: number }>(async ({ input }) =>
    ok(api.POST('/housing/v2/recycleDel', { body: { houseId: input.houseId } })),
  ),
};

export async function fetchRecycleBin(query: { key?: string }, page: number, pageSize: number) {
  const result = await ok(
    api.POST('/housing/v2/recycleList', { body: { ...query, pageindex: page, pagesize: pageSize } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** The company's names of the custom statuses A-D, by kind (sell 1, rent 2). */
export async function fetchStateNames(): Promise<
  Record<number, { stateName: string; stateLable: string }[]>
> {
  const setting = (await ok(api.GET('/housing/v2/getHousingSetting'))).data;
  return { 1: setting?.sellHousingState ?? [], 2: setting?.rentHousingState ?? [] };
}

export async function changeHouseState(
  houseId: number,
  houseState: (typeof houseStateValues)[number],
  remark: string,
) {
  await ok(
    api.POST('/housing/v2/housingStateChange', {
      body: { houseId, houseState, ...(remark.trim() ? { remark: remark.trim() } : {}) },
    }),
  );
}

export async function restoreFromBin(houseId: number) {
  await ok(api.POST('/housing/v2/recycleRestore', { body: { houseId } }));
}

export async function purgeFromBin(houseId: number) {
  await ok(api.POST('/housing/v2/recycleDel', { body: { houseId } }));
}

/** The customers who viewed the listing (showCustomers: the customer book's visit follow-ups). */
export async function fetchShownCustomers(houseId: number, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/housing/v2/showCustomers', {
      params: { query: { houseId, pageindex: page, pagesize: pageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** The customers whose requirement the listing fits, best first (houseMatchCustomers). */
export async function fetchMatchingCustomers(houseId: number, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/customer/v2/houseMatchCustomers', {
      params: { query: { houseId, pageindex: page, pagesize: pageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** The company's widget fields on the listing form (getHousingCustomizeSettings). */
export const fetchWidgetFields = fromPromise<unknown>(
  async () => (await ok(api.GET('/housing/v2/getHousingCustomizeSettings'))).data?.fieldsList ?? [],
);

export async function readWidgetFields(): Promise<HouseWidgetField[]> {
  return (await ok(api.GET('/housing/v2/getHousingCustomizeSettings'))).data?.fieldsList ?? [];
}

/** Saves the whole list and reads it back (new fields get their fieldsList_<n> names). */
export const saveWidgetFields = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  await ok(
    api.POST('/housing/v2/housingCustomizeSettings', {
      body: { fieldsList: input.value as Schemas['TemplateFieldInput'][] },
    }),
  );
  return readWidgetFields();
});
