/**
 * The calls of a template's customisation (machines/template-customize.machine.ts): read its widget
 * fields and required switches, list card settings, range and own approval at once; save only the
 * parts that changed, widget fields first (the card titles may name a new field), then read all again.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import type { TemplateCustomization } from '../../../machines/template-customize.machine';
import { rememberStaffNames } from '../../ui/staff-search';

type Schemas = components['schemas'];
export type TemplateField = Schemas['TemplateField'];
export type OrgStaff = Schemas['OrgStaff'];
export type OrgRoleOption = Schemas['OrgRoleOption'];
export type OrgDeptNode = Schemas['OrgDeptNode'];

/** The saved field as it is sent back: an existing field keeps its fieldName (and what was filled in). */
export function toFieldInput(field: TemplateField): TemplateCustomization['fields'][number] {
  const isChoice = field.type === 4 || field.type === 5;
  return {
    fieldTitle: field.fieldTitle,
    fieldName: field.fieldName,
    type: field.type,
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.numUnit && (field.type === 3 || field.type === 7) ? { numUnit: field.numUnit } : {}),
    requiredStatus: field.requiredStatus,
    ...(isChoice ? { optionsData: field.optionsData } : {}),
    optionStatus: isChoice ? field.optionStatus : 0,
    ...(field.type === 6 && field.dateType ? { dateType: field.dateType } : {}),
  };
}

export async function readCustomization(boxId: number): Promise<TemplateCustomization> {
  const query = { params: { query: { boxId } } };
  const [fields, other, settings, approval] = await Promise.all([
    ok(api.GET('/template/getTemplateCustomizeSettings', query)),
    ok(api.GET('/template/getTemplateOtherSettings', query)),
    ok(api.GET('/template/getTemplateSettings', query)),
    ok(api.GET('/oa/oaApprovalSignDetail', query)),
  ]);
  if (!fields.data || !other.data || !settings.data || !approval.data)
    throw new Error('合同模板不存在或已被删除');
  const { boxId: _boxId, ...card } = other.data;
  return {
    boxId,
    boxName: fields.data.boxName,
    fields: fields.data.fieldsList.map(toFieldInput),
    requireFlags: fields.data.requireFlags,
    other: card,
    range: {
      dept: settings.data.rangeSetting.dept.map((d) => d.deptId),
      role: settings.data.rangeSetting.role.map((r) => r.roleId),
    },
    approval: toApprovalDraft(approval.data),
  };
}

function toApprovalDraft(setting: Schemas['OaSignSetting'] | Schemas['OaFileSignSetting']) {
  // The chosen approvers and copy recipients read by name in the staff pickers.
  rememberStaffNames([...setting.approvers, ...setting.sendCopy]);
  return {
    oaState: setting.oaState,
    approvers: setting.approvers.map((step): Schemas['OaApproverInput'] =>
      step.approverType === 1
        ? { approverType: 1, userId: step.userId ?? 0 }
        : step.approverType === 2
          ? { approverType: 2, roleId: step.roleId ?? 0 }
          : { approverType: 3 },
    ),
    sendCopy: setting.sendCopy.map((c) => c.userId),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function writeCustomization(
  saved: TemplateCustomization,
  draft: TemplateCustomization,
): Promise<TemplateCustomization> {
  const boxId = draft.boxId;
  if (!same(saved.fields, draft.fields) || !same(saved.requireFlags, draft.requireFlags)) {
    const changedFlags = Object.fromEntries(
      Object.entries(draft.requireFlags).filter(([path, value]) => saved.requireFlags[path] !== value),
    );
    await ok(
      api.POST('/template/templateCustomizeSettings', {
        body: {
          boxId,
          fieldsList: draft.fields.map((field) => ({
            ...field,
            fieldTitle: field.fieldTitle.trim(),
            ...(field.optionsData ? { optionsData: field.optionsData.map((o) => o.trim()) } : {}),
          })),
          requireFlags: changedFlags,
        },
      }),
    );
  }
  if (!same(saved.other, draft.other)) {
    const { subTitle, ...rest } = draft.other;
    await ok(
      api.POST('/template/templateOtherSettings', {
        body: { boxId, ...rest, ...(subTitle ? { subTitle } : {}) },
      }),
    );
  }
  if (!same(saved.range, draft.range))
    await ok(api.POST('/template/templateRangeSetting', { body: { boxId, ...draft.range } }));
  if (!same(saved.approval, draft.approval))
    await ok(api.POST('/oa/oaApprovalSignUpdate', { body: { boxId, ...draft.approval } }));
  return readCustomization(boxId);
}

export const templateCustomizeActors = {
  loadCustomization: fromPromise<TemplateCustomization, { boxId: number }>(({ input }) =>
    readCustomization(input.boxId),
  ),
  saveCustomization: fromPromise<
    TemplateCustomization,
    { saved: TemplateCustomization; draft: TemplateCustomization }
  >(({ input }) => writeCustomization(input.saved, input.draft)),
};

export type CustomizeOptions = { roles: OrgRoleOption[]; depts: OrgDeptNode[] };

/**
 * Who the range and the approval can name: the company's roles and departments (members are searched
 * among the whole staff as one types, StaffPick).
 */
export const loadCustomizeOptions = fromPromise<unknown>(async (): Promise<CustomizeOptions> => {
  const [roles, depts] = await Promise.all([
    ok(api.GET('/org/v2/roleList')),
    ok(api.GET('/org/v2/deptTree', { params: { query: { type: 1 } } })),
  ]);
  return { roles: roles.data ?? [], depts: depts.data ?? [] };
});

/** The quick-sign approval (公司级, item 49): read and saved on its own, from the template page. */
export async function readFileSignApproval(): Promise<ApprovalDraft> {
  const result = await ok(api.GET('/oa/oaApprovalFileSignDetail'));
  if (!result.data) throw new Error('审批设置不存在');
  return toApprovalDraft(result.data);
}

export type ApprovalDraft = TemplateCustomization['approval'];

export async function saveFileSignApproval(body: ApprovalDraft): Promise<string> {
  return (await ok(api.POST('/oa/oaApprovalFileSignUpdate', { body }))).message;
}

/** The widget fields the contract form will ask for (templateFieldList), in the template's order. */
export function loadTemplateFields(boxId: number) {
  return fromPromise<unknown>(
    async () =>
      (await ok(api.GET('/template/templateFieldList', { params: { query: { boxId } } }))).data ?? [],
  );
}
