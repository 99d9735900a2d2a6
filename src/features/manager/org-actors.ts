/**
 * The calls of the organisation screens (组织架构, 职位设置): departments, staff, resignation,
 * invitations and applications, open cities, positions, ranks and rank groups. Screens use them as
 * list loaders and as the actors of their resource machines; a refusal throws with the server's
 * message (ApiCodeError), which the dialogs show where the request layer does not.
 */
import { api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';

type Schemas = components['schemas'];
export type DeptNode = Schemas['OrgDeptNode'];
export type Dept = Schemas['OrgDept'];
export type DeptDetail = Schemas['OrgDeptDetail'];
export type Staff = Schemas['OrgStaff'];
export type StaffDetail = Schemas['OrgStaffDetail'];
export type Apply = Schemas['OrgApply'];
export type ApplyCount = Schemas['OrgApplyCount'];
export type Invite = Schemas['OrgInvite'];
export type Position = Schemas['OrgPosition'];
export type RoleOption = Schemas['OrgRoleOption'];
export type Rank = Schemas['OrgRank'];
export type RankGroup = Schemas['OrgRankGroup'];
export type OpenCity = Schemas['OrgOpenCity'];
export type CityGroup = Schemas['OrgCityGroup'];

type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: infer C } } }
  ? C[keyof C]
  : never;
export type DeptInput = Body<'/org/v2/deptAdd'>;
export type DeptEditInput = Body<'/org/v2/deptEdit'>;
export type StaffInput = Body<'/org/v2/staffAdd'>;
export type ResignInput = Body<'/org/v2/staffResign'>;
export type ReinstateInput = Body<'/org/v2/staffReinstate'>;
export type InviteInput = Body<'/org/v2/inviteCreate'>;
export type ApproveInput = Body<'/org/v2/applyApprove'>;
export type PositionInput = Body<'/org/v2/positionAdd'>;
export type RankInput = Body<'/setting/addRank'>;
export type RankGroupInput = Body<'/setting/addRankGroup'>;

/** 000 section 9: the organisation lists show 15 a page. */
export const orgPageSize = 15;

/** A department with its depth in the tree, for choices and the tree view. */
export type FlatDept = Dept & { depth: number; path: number[] };

export function flattenTree(nodes: DeptNode[], depth = 0, path: number[] = []): FlatDept[] {
  return nodes.flatMap((node) => [
    { ...node.dept, depth, path: [...path, node.dept.deptId] },
    ...flattenTree(node.children, depth + 1, [...path, node.dept.deptId]),
  ]);
}

export async function fetchDeptTree(key = ''): Promise<DeptNode[]> {
  const query = key.trim() ? { key: key.trim(), type: 1 as const } : { type: 1 as const };
  return (await ok(api.GET('/org/v2/deptTree', { params: { query } }))).data ?? [];
}

export async function fetchDeptDetail(deptId: number): Promise<DeptDetail> {
  return (await ok(api.GET('/org/v2/deptDetail', { params: { query: { deptId } } }))).data!;
}

export async function addDept(input: DeptInput): Promise<number> {
  return (await ok(api.POST('/org/v2/deptAdd', { body: input }))).data?.deptId ?? 0;
}

export async function editDept(input: DeptEditInput): Promise<void> {
  await ok(api.POST('/org/v2/deptEdit', { body: input }));
}

export async function deleteDept(deptId: number): Promise<void> {
  await ok(api.POST('/org/v2/deptDel', { body: { deptId } }));
}

export type StaffQuery = { deptId: number | null; key: 0 | 1 | 2; keywords: string };

