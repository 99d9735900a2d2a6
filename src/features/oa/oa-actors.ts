/**
 * The calls of approvals (OA) and the contract ledger, as actors for their machines: the approval
 * machine, the sale and rent contract machines, and the resource machine for lists and settings.
 */
import { fromPromise } from 'xstate';
import { ApiCodeError, api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import type { ApprovalRecord } from '../../../machines/approval.machine';
import type { LedgerSnapshot, StateChangeResult } from '../../../machines/ledger-contract';
import { reportEditError, type RecordRef } from '../../core/record-watch';
import { rememberStaffNames } from '../../ui/staff-search';

type Schemas = components['schemas'];
export type OaGroup = Schemas['OaGroup'];
export type OaGroupApprovals = Schemas['OaGroupApprovals'];
export type OaApprovalSummary = Schemas['OaApprovalSummary'];
export type OaApproval = Schemas['OaApproval'];
export type OaApp = Schemas['OaApp'];
export type OaItem = Schemas['OaItem'];
export type OaAppliedFlow = Schemas['OaAppliedFlow'];
export type OaInstance = Schemas['OaInstance'];
export type OaInstanceDetail = Schemas['OaInstanceDetail'];
export type OaApprovalBody = Schemas['OaApprovalBody'];
export type OaApproverInput = Schemas['OaApproverInput'];
export type Staff = Schemas['OrgStaff'];
export type RoleOption = Schemas['OrgRoleOption'];
export type SaleItem = Schemas['ContractSaleListItem'];
export type RentItem = Schemas['ContractRentListItem'];
export type SaleDetail = Schemas['ContractSaleDetail'];
export type RentDetail = Schemas['ContractRentDetail'];
export type ContractPicture = Schemas['ContractPicture'];
/** Search fields; sort and pagesize get their defaults (1 and 15) here. */
export type SaleSearch = Omit<Schemas['ContractSaleSearch'], 'sort' | 'pagesize'> & { sort?: 1 | 2 };
export type RentSearch = Omit<Schemas['ContractRentSearch'], 'sort' | 'pagesize'> & { sort?: 1 | 2 };
export type Page<T> = { list: T[]; total: number };
export type ContractKind = 'sale' | 'rent';

export type ApprovalListQuery = NonNullable<paths['/oa/companyOaApprovalList']['get']['parameters']['query']>;

/** 000 section 9: OA and contract lists show 15 per page. */
export const oaPageSize = 15;

/* ---------- approval settings (oa-setting) ---------- */

export type SettingData = {
  groups: OaGroupApprovals[];
  /** The groups an approval may be filed under (groupList, in their order): the definition's 分组. */
  groupChoices: OaGroup[];
  apps: OaApp[];
  roles: RoleOption[];
};

async function loadSettingData(): Promise<SettingData> {
  // Approvers and copy recipients are searched among the whole staff in the dialog (StaffPick).
  const [groups, groupChoices, apps, roles] = await Promise.all([
    ok(api.GET('/oa/oaApprovalList', { params: { query: {} } })),
    ok(api.GET('/oa/groupList')),
    ok(api.GET('/oa/oaApps')),
    ok(api.GET('/org/v2/roleList')),
  ]);
  return {
    groups: groups.data ?? [],
    groupChoices: groupChoices.data ?? [],
    apps: apps.data ?? [],
    roles: roles.data ?? [],
  };
}

export type SettingChange =
  | { kind: 'groupCreate'; groupName: string }
  | { kind: 'groupEdit'; groupId: number; groupName: string }
  | { kind: 'groupSort'; groupIds: number[] }
  | { kind: 'groupDel'; groupId: number }
  | { kind: 'approvalCreate'; body: OaApprovalBody }
  | {
      kind: 'approvalEdit';
      body: Omit<OaApprovalBody, 'appType' | 'oaItemId'> & { oaApprovalId: number };
    }
  | { kind: 'approvalDel'; oaApprovalId: number }
  | { kind: 'approvalSwitch'; oaApprovalId: number; state: 0 | 1 };

async function applySettingChange(change: SettingChange): Promise<void> {
  switch (change.kind) {
    case 'groupCreate':
      await ok(api.POST('/oa/groupCreate', { body: { groupName: change.groupName } }));
      return;
    case 'groupEdit':
      await ok(api.POST('/oa/groupEdit', { body: { groupId: change.groupId, groupName: change.groupName } }));
      return;
    case 'groupSort':
      await ok(api.POST('/oa/groupSort', { body: { groupIds: change.groupIds } }));
      return;
    case 'groupDel':
      await ok(api.GET('/oa/groupDel', { params: { query: { groupId: change.groupId } } }));
      return;
    case 'approvalCreate':
      await ok(api.POST('/oa/oaApprovalCreate', { body: change.body }));
      return;
    case 'approvalEdit':
      await ok(api.POST('/oa/oaApprovalEdit', { body: change.body }));
      return;
    case 'approvalDel':
      await ok(api.GET('/oa/oaApprovalDel', { params: { query: { oaApprovalId: change.oaApprovalId } } }));
      return;
    case 'approvalSwitch':
      await ok(
        api.POST('/oa/oaApprovalEnableSwitch', {
          body: { oaApprovalId: change.oaApprovalId, state: change.state },
        }),
      );
      return;
  }
}

export const loadSetting = fromPromise<unknown>(async () => loadSettingData());

/** A change, then the settings as they are now (the resource machine keeps the reloaded data). */
export const saveSetting = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  await applySettingChange(input.value as SettingChange);
  return loadSettingData();
});

