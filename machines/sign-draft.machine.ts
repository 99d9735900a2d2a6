/**
 * Draft autosave of the step-by-step contract form (001 sections 4 and 5): a change is saved
 * (signDraftSave) once the form has been quiet for a moment, but only when the house name, building
 * or room number is filled; the 已保存 indicator shows for 3 seconds. The first save returns the
 * draft code, which later saves overwrite. Changes made while a save is under way are saved next.
 * Submitting the contract stops the autosave before the submission is sent (draft.stop): a save under
 * way finishes first, so the submission names the draft it takes with it, and no save starts while the
 * submission is under way (it would leave a draft of a submitted contract). A failed submission resumes
 * the autosave (draft.resume).
 */
import { assign, fromPromise, setup, stateIn } from 'xstate';

export type DraftSaveRequest = { draftCode?: string; boxid: number; content: Record<string, unknown> };

export type SignDraftContext = {
  boxid: number | null;
  draftCode: string | null;
  content: Record<string, unknown> | null;
  isDirty: boolean;
  error: string | null;
};

export type SignDraftEvent =
  | { type: 'draft.change'; boxid: number; content: Record<string, unknown> }
  | { type: 'draft.stop' }
  | { type: 'draft.resume' };

export const draftDelays = { quiet: 1000, savedIndicator: 3000 } as const;
export const draftMessages = { saved: '已保存' } as const;

/** Section 5: a draft is saved only when the house name, building or room number is filled. */
export function hasHouseInfo(content: Record<string, unknown> | null): boolean {
  const house = (content?.['houseInfo'] ?? {}) as Record<string, unknown>;
  return ['houseName', 'houseBuilding', 'houseRoomNo'].some((key) => {
    const value = house[key];
    return typeof value === 'string' && value.trim() !== '';
  });
}

export const signDraftMachine = setup({
  types: {
    context: {} as SignDraftContext,
    events: {} as SignDraftEvent,
    // The rule mistakes this all-optional input type for `{}`; without the assertion the input is untyped.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as { draftCode?: string | null } | undefined,
  },
  actors: {
    saveDraft: fromPromise<{ draftCode: string }, DraftSaveRequest>(async () => {
      throw new Error('saveDraft is provided by the app');
    }),
  },
  actions: {
    remember: assign(({ event }) =>
      event.type === 'draft.change' ? { boxid: event.boxid, content: event.content } : {},
    ),
  },
  guards: {
    isSavable: ({ event }) => event.type === 'draft.change' && hasHouseInfo(event.content),
    isDirty: ({ context }) => context.isDirty,
    hasSavableContent: ({ context }) => hasHouseInfo(context.content),
    isStopping: stateIn({ saving: 'stopping' }),
  },
}).createMachine({
  id: 'signDraft',
  context: ({ input }) => ({
    boxid: null,
    draftCode: input?.draftCode ?? null,
    content: null,
    isDirty: false,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'draft.stop': 'stopped',
        'draft.change': [
          { guard: 'isSavable', target: 'waiting', actions: 'remember' },
          { actions: 'remember' },
        ],
      },
    },
    /** Waiting for the form to be quiet before saving. */
    waiting: {
      after: { [draftDelays.quiet]: 'saving' },
      on: {
        'draft.stop': 'stopped',
        'draft.change': [
          { guard: 'isSavable', target: 'waiting', reenter: true, actions: 'remember' },
          { target: 'idle', actions: 'remember' },
        ],
      },
    },
    saving: {
      entry: assign({ isDirty: false }),
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({
          ...(context.draftCode ? { draftCode: context.draftCode } : {}),
          boxid: context.boxid!,
          content: context.content!,
        }),
        onDone: [
          {
            guard: 'isStopping',
            target: 'stopped',
            actions: assign({ draftCode: ({ event }) => event.output.draftCode, error: null }),
          },
          {
            guard: 'isDirty',
            target: 'waiting',
            actions: assign({ draftCode: ({ event }) => event.output.draftCode, error: null }),
          },
          {
            target: 'saved',
            actions: assign({ draftCode: ({ event }) => event.output.draftCode, error: null }),
          },
        ],
        onError: [
          { guard: 'isStopping', target: 'stopped' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                event.error instanceof Error ? event.error.message : String(event.error),
            }),
          },
        ],
      },
      initial: 'open',
      states: {
        open: {
          on: {
            'draft.stop': 'stopping',
            'draft.change': {
              actions: ['remember', assign({ isDirty: ({ event }) => hasHouseInfo(event.content) })],
            },
          },
        },
        /** The contract is to be submitted: the save under way finishes first (its draft code goes with it). */
        stopping: { on: { 'draft.change': { actions: 'remember' } } },
      },
    },
    /** 已保存, shown for 3 seconds. */
    saved: {
      after: { [draftDelays.savedIndicator]: 'idle' },
      on: {
        'draft.stop': 'stopped',
        'draft.change': [
          { guard: 'isSavable', target: 'waiting', actions: 'remember' },
          { actions: 'remember' },
        ],
      },
    },
    failed: {
      on: {
        'draft.stop': 'stopped',
        'draft.change': [
          { guard: 'isSavable', target: 'waiting', actions: 'remember' },
          { actions: 'remember' },
        ],
      },
    },
    /**
     * The contract is being submitted (the server deletes the draft with it) or was: nothing is saved.
     * A failed submission resumes, saving the form as it is now if it is savable.
     */
    stopped: {
      on: {
        'draft.change': { actions: 'remember' },
        'draft.resume': [{ guard: 'hasSavableContent', target: 'waiting' }, { target: 'idle' }],
      },
    },
  },
});