export async function fetchStaff(query: StaffQuery, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/org/v2/staffList', {
      params: {
        query: {
          pageindex: page,
          pagesize: pageSize,
          key: query.key,
          ...(query.keywords.trim() ? { keywords: query.keywords.trim() } : {}),
          ...(query.deptId ? { deptId: query.deptId } : {}),
        },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** Every active person of the departments the user sees (pickers: 负责人, 交接人). */
export async function fetchAllStaff(): Promise<Staff[]> {
  const first = await fetchStaff({ deptId: null, key: 0, keywords: '' }, 1, 100);
  const rows = [...first.rows];
  for (let page = 2; rows.length < first.total && page <= 50; page += 1)
    rows.push(...(await fetchStaff({ deptId: null, key: 0, keywords: '' }, page, 100)).rows);
  return rows;
}

export type ResignedQuery = { deptId: number | null; keywords: string };

export async function fetchResigned(query: ResignedQuery, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/org/v2/resignedStaffList', {
      params: {
        query: {
          pageindex: page,
          pagesize: pageSize,
          ...(query.keywords.trim() ? { keywords: query.keywords.trim() } : {}),
          ...(query.deptId ? { deptId: query.deptId } : {}),
        },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchStaffDetail(userId: number): Promise<StaffDetail> {
  return (await ok(api.GET('/org/v2/staffDetail', { params: { query: { userId } } }))).data!;
}

/** Adds a person; when the company wants additions reviewed, the answer is an application instead. */
export async function addStaff(
  input: StaffInput,
): Promise<{ userId: number | null; applyId: number | null }> {
  const result = await ok(api.POST('/org/v2/staffAdd', { body: input }));
  return result.data ?? { userId: null, applyId: null };
}

export async function editStaff(input: StaffInput & { userId: number }): Promise<void> {
  await ok(api.POST('/org/v2/staffEdit', { body: input }));
}

export type ResignPreview = NonNullable<
  paths['/org/v2/staffResignPreview']['get']['responses']['200']['content']['application/json']['data']
>;

/** What a resignation will move, to the 交接人 or (null) to the pools and the store manager. */
export async function fetchResignPreview(
  userId: number,
  handoverUserId: number | null,
): Promise<ResignPreview> {
  const query = handoverUserId === null ? { userId } : { userId, handoverUserId };
  return (await ok(api.GET('/org/v2/staffResignPreview', { params: { query } }))).data!;
}

export async function resignStaff(input: ResignInput): Promise<void> {
  await ok(api.POST('/org/v2/staffResign', { body: input }));
}

export async function reinstateStaff(input: ReinstateInput): Promise<void> {
  await ok(api.POST('/org/v2/staffReinstate', { body: input }));
}

export async function fetchApplyCount(): Promise<ApplyCount> {
  return (await ok(api.GET('/org/v2/applyCount'))).data ?? { pendingCount: 0, myApplyCount: 0 };
}

export type PendingQuery = { keywords: string };

export async function fetchPending(query: PendingQuery, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/org/v2/pendingApplyList', {
      params: {
        query: {
          pageindex: page,
          pagesize: pageSize,
          ...(query.keywords.trim() ? { keywords: query.keywords.trim() } : {}),
        },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export type MineQuery = { state: 0 | 1 | 2 | 3 };

export async function fetchMine(query: MineQuery, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/org/v2/myApplyList', {
      params: {
        query: { pageindex: page, pagesize: pageSize, ...(query.state ? { state: query.state } : {}) },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function approveApply(input: ApproveInput): Promise<void> {
  await ok(api.POST('/org/v2/applyApprove', { body: input }));
}

export async function rejectApply(applyId: number, reason: string): Promise<void> {
  await ok(
    api.POST('/org/v2/applyReject', {
      body: { applyId, ...(reason.trim() ? { reason: reason.trim() } : {}) },
    }),
  );
}

export type InviteQuery = { state: 0 | 1 | 2 | 3 };

export async function fetchInvites(query: InviteQuery, page: number, pageSize: number) {
  const result = await ok(
    api.GET('/org/v2/inviteList', {
      params: {
        query: { pageindex: page, pagesize: pageSize, ...(query.state ? { state: query.state } : {}) },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function createInvite(input: InviteInput): Promise<Invite> {
  return (await ok(api.POST('/org/v2/inviteCreate', { body: input }))).data!;
}

export async function cancelInvite(inviteId: number): Promise<void> {
  await ok(api.POST('/org/v2/inviteCancel', { body: { inviteId } }));
}

export async function fetchOpenCities(): Promise<OpenCity[]> {
  return (await ok(api.GET('/org/v2/openCityList'))).data ?? [];
}

export async function fetchMoreCities(key: string): Promise<CityGroup[]> {
  const query = key.trim() ? { key: key.trim() } : {};
  return (await ok(api.GET('/org/v2/moreCityList', { params: { query } }))).data ?? [];
}

export async function saveOpenCities(cityIds: number[], defaultCityId: number): Promise<void> {
  await ok(api.POST('/org/v2/openCitySave', { body: { cityIds, defaultCityId } }));
}

export async function fetchRoleOptions(): Promise<RoleOption[]> {
  return (await ok(api.GET('/org/v2/roleList'))).data ?? [];
}

export async function fetchPositions(): Promise<Position[]> {
  return (await ok(api.GET('/org/v2/positionList'))).data ?? [];
}

export async function addPosition(input: PositionInput): Promise<void> {
  await ok(api.POST('/org/v2/positionAdd', { body: input }));
}

export async function editPosition(input: PositionInput & { positionId: number }): Promise<void> {
  await ok(api.POST('/org/v2/positionEdit', { body: input }));
}

export async function deletePosition(positionId: number): Promise<void> {
  await ok(api.POST('/org/v2/positionDel', { body: { positionId } }));
}

export async function fetchRankGroups(): Promise<RankGroup[]> {
  return (await ok(api.GET('/setting/rankGroupList'))).data ?? [];
}

export async function fetchRanks(): Promise<Rank[]> {
  return (await ok(api.GET('/setting/rankList'))).data ?? [];
}

export async function addRankGroup(input: RankGroupInput): Promise<void> {
  await ok(api.POST('/setting/addRankGroup', { body: input }));
}

export async function editRankGroup(input: RankGroupInput & { rankGroupId: number }): Promise<void> {
  await ok(api.POST('/setting/updateRankGroup', { body: input }));
}

export async function deleteRankGroup(rankGroupId: number): Promise<void> {
  await ok(api.GET('/setting/deleteRankGroup', { params: { query: { rankGroupId } } }));
}

export async function addRank(input: RankInput): Promise<void> {
  await ok(api.POST('/setting/addRank', { body: input }));
}

export async function editRank(input: RankInput & { rankId: number }): Promise<void> {
  await ok(api.POST('/setting/updateRank', { body: input }));
}

export async function deleteRank(rankId: number): Promise<void> {
  await ok(api.GET('/setting/deleteRank', { params: { query: { rankId } } }));
}

/** The picker options a staff form needs, read together. */
export async function fetchStaffChoices() {
  const [tree, roles, positions, ranks] = await Promise.all([
    fetchDeptTree(),
    fetchRoleOptions(),
    fetchPositions(),
    fetchRanks(),
  ]);
  return { depts: flattenTree(tree), roles, positions, ranks };
}
export type StaffChoices = Awaited<ReturnType<typeof fetchStaffChoices>>;

/** What went wrong, for a dialog: the server's message. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
