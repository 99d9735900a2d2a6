/**
 * Customising one contract template (模板管理 › 自定义设置, issue 18): its widget fields and the
 * standard fields' required switches (templateCustomizeSettings), the sign list's card titles and
 * display flags (templateOtherSettings), who may use it (templateRangeSetting) and its own approval
 * (oaApprovalSignUpdate). Everything is read at once and edited as one draft; 保存 checks the widget
 * fields (domain/template-customization.ts) and saves what changed. Closing with unsaved changes asks
 * first (放弃修改); 撤销修改 puts the draft back to what was saved.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { widgetFieldsProblem } from '../domain/template-customization';

type Schemas = components['schemas'];

export type WidgetFieldDraft = Schemas['TemplateFieldInput'];
export type TemplateCustomization = {
  boxId: number;
  boxName: string;
  fields: WidgetFieldDraft[];
  requireFlags: Record<string, 0 | 1>;
  other: Omit<Schemas['TemplateOtherSettings'], 'boxId'>;
  range: { dept: number[]; role: number[] };
  approval: {
    oaState: 0 | 1;
    approvers: Schemas['OaApproverInput'][];
    sendCopy: number[];
  };
};

export type TemplateCustomizeContext = {
  boxId: number;
  saved: TemplateCustomization | null;
  draft: TemplateCustomization | null;
  error: string | null;
  /** 已保存 after a save, until the next edit. */
  isSavedNotice: boolean;
};

export type TemplateCustomizeEvent =
  | { type: 'edit'; draft: TemplateCustomization }
  | { type: 'save' }
  | { type: 'reset' }
  | { type: 'close' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'retry' };

export const templateCustomizeMessages = {
  unsaved: '自定义设置有未保存的修改，确定放弃修改并关闭吗？',
  approverRequired: '开启审批时请至少设置一级审批人',
  approverIncomplete: '请为每一级审批选择审批成员或角色',
  saved: '已保存',
} as const;

/** What keeps an approval setting (a template's, or quick signing's) from being saved, or null. */
export function approvalProblem(approval: TemplateCustomization['approval']): string | null {
  if (approval.oaState !== 1) return null;
  if (approval.approvers.length === 0) return templateCustomizeMessages.approverRequired;
  const isIncomplete = approval.approvers.some(
    (step) => (step.approverType === 1 && !step.userId) || (step.approverType === 2 && !step.roleId),
  );
  return isIncomplete ? templateCustomizeMessages.approverIncomplete : null;
}

/** The first thing that keeps the draft from being saved, or null. */
export function customizationProblem(draft: TemplateCustomization): string | null {
  return widgetFieldsProblem(draft.fields) ?? approvalProblem(draft.approval);
}

const errorText = ({ event }: { event: { error: unknown } }) =>
  event.error instanceof Error ? event.error.message : String(event.error);

type Loaded = { output: TemplateCustomization };
const loaded = (event: unknown) => (event as Loaded).output;

export const templateCustomizeMachine = setup({
  types: {
    context: {} as TemplateCustomizeContext,
    events: {} as TemplateCustomizeEvent,
    input: {} as { boxId: number } | undefined,
  },
  actors: {
    loadCustomization: fromPromise<TemplateCustomization, { boxId: number }>(async () => {
      throw new Error('loadCustomization is provided by the page');
    }),
    saveCustomization: fromPromise<
      TemplateCustomization,
      { saved: TemplateCustomization; draft: TemplateCustomization }
    >(async () => {
      throw new Error('saveCustomization is provided by the page');
    }),
  },
  guards: {
    isDraftValid: ({ context }) => context.draft !== null && customizationProblem(context.draft) === null,
  },
}).createMachine({
  id: 'templateCustomize',
  context: ({ input }) => ({
    boxId: input?.boxId ?? 0,
    saved: null,
    draft: null,
    error: null,
    isSavedNotice: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCustomization',
        src: 'loadCustomization',
        input: ({ context }) => ({ boxId: context.boxId }),
        onDone: {
          target: 'editing',
          actions: assign({
            saved: ({ event }) => loaded(event),
            draft: ({ event }) => loaded(event),
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: errorText }) },
      },
    },
    failed: { on: { retry: 'loading', close: 'closed' } },
    editing: {
      initial: 'clean',
      on: {
        edit: {
          target: '.dirty',
          actions: assign({ draft: ({ event }) => event.draft, error: null, isSavedNotice: false }),
        },
      },
      states: {
        /** Nothing changed since it was read or saved. */
        clean: { on: { close: '#templateCustomize.closed' } },
        /** Changed and not saved yet. */
        dirty: {
          on: {
            save: [
              {
                guard: 'isDraftValid',
                target: '#templateCustomize.saving',
                actions: assign({ error: null }),
              },
              {
                actions: assign({
                  error: ({ context }) => (context.draft ? customizationProblem(context.draft) : null),
                }),
              },
            ],
            reset: {
              target: 'clean',
              actions: assign({ draft: ({ context }) => context.saved, error: null }),
            },
            close: '#templateCustomize.confirmingDiscard',
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveCustomization',
        src: 'saveCustomization',
        input: ({ context }) => ({ saved: context.saved!, draft: context.draft! }),
        onDone: {
          target: 'editing.clean',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
            error: null,
            isSavedNotice: true,
          }),
        },
        onError: { target: 'editing.dirty', actions: assign({ error: errorText }) },
      },
    },
    /** 放弃修改? asked before closing with unsaved changes. */
    confirmingDiscard: {
      on: { 'discard.confirm': 'closed', 'discard.cancel': 'editing.dirty' },
    },
    closed: { type: 'final' },
  },
});