export function loadOaItems(appType: 5 | 6) {
  return fromPromise<unknown>(
    async () => (await ok(api.POST('/oa/oaItems', { body: { appType } }))).data ?? [],
  );
}

export function loadOaApprovalDetail(oaApprovalId: number) {
  return fromPromise<unknown>(async () => {
    const result = await ok(api.GET('/oa/oaApprovalDetail', { params: { query: { oaApprovalId } } }));
    // The chosen approvers and copy recipients read by name in the editor.
    if (result.data) rememberStaffNames([...result.data.approvers, ...result.data.sendCopy]);
    return result.data ?? null;
  });
}

/* ---------- approval records (oa-pending-approval) ---------- */

/** One page of approval records (the list-page kit's loader). */
export async function fetchApprovals(
  query: ApprovalListQuery,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: OaInstance[]; total: number }> {
  const result = await ok(
    api.GET('/oa/companyOaApprovalList', { params: { query: { ...query, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

function toRecord(detail: OaInstanceDetail | undefined): OaInstanceDetail {
  if (!detail) throw new Error('审批记录为空');
  return detail;
}

/** An approval record, for the page-state check of its dialog. */
export function approvalRecord(approvalId: number): RecordRef {
  return { appType: 88, kind: 'approval', id: approvalId };
}

/** A ledger contract, for the page-state check of its detail. */
export function ledgerRecord(kind: ContractKind, contractId: number): RecordRef {
  return { appType: 5, kind, id: contractId };
}

/** Runs an edit of a record; a refusal by the edit-state check also disables the pages showing it. */
async function editOf<T>(record: RecordRef, edit: () => Promise<T>): Promise<T> {
  try {
    return await edit();
  } catch (error) {
    reportEditError(record, error);
    throw error;
  }
}

/** The approval's status now (404 when it is gone), for the page-state check. */
export async function readApprovalStatus(approvalId: number): Promise<number> {
  const result = await ok(api.GET('/oa/companyOaApprovalDetail', { params: { query: { approvalId } } }));
  if (!result.data) throw new ApiCodeError(404, result.message, null);
  return result.data.status;
}

/** The approval machine's actors; `onDetail` receives every full record the server returns. */
export function approvalActors(onDetail: (detail: OaInstanceDetail) => void) {
  return {
    loadApproval: fromPromise<ApprovalRecord, { approvalId: number }>(async ({ input }) => {
      const result = await ok(
        api.GET('/oa/companyOaApprovalDetail', { params: { query: { approvalId: input.approvalId } } }),
      );
      const detail = toRecord(result.data);
      onDetail(detail);
      return detail;
    }),
    decideApproval: fromPromise<
      ApprovalRecord,
      { approvalId: number; result: 'approve' | 'reject'; remark?: string }
    >(async ({ input }) => {
      const result = await ok(
        api.POST('/oa/approvalBtn', {
          body: {
            approvalId: input.approvalId,
            result: input.result,
            ...(input.remark ? { remark: input.remark } : {}),
          },
        }),
      );
      const detail = toRecord(result.data);
      onDetail(detail);
      return detail;
    }),
    revokeApproval: fromPromise<void, { approvalId: number }>(async ({ input }) => {
      await ok(api.POST('/oa/approvalRevoke', { body: { approvalId: input.approvalId } }));
    }),
  };
}

/* ---------- the contract ledger ---------- */

/** One page of the sale or rent ledger (the list-page kit's loader). */
export async function fetchContracts(
  kind: ContractKind,
  search: Omit<SaleSearch, 'pageindex'> | Omit<RentSearch, 'pageindex'>,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: (SaleItem | RentItem)[]; total: number }> {
  const body = { ...search, sort: search.sort ?? 1, pageindex, pagesize };
  const result =
    kind === 'sale'
      ? await ok(api.POST('/contract/v2/contractSalePosts', { body: body }))
      : await ok(api.POST('/contract/v2/contractRentPosts', { body: body as Schemas['ContractRentSearch'] }));
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export function loadPictures(kind: ContractKind, contractId: number) {
  return fromPromise<unknown>(async () => {
    const result = await ok(
      api.GET('/contract/v2/contractPictureV2', {
        params: { query: { contractId, contractType: kind === 'sale' ? 1 : 2 } },
      }),
    );
    return result.data ?? [];
  });
}

/** The categories a contract picture may have: the company's 必备附件 (合同基础设置), then 其他. */
export async function readPictureCategories(): Promise<string[]> {
  const setting = (await ok(api.GET('/contract/v2/getContractSetting'))).data;
  return [...(setting?.requiredAttachments ?? []).filter((name) => name !== '其他'), '其他'];
}

/** Uploads one picture to a ledger contract (contractPictureUpload); a retried submit keeps one picture. */
export async function uploadContractPicture(
  kind: ContractKind,
  contractId: number,
  categoryName: string,
  file: File,
): Promise<void> {
  const contractType = kind === 'sale' ? 1 : 2;
  const form = new FormData();
  form.set('contractId', String(contractId));
  form.set('contractType', String(contractType));
  form.set('categoryName', categoryName);
  form.set('file', file);
  await ok(
    api.POST('/contract/v2/contractPictureUpload', {
      body: { file: '', contractId, contractType, categoryName },
      bodySerializer: () => form,
    }),
  );
}

export async function deleteContractPicture(
  kind: ContractKind,
  contractId: number,
  pictureId: number,
): Promise<void> {
  await ok(
    api.POST('/contract/v2/contractPictureDelete', {
      body: { contractId, contractType: kind === 'sale' ? 1 : 2, pictureId },
    }),
  );
}

export async function deleteContract(kind: ContractKind, contractId: number): Promise<void> {
  if (kind === 'sale') await ok(api.POST('/contract/v2/contractSaleDelete', { body: { contractId } }));
  else await ok(api.POST('/contract/v2/contractRentDelete', { body: { contractId } }));
}

export async function fetchContractDetail(
  kind: ContractKind,
  contractId: number,
): Promise<SaleDetail | RentDetail> {
  const result =
    kind === 'sale'
      ? await ok(api.GET('/contract/v2/contractSaleDetail', { params: { query: { contractId } } }))
      : await ok(api.GET('/contract/v2/contractRentDetail', { params: { query: { contractId } } }));
  if (!result.data) throw new Error('合同不存在或已被删除');
  return result.data;
}

/** The contract's state now (404 when it was deleted), for the page-state check. */
export async function readLedgerState(kind: ContractKind, contractId: number): Promise<number> {
  return (await fetchContractDetail(kind, contractId)).state;
}

/** The sale or rent machine's actors; `onDetail` receives the full contract each time it loads. */
export function ledgerActors(kind: ContractKind, onDetail: (detail: SaleDetail | RentDetail) => void) {
  return {
    loadContract: fromPromise<LedgerSnapshot, { contractId: number }>(async ({ input }) => {
      const detail = await fetchContractDetail(kind, input.contractId);
      onDetail(detail);
      const frozenFrom = [...detail.stateRecords].reverse().find((r) => r.toState === 5)?.fromState ?? null;
      return {
        state: detail.state,
        frozenFromState: kind === 'sale' && detail.state === 5 ? frozenFrom : null,
        pendingTarget: detail.pendingApproval?.targetState ?? null,
      };
    }),
    changeState: fromPromise<StateChangeResult, { contractId: number; state: number; remark?: string }>(
      async ({ input }) => {
        const body = {
          contractId: input.contractId,
          state: input.state,
          ...(input.remark ? { remark: input.remark } : {}),
        };
        const result = await editOf(ledgerRecord(kind, input.contractId), () =>
          kind === 'sale'
            ? ok(
                api.POST('/contract/v2/contractSaleStateChange', {
                  body: body as paths['/contract/v2/contractSaleStateChange']['post']['requestBody']['content']['application/json'],
                }),
              )
            : ok(
                api.POST('/contract/v2/contractRentStateChange', {
                  body: body as paths['/contract/v2/contractRentStateChange']['post']['requestBody']['content']['application/json'],
                }),
              ),
        );
        if (!result.data) throw new Error('状态变更结果为空');
        const { state, needApproval, approvalId } = result.data;
        return { state, needApproval: needApproval === 1 ? 1 : 0, approvalId: approvalId ?? null };
      },
    ),
  };
}

/** Which flow a contract state change would take (getAppOaApproval): oaState 0 means no approval. */
export function loadAppliedFlow(oaItemId: number) {
  return fromPromise<unknown>(async () => {
    const result = await ok(
      api.GET('/oa/getAppOaApproval', {
        params: { query: { appType: 5, oaItemId: oaItemId as OaItem['oaItemId'] } },
      }),
    );
    return result.data ?? null;
  });
}
