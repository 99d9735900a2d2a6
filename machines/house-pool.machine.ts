/**
 * A listing's pool and state life as its detail page drives it (001 sections 4 and 8): private (私盘)
 * to public after 您确认要转为公盘吗？ (housingToPublic), public claimed to private (housingToPrivate),
 * lock / seal / pin and their undoing (housingOperate), deleting to the recycle bin (housingDelete,
 * after 您确认删除该项信息吗？), restoring after 您确认一键还原此房源吗？ (recycleRestore) and deleting for
 * good after 您确认要彻底删除此房源吗？ (recycleDel). Each call may be refused: the server's message is
 * shown and the listing stays as it was. A sealed listing cannot change pool (domain/house-rules.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { HousePools, houseOperations, type HouseOperation } from '../domain/house-rules';

export const housePoolMessages = {
  toPublicConfirm: '您确认要转为公盘吗？',
  deleteConfirm: '您确认删除该项信息吗？',
  restoreConfirm: '您确认一键还原此房源吗？',
  purgeConfirm: '您确认要彻底删除此房源吗？',
  toPublicDone: '已转为公盘',
  toPrivateDone: '已拣入私盘',
  deleted: '房源已删除到回收站',
  restored: '房源已还原',
  purged: '房源已彻底删除',
} as const;

export type HouseFlags = { attribution: number; isLock: number; isSeal: number; isTop: number };

export type HousePoolEvent =
  | { type: 'toPublic' }
  | { type: 'toPrivate' }
  | { type: 'operate'; operate: HouseOperation }
  | { type: 'delete' }
  | { type: 'restore' }
  | { type: 'purge' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'sync'; flags: HouseFlags };

export type HousePoolContext = {
  houseId: number;
  flags: HouseFlags;
  operation: HouseOperation | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
};

const messageOf = (event: unknown) => {
  const error = (event as { error: unknown }).error;
  return error instanceof Error ? error.message : String(error);
};

const poolSetup = setup({
  types: {
    context: {} as HousePoolContext,
    events: {} as HousePoolEvent,
    input: {} as { houseId: number; flags: HouseFlags } | undefined,
  },
  actors: {
    toPublic: fromPromise<unknown, { houseId: number }>(async () => {
      throw new Error('toPublic is provided by the app');
    }),
    toPrivate: fromPromise<unknown, { houseId: number }>(async () => {
      throw new Error('toPrivate is provided by the app');
    }),
    operate: fromPromise<unknown, { houseId: number; operate: HouseOperation }>(async () => {
      throw new Error('operate is provided by the app');
    }),
    remove: fromPromise<unknown, { houseId: number }>(async () => {
      throw new Error('remove is provided by the app');
    }),
    restore: fromPromise<unknown, { houseId: number }>(async () => {
      throw new Error('restore is provided by the app');
    }),
    purge: fromPromise<unknown, { houseId: number }>(async () => {
      throw new Error('purge is provided by the app');
    }),
  },
  guards: {
    syncsPrivate: ({ event }) => event.type === 'sync' && event.flags.attribution === HousePools.private,
    isPrivate: ({ context }) => context.flags.attribution === HousePools.private,
    canTurnPublic: ({ context }) =>
      context.flags.attribution === HousePools.private && context.flags.isSeal === 0,
    canClaim: ({ context }) =>
      context.flags.attribution === HousePools.public &&
      context.flags.isSeal === 0 &&
      context.flags.isLock === 0,
    operationChanges: ({ context, event }) => {
      if (event.type !== 'operate') return false;
      const operation = houseOperations[event.operate];
      return context.flags[operation.flag] !== operation.value;
    },
  },
  actions: {
    takeFlags: assign({
      flags: ({ context, event }) => (event.type === 'sync' ? event.flags : context.flags),
    }),
    applyOperation: assign({
      flags: ({ context }) => {
        const operation = houseOperations[context.operation ?? 1];
        return { ...context.flags, [operation.flag]: operation.value };
      },
      notice: ({ context }) => ({
        kind: 'success' as const,
        text: `已${houseOperations[context.operation ?? 1].name}`,
      }),
    }),
    showError: assign({ notice: ({ event }) => ({ kind: 'error' as const, text: messageOf(event) }) }),
    showSuccess: assign({
      notice: (_, params: { text: string }) => ({ kind: 'success' as const, text: params.text }),
    }),
  },
});

/** What a settled listing (private or public, no call running) also accepts. */
const settledEvents = {
  // The page read the listing again (after a reload elsewhere): pool and flags as the server has them.
  sync: [
    { guard: 'syncsPrivate', target: 'private', actions: 'takeFlags' },
    { target: 'public', actions: 'takeFlags' },
  ],
  operate: {
    guard: 'operationChanges',
    target: 'operating',
    actions: poolSetup.assign({
      operation: ({ event }) => (event.type === 'operate' ? event.operate : null),
      notice: null,
    }),
  },
  delete: { target: '#housePool.confirmingDelete', actions: poolSetup.assign({ notice: null }) },
} as const;

