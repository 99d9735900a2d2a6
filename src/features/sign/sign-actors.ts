/**
 * The calls of the sign screens, as actors for their machines: the sign-contract lifecycle
 * (machines/sign-contract.machine.ts), draft autosave (machines/sign-draft.machine.ts) and the
 * lists and settings loaded through the resource machine.
 */
import { fromPromise } from 'xstate';
import { ApiCodeError, api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import {
  signContractMachine,
  type HouseOrigin,
  type HouseStart,
  type LoadedContract,
  type SignStateResult,
  type SignSubmissionResult,
  type SignSubmitRequest,
  type StartContractInput,
} from '../../../machines/sign-contract.machine';
import { signDraftMachine, type DraftSaveRequest } from '../../../machines/sign-draft.machine';
import { resourceMachine } from '../../../machines/resource.machine';
import { fetchDealContracts } from '../../shared/deal-contracts';
import {
  signSealChoiceMachine,
  type SealChoice,
  type SelectableBody,
} from '../../../machines/sign-seal-choice.machine';

type Schemas = components['schemas'];
export type SignListItem = Schemas['SignListItem'];
export type SignStateCount = Schemas['SignStateCount'];
export type SignDetail = Schemas['SignDetail'];
export type SignDetailButtons = Schemas['SignDetailButtons'];
export type SignOperationLog = Schemas['SignOperationLog'];
export type SignHistoryItem = Schemas['SignHistoryItem'];
export type SignTemplateItem = Schemas['SignTemplateItem'];
export type SignFieldDefinitions = Schemas['SignFieldDefinitions'];
export type SignWidgetField = Schemas['SignWidgetField'];
export type SignContractContent = Schemas['SignContractContent'];
export type SignDraftItem = Schemas['SignDraftItem'];
export type SignDraftDetail = Schemas['SignDraftDetail'];
export type SignSettingView = Schemas['SignSettingView'];
export type SignPreview = Schemas['SignPreview'];
export type SignFollowUp = Schemas['SignFollowUp'];
export type SignFollowUpCategory = Schemas['SignFollowUpCategory'];
export type SignPictureCategory = Schemas['SignPictureCategory'];
export type SignPicture = Schemas['SignPicture'];
export type TemplateListItem = Schemas['TemplateListItem'];
export type TemplateGroup = Schemas['TemplateGroup'];
export type TemplateSettings = Schemas['TemplateSettings'];
export type DeptNode = Schemas['OrgDeptNode'];
export type Province = Schemas['BaseProvince'];
export type City = Schemas['BaseCity'];
export type District = Schemas['BaseDistrict'];
export type Page<T> = { list: T[]; total: number };

export type SignListQuery = NonNullable<paths['/sign/signPosts']['get']['parameters']['query']>;
export type TemplateListQuery = NonNullable<
  paths['/template/templateManagementPosts']['get']['parameters']['query']
>;

export const signPageSize = 15;
/** The sign list's query without its page. */
export type SignListFilter = Omit<SignListQuery, 'pageindex' | 'pagesize'>;
export const logPageSize = 10;
export const templatePageSize = 15;

/** The sign-contract machine with the real calls; navigation and disabling the page are the page's. */
export function createSignContractMachine(navigation: {
  navigateToDetail: (contractId: number) => void;
  navigateToList: () => void;
  /** The broker gave up a contract on a listing with a running one: the form's tab closes. */
  closeForm?: () => void;
  /** An edit refused by the edit-state check: 当前页面状态不可操作 over the page showing the contract. */
  disablePage: (contractId: number) => void;
}) {
  return signContractMachine.provide({
    actions: {
      navigateToDetail: ({ context }) => {
        if (context.contractId !== null) navigation.navigateToDetail(context.contractId);
      },
      navigateToList: () => navigation.navigateToList(),
      closeForm: () => navigation.closeForm?.(),
      disablePage: ({ context }) => {
        if (context.contractId !== null) navigation.disablePage(context.contractId);
      },
    },
    actors: {
      // The listing's prefill and its contracts (the running ones are warned of), read together.
      prepareHouse: fromPromise<HouseStart, HouseOrigin>(async ({ input }) => {
        const [prefill, contracts] = await Promise.all([
          fetchPrefill(input.houseType, { houseId: input.houseId }),
          fetchDealContracts({ houseId: input.houseId }),
        ]);
        return { prefill, contracts };
      }),
      submitContract: fromPromise<SignSubmissionResult, SignSubmitRequest>(async ({ input }) => {
        const body =
          input.body as paths['/sign/contractSubmissionV2501']['post']['requestBody']['content']['application/json'];
        const result =
          input.contractId === undefined
            ? await ok(api.POST('/sign/contractSubmissionV2501', { body }))
            : await ok(
                api.POST('/sign/contractEditV2501', { body: { ...body, contractId: input.contractId } }),
              );
        if (!result.data) throw new Error('提交结果为空');
        return result.data;
      }),
      loadContract: fromPromise<LoadedContract, { contractId: number }>(async ({ input }) => {
        const query = { contractId: input.contractId };
        const [detail, buttons] = await Promise.all([
          ok(api.GET('/sign/signDetailV3', { params: { query } })),
          ok(api.GET('/sign/signDetailButtonV2501', { params: { query } })),
        ]);
        if (!detail.data || !buttons.data) throw new Error('签约合同不存在或已被删除');
        return {
          contractId: detail.data.contractId,
          state: detail.data.state,
          contractType: detail.data.contractType,
          approved: detail.data.approved === 1,
          buttons: buttons.data,
        };
      }),
      startContract: fromPromise<SignStateResult, StartContractInput>(async ({ input }) =>
        stateOf(await ok(api.POST('/sign/contractStart', { body: input }))),
      ),
      terminateContract: fromPromise<SignStateResult, { contractId: number }>(async ({ input }) =>
        stateOf(await ok(api.POST('/sign/contractTerminate', { body: input }))),
      ),
      completeContract: fromPromise<SignStateResult, { contractId: number }>(async ({ input }) =>
        stateOf(await ok(api.POST('/sign/contractComplete', { body: input }))),
      ),
      voidContract: fromPromise<SignStateResult, { contractId: number; reason: string }>(async ({ input }) =>
        stateOf(await ok(api.POST('/sign/signInvalid', { body: input }))),
      ),
      revokeVoid: fromPromise<SignStateResult, { contractId: number }>(async ({ input }) =>
        stateOf(await ok(api.POST('/sign/signInvalidRevoke', { body: input }))),
      ),
      deleteContract: fromPromise<void, { contractId: number }>(async ({ input }) => {
        await ok(api.POST('/sign/signDelete', { body: input }));
      }),
    },
  });
}

function stateOf(result: { data?: SignStateResult }): SignStateResult {
  if (!result.data) throw new Error('状态结果为空');
  return result.data;
}

/** The company's verified bodies and their seals to choose from at submission (signSelectBody). */
export const sealChoiceMachine = signSealChoiceMachine.provide({
  actors: {
    loadBodies: fromPromise<SelectableBody[]>(
      async () => (await ok(api.GET('/sign/signSelectBody'))).data ?? [],
    ),
  },
});

export const signDraftAutosaveMachine = signDraftMachine.provide({
  actors: {
    saveDraft: fromPromise<{ draftCode: string }, DraftSaveRequest>(async ({ input }) => {
      const body =
        input as paths['/sign/signDraftSave']['post']['requestBody']['content']['application/json'];
      const result = await ok(api.POST('/sign/signDraftSave', { body }));
      if (!result.data) throw new Error('草稿保存结果为空');
      return { draftCode: result.data.draftCode };
    }),
  },
});

// ---------------------------------------------------------------- list and counts

/** One page of the sign list (the list-page kit's loader). */
export async function fetchSignList(
  query: SignListFilter,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: SignListItem[]; total: number }> {
  const result = await ok(
    api.GET('/sign/signPosts', { params: { query: { ...query, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export function loadSignCounts(query: SignListFilter) {
  return fromPromise<unknown>(async () => {
    const { state: _state, sortField: _sort, ...filters } = query;
    return (await ok(api.GET('/sign/pageCount', { params: { query: filters } }))).data ?? [];
  });
}

/** A template as the sign list's 合同模板 filter offers it. */
export type FilterTemplate = Pick<SignTemplateItem, 'boxId' | 'boxName' | 'contractType'>;

/**
 * The templates the sign list's filter offers (empty when not allowed): with 模板管理 every template
 * of the company, on the shelf or off it, since contracts made from one taken off are still listed;
 * without it, the templates the user may start contracts with, all the list can read for them; none
 * while the permissions are not read (null).
 */
export function loadFilterTemplates(canReadAll: boolean | null) {
  return fromPromise<unknown>(async (): Promise<FilterTemplate[]> => {
    if (canReadAll === null) return [];
    try {
      if (!canReadAll) {
        const usable = (await ok(api.GET('/sign/templatePostsV2', { params: { query: {} } }))).data ?? [];
        return usable.map(({ boxId, boxName, contractType }) => ({ boxId, boxName, contractType }));
      }
      const all: TemplateListItem[] = [];
      for (let pageindex = 1; ; pageindex += 1) {
        const page = await fetchTemplates({}, pageindex, 100);
        all.push(...page.rows);
        if (page.rows.length === 0 || all.length >= page.total) break;
      }
      return all.map(({ boxId, boxName, type }) => ({ boxId, boxName, contractType: type }));
    } catch {
      return [];
    }
  });
}

/** Departments with their staff, for the department and user filters (empty when not allowed). */
export const loadDeptTree = fromPromise<unknown>(async () => {
  try {
    return (await ok(api.GET('/org/v2/deptTree', { params: { query: { type: 2 } } }))).data ?? [];
  } catch {
    return [];
  }
});

// ---------------------------------------------------------------- detail

/** The contract's state now, for the page-state check (404 when it was deleted). */
export async function readSignState(contractId: number): Promise<number> {
  const detail = await ok(api.GET('/sign/signDetailV3', { params: { query: { contractId } } }));
  if (!detail.data) throw new ApiCodeError(404, detail.message, null);
  return detail.data.state;
}

export function loadSignDetail(contractId: number) {
  return fromPromise<unknown>(
    async () => (await ok(api.GET('/sign/signDetailV3', { params: { query: { contractId } } }))).data ?? null,
  );
}

export function loadLogs(contractId: number, pageindex: number) {
  return fromPromise<unknown>(async () => {
    const result = await ok(
      api.GET('/sign/operationlogs', { params: { query: { contractId, pageindex, pagesize: logPageSize } } }),
    );
    return { list: result.data ?? [], total: result.total ?? 0 } satisfies Page<SignOperationLog>;
  });
}

export type SignRecord = Schemas['SignRecord'];
export type SignInfo = Schemas['SignInfo'];
export type SigningAuditEvent = Schemas['SigningAuditEvent'];
/** 签字记录: 3 a page (001 section 9). */
export const signRecordPageSize = 3;

/** 签字记录 with the signing progress (getSignInfo) above them. */
export function loadSignRecords(contractId: number, pageindex: number) {
  return fromPromise<unknown>(async () => {
    const query = { contractId };
    const [info, records] = await Promise.all([
      ok(api.GET('/sign/getSignInfo', { params: { query } })),
      ok(
        api.GET('/sign/signRecods', {
          params: { query: { contractId, pageindex, pagesize: signRecordPageSize } },
        }),
      ),
    ]);
    return { info: info.data ?? null, list: records.data ?? [], total: records.total ?? 0 };
  });
}

/** The append-only audit trail of the signing (who, what, when, from where, document hashes). */
export function loadAuditTrail(contractId: number) {
  return fromPromise<unknown>(
    async () => (await ok(api.GET('/sign/signAuditTrail', { params: { query: { contractId } } }))).data ?? [],
  );
}

function previewOf(result: { data?: SignPreview | null }): SignPreview {
  if (!result.data) throw new Error('合同文本不存在');
  return result.data;
}

/** The contract's current text (signCustomModelView). */
export function loadContractView(contractId: number) {
  return fromPromise<SignPreview>(async () =>
    previewOf(await ok(api.GET('/sign/signCustomModelView', { params: { query: { contractId } } }))),
  );
}

/** The contract as viewed by its parties: the text and, once signing started, the signing document (pdfUrl). */
export function loadSigningView(contractId: number) {
  return fromPromise<unknown>(async () =>
    previewOf(await ok(api.GET('/sign/signingPreviewViewContent', { params: { query: { contractId } } }))),
  );
}

/** The text of one earlier version (signCustomModeHistoryView). */
export function loadHistoryView(historyId: number) {
  return fromPromise<SignPreview>(async () =>
    previewOf(await ok(api.GET('/sign/signCustomModeHistoryView', { params: { query: { historyId } } }))),
  );
}

/** A template's text with blanks (signingPreviewContent). */
export function loadTemplatePreview(boxId: number) {
  return fromPromise<SignPreview>(async () =>
    previewOf(await ok(api.GET('/sign/signingPreviewContent', { params: { query: { boxId } } }))),
  );
}

/** One's own draft filled in (signingPreviewDraftDetail). */
export function loadDraftPreview(draftCode: string) {
  return fromPromise<SignPreview>(async () =>
    previewOf(await ok(api.GET('/sign/signingPreviewDraftDetail', { params: { query: { draftCode } } }))),
  );
}

export function loadHistory(contractId: number) {
  return fromPromise<unknown>(async () => {
    const result = await ok(
      api.GET('/sign/signHistoryPosts', { params: { query: { contractId, pageindex: 1, pagesize: 15 } } }),
    );
    return { list: result.data ?? [], total: result.total ?? 0 } satisfies Page<SignHistoryItem>;
  });
}

/** Whose follow-ups: the sign detail's (353 range) or 我的签约's (one's own contracts only). */
export type FollowUpSource = 'sign' | 'mine';

export type FollowUpInput = { categoryId: number; content: string; pictures: string[]; requestId: string };

async function fetchFollowUps(contractId: number, source: FollowUpSource) {
  const query = { params: { query: { contractId, pageindex: 1, pagesize: 15 } } };
  const [categories, list] = await Promise.all([
    ok(api.GET('/sign/signFollowUpCategory')),
    ok(
      source === 'sign'
        ? api.GET('/sign/getSignFollowUp', query)
        : api.GET('/sign/getmyPageSignFollowUp', query),
    ),
  ]);
  return { categories: categories.data ?? [], list: list.data ?? [], total: list.total ?? 0 };
}

export function loadFollowUps(contractId: number, source: FollowUpSource = 'sign') {
  return fromPromise<unknown>(async () => fetchFollowUps(contractId, source));
}

/** Adds a follow-up (text and up to 9 uploaded pictures), then answers the list read again. */
export function saveFollowUp(contractId: number, source: FollowUpSource = 'sign') {
  return fromPromise<unknown, { value: unknown }>(async ({ input }) => {
    const value = input.value as FollowUpInput;
    const body = {
      contractId,
      categoryId: value.categoryId,
      content: value.content,
      requestId: value.requestId,
      ...(value.pictures.length > 0 ? { pictures: value.pictures } : {}),
    };
    await ok(
      source === 'sign'
        ? api.POST('/sign/signfollowUp', { body })
        : api.POST('/template/myPageSignfollowUp', { body }),
    );
    return fetchFollowUps(contractId, source);
  });
}

/** One picture uploaded (/base/uploadPhoto) before it is attached to a follow-up or a picture category. */
export async function uploadSignPicture(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const uploaded = await ok(
    api.POST('/base/uploadPhoto', { body: { file: '' }, bodySerializer: () => form }),
  );
  if (!uploaded.data) throw new Error('图片上传失败');
  return uploaded.data.url;
}

export function loadPictureCategories(contractId: number) {
  return fromPromise<unknown>(
    async () =>
      (await ok(api.GET('/sign/getSignPictrueCategoryV2', { params: { query: { contractId } } }))).data ?? [],
  );
}

export function loadPictures(contractId: number, categoryId: number) {
  return fromPromise<unknown>(
    async () =>
      (await ok(api.GET('/sign/getSignPictrueV2', { params: { query: { contractId, categoryId } } }))).data ??
      [],
  );
}

// ---------------------------------------------------------------- the form

export const loadSignSetting = fromPromise<unknown>(
  async () => (await ok(api.GET('/sign/getSignSetting'))).data ?? null,
);

/** The company's signing setting, read where a contract view is opened (signPages.contractEditor). */
export const signSettingResource = resourceMachine.provide({ actors: { load: loadSignSetting } });

export const saveSignSetting = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const signType = input.value as 1 | 2;
  await ok(api.POST('/sign/signSetting', { body: { signType } }));
  return (await ok(api.GET('/sign/getSignSetting'))).data ?? null;
});

/** What the form page restores: a draft (draftCode) or a submitted contract being edited (contractId). */
export type FormRestore =
  | {
      kind: 'draft';
      boxid: number;
      contractType: 1 | 2 | 3;
      draftCode: string;
      content: Record<string, unknown>;
    }
  | {
      kind: 'contract';
      boxid: number;
      contractType: 1 | 2 | 3;
      contractId: number;
      content: SignContractContent;
      signatureType: 1 | 2;
      /** The signing body and seal chosen when it was submitted. */
      sealChoice: SealChoice | null;
    };

/** A contract of the company's ledger whose parties, house and deal prefill a new sign contract. */
export type LedgerSource = { ledgerType: 1 | 2; ledgerId: number };

/** A listing whose house, price and owner prefill a new sign contract (出售 → 买卖, 出租 → 租赁). */
export type HouseSource = { houseType: 1 | 2; houseId: number };

export type FormStart = {
  setting: SignSettingView | null;
  templates: SignTemplateItem[];
  drafts: SignDraftItem[];
  restore: FormRestore | null;
  /** The form prefilled from the ledger (getContractSellData / getContractRentData), for a new contract. */
  prefill: Record<string, unknown> | null;
};

/** The ledger contract named by a tab's parameters (ledgerType 1 sale / 2 rent, ledgerId), if any. */
export function ledgerSourceOf(params: Record<string, string>): LedgerSource | null {
  const ledgerType = Number(params['ledgerType']);
  const ledgerId = Number(params['ledgerId']);
  if ((ledgerType !== 1 && ledgerType !== 2) || !Number.isInteger(ledgerId) || ledgerId < 1) return null;
  return { ledgerType, ledgerId };
}

/** The listing named by a tab's parameters (houseType 1 sale / 2 rent, houseId), if any. */
export function houseSourceOf(params: Record<string, string>): HouseSource | null {
  const houseType = Number(params['houseType']);
  const houseId = Number(params['houseId']);
  if ((houseType !== 1 && houseType !== 2) || !Number.isInteger(houseId) || houseId < 1) return null;
  return { houseType, houseId };
}

async function fetchPrefill(contractType: 1 | 2, query: { contractId?: number; houseId?: number }) {
  const request = { params: { query } };
  const result = await ok(
    contractType === 1
      ? api.GET('/sign/getContractSellData', request)
      : api.GET('/sign/getContractRentData', request),
  );
  return (result.data as Record<string, unknown> | undefined) ?? null;
}

/** What the form page needs first: the company's signing type, the usable templates, my drafts, and what to restore. */
export function loadFormStart(params: { draftCode?: string; contractId?: string; ledger?: LedgerSource }) {
  return fromPromise<unknown>(async (): Promise<FormStart> => {
    const [setting, templates, drafts] = await Promise.all([
      ok(api.GET('/sign/getSignSetting')),
      ok(api.GET('/sign/templatePostsV2', { params: { query: {} } })),
      ok(api.GET('/sign/signDraftPosts', { params: { query: { pageindex: 1, pagesize: 15 } } })),
    ]);
    let restore: FormRestore | null = null;
    const contractId = Number(params.contractId);
    if (Number.isInteger(contractId) && contractId > 0) {
      const content = await fetchContractContent(contractId);
      if (content)
        restore = {
          kind: 'contract',
          boxid: content.boxid,
          contractType: content.contractType,
          contractId,
          content: content.content,
          signatureType: content.signatureType,
          sealChoice: content.signBodyList[0] ?? null,
        };
    } else if (params.draftCode) {
      const draft = await fetchDraft(params.draftCode).catch(() => null);
      if (draft)
        restore = {
          kind: 'draft',
          boxid: draft.boxid,
          contractType: draft.contractType,
          draftCode: draft.draftCode,
          content: draft.content,
        };
    }
    // A listing's prefill is read by the form's sign-contract machine (prepareHouse).
    const prefill =
      restore || !params.ledger
        ? null
        : await fetchPrefill(params.ledger.ledgerType, { contractId: params.ledger.ledgerId });
    return {
      setting: setting.data ?? null,
      templates: templates.data ?? [],
      drafts: drafts.data ?? [],
      restore,
      prefill,
    };
  });
}

/**
 * The contract text the visual view fills in: the template's blank text (signAddView) for a new
 * contract or a draft, the contract's current text (signingPreviewEditContent) when editing one.
 */
export function loadContractText(source: { contractId: number } | { boxId: number }) {
  return fromPromise<unknown>(async (): Promise<SignPreview> => {
    const result =
      'contractId' in source
        ? await ok(
            api.GET('/sign/signingPreviewEditContent', {
              params: { query: { contractId: source.contractId } },
            }),
          )
        : await ok(api.GET('/sign/signAddView', { params: { query: { boxId: source.boxId } } }));
    if (!result.data) throw new Error('合同文本不存在');
    return result.data;
  });
}

export function loadFields(boxId: number) {
  return fromPromise<unknown>(async () => fetchFields(boxId));
}

export async function fetchFields(boxId: number): Promise<SignFieldDefinitions> {
  const result = await ok(api.GET('/sign/signingField', { params: { query: { boxId } } }));
  return result.data ?? { fields: [], requireFlags: {} };
}

export async function fetchDraft(draftCode: string): Promise<SignDraftDetail | null> {
  return (await ok(api.GET('/sign/signDraftDetail', { params: { query: { draftCode } } }))).data ?? null;
}

export async function fetchContractContent(contractId: number) {
  return (await ok(api.GET('/sign/signContent', { params: { query: { contractId } } }))).data ?? null;
}

export async function deleteDraft(draftCode: string): Promise<void> {
  await ok(
    api.POST('/sign/signDraftDel', {
      body: { draftCode },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
}

export const loadProvinces = fromPromise<unknown>(
  async () => (await ok(api.GET('/base/getProvince'))).data ?? [],
);

export async function fetchCities(provinceid: number): Promise<City[]> {
  return (await ok(api.GET('/base/getCity', { params: { query: { provinceid } } }))).data ?? [];
}

export async function fetchDistricts(cityid: number): Promise<District[]> {
  return (await ok(api.GET('/base/getDistractList', { params: { query: { cityid } } }))).data ?? [];
}

// ---------------------------------------------------------------- templates

/** 推荐模板 when starting a contract: usable templates, 常用模板 first, then by use in the last 30 days. */
export const loadRecommendedTemplates = fromPromise<unknown>(
  async () =>
    (await ok(api.GET('/template/templatesRecommend', { params: { query: { limit: 6 } } }))).data ?? [],
);

/** One page of the template list (the list-page kit's loader). */
export async function fetchTemplates(
  query: Omit<TemplateListQuery, 'pageindex' | 'pagesize'>,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: TemplateListItem[]; total: number }> {
  const list = await ok(
    api.GET('/template/templateManagementPosts', { params: { query: { ...query, pageindex, pagesize } } }),
  );
  return { rows: list.data ?? [], total: list.total ?? 0 };
}

export const loadTemplateGroups = fromPromise<unknown>(
  async () => (await ok(api.GET('/template/templateGroupPosts'))).data ?? [],
);

export async function setTemplateShelf(boxId: number, state: 1 | 2): Promise<string> {
  return (await ok(api.POST('/template/templateUpAndDown', { body: { boxId, state } }))).message;
}

export async function removeTemplate(boxId: number): Promise<string> {
  return (await ok(api.POST('/template/templateDelete', { body: { boxId } }))).message;
}

export async function addTemplateGroup(groupName: string): Promise<string> {
  return (await ok(api.POST('/template/templateGroupAdd', { body: { groupName } }))).message;
}

export async function renameTemplateGroup(groupId: number, groupName: string): Promise<string> {
  return (await ok(api.POST('/template/templateGroupEdit', { body: { groupId, groupName } }))).message;
}

export async function removeTemplateGroup(groupId: number): Promise<string> {
  return (await ok(api.POST('/template/templateGroupDel', { body: { groupId } }))).message;
}

export function loadTemplateSettings(boxId: number) {
  return fromPromise<unknown>(
    async () =>
      (await ok(api.GET('/template/getTemplateSettings', { params: { query: { boxId } } }))).data ?? null,
  );
}

export type TemplateSettingsBody =
  paths['/template/templateSettings']['post']['requestBody']['content']['application/json'];

export function saveTemplateSettings(boxId: number) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }) => {
    const body = input.value as TemplateSettingsBody;
    await ok(api.POST('/template/templateSettings', { body }));
    return (
      (await ok(api.GET('/template/getTemplateSettings', { params: { query: { boxId } } }))).data ?? null
    );
  });
}