export const housePoolMachine = poolSetup.createMachine({
  id: 'housePool',
  context: ({ input }) => ({
    houseId: input?.houseId ?? 0,
    flags: input?.flags ?? { attribution: HousePools.public, isLock: 0, isSeal: 0, isTop: 0 },
    operation: null,
    notice: null,
  }),
  initial: 'listed',
  states: {
    listed: {
      initial: 'public',
      states: {
        private: {
          on: {
            toPublic: {
              guard: 'canTurnPublic',
              target: 'confirmingPublic',
              actions: assign({ notice: null }),
            },
            ...settledEvents,
          },
        },
        public: {
          on: {
            toPrivate: { guard: 'canClaim', target: 'claiming', actions: assign({ notice: null }) },
            ...settledEvents,
          },
        },
        confirmingPublic: {
          on: { confirm: 'movingPublic', cancel: 'private' },
        },
        movingPublic: {
          invoke: {
            id: 'toPublic',
            src: 'toPublic',
            input: ({ context }) => ({ houseId: context.houseId }),
            onDone: {
              target: 'public',
              actions: [
                assign({ flags: ({ context }) => ({ ...context.flags, attribution: HousePools.public }) }),
                { type: 'showSuccess', params: { text: housePoolMessages.toPublicDone } },
              ],
            },
            onError: { target: 'private', actions: 'showError' },
          },
        },
        claiming: {
          invoke: {
            id: 'toPrivate',
            src: 'toPrivate',
            input: ({ context }) => ({ houseId: context.houseId }),
            onDone: {
              target: 'private',
              actions: [
                assign({ flags: ({ context }) => ({ ...context.flags, attribution: HousePools.private }) }),
                { type: 'showSuccess', params: { text: housePoolMessages.toPrivateDone } },
              ],
            },
            onError: { target: 'public', actions: 'showError' },
          },
        },
        operating: {
          invoke: {
            id: 'operate',
            src: 'operate',
            input: ({ context }) => ({ houseId: context.houseId, operate: context.operation ?? 1 }),
            onDone: [
              { guard: 'isPrivate', target: 'private', actions: 'applyOperation' },
              { target: 'public', actions: 'applyOperation' },
            ],
            onError: [
              { guard: 'isPrivate', target: 'private', actions: 'showError' },
              { target: 'public', actions: 'showError' },
            ],
          },
        },
      },
    },
    confirmingDelete: {
      on: {
        confirm: 'deleting',
        cancel: [{ guard: 'isPrivate', target: 'listed.private' }, { target: 'listed.public' }],
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ houseId: context.houseId }),
        onDone: {
          target: 'recycled',
          actions: { type: 'showSuccess', params: { text: housePoolMessages.deleted } },
        },
        onError: [
          { guard: 'isPrivate', target: 'listed.private', actions: 'showError' },
          { target: 'listed.public', actions: 'showError' },
        ],
      },
    },
    recycled: {
      on: {
        restore: { target: 'confirmingRestore', actions: assign({ notice: null }) },
        purge: { target: 'confirmingPurge', actions: assign({ notice: null }) },
      },
    },
    confirmingRestore: { on: { confirm: 'restoring', cancel: 'recycled' } },
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => ({ houseId: context.houseId }),
        onDone: [
          {
            guard: 'isPrivate',
            target: 'listed.private',
            actions: { type: 'showSuccess', params: { text: housePoolMessages.restored } },
          },
          {
            target: 'listed.public',
            actions: { type: 'showSuccess', params: { text: housePoolMessages.restored } },
          },
        ],
        onError: { target: 'recycled', actions: 'showError' },
      },
    },
    confirmingPurge: { on: { confirm: 'purging', cancel: 'recycled' } },
    purging: {
      invoke: {
        id: 'purge',
        src: 'purge',
        input: ({ context }) => ({ houseId: context.houseId }),
        onDone: {
          target: 'purged',
          actions: { type: 'showSuccess', params: { text: housePoolMessages.purged } },
        },
        onError: { target: 'recycled', actions: 'showError' },
      },
    },
    purged: { type: 'final' },
  },
});
