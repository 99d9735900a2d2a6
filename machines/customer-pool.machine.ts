/**
 * A customer's pool and deal life as its detail drives it (001 sections 4 and 8): a private customer
 * of the user (private) or of a colleague (assigned), a public one (public), a dealt one (dealt), or
 * deleted. 转公客 after 是否确定转为公客？ (publicClients), 拣入私客 through the pick-back flow
 * (machines/customer-pick-back.machine.ts), 分配 to a colleague (customerAssignment /
 * publicCustomerAssignment), 成交 after 是否确定成交? and 取消成交 after 取消成交?
 * (customerTransactionStatus), 删除 after 您确认删除该项信息吗？ (customerDelete / publicCustomerDelete).
 *
 * The page reads the customer and tells the machine where it stands (`sync`). A refused call shows
 * the server's message and the page reads the customer again (someone else may have moved it).
 */
import { assign, fromPromise, setup } from 'xstate';
import { CustomerDeal, CustomerPools, customerConfirmations } from '../domain/customer-rules';

/** Where the customer stands for this user, as the page read it. */
export type CustomerStanding = {
  /** 1 私客, 2 公客. */
  attribution: number;
  /** The user is its maintainer. */
  isMine: boolean;
  /** 1 成交. */
  dealStatus: number;
};

export type Assignee = { userId: number; name: string };

export type CustomerPoolContext = {
  customerId: number;
  userId: number;
  standing: CustomerStanding;
  assignee: Assignee | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
};

export type CustomerPoolEvent =
  | { type: 'sync'; standing: CustomerStanding }
  | { type: 'toPublic' }
  | { type: 'toPrivate' }
  | { type: 'pickBack.done'; isPicked: boolean }
  | { type: 'deal' }
  | { type: 'cancelDeal' }
  | { type: 'assign' }
  | { type: 'assign.choose'; assignee: Assignee }
  | { type: 'delete' }
  | { type: 'confirm' }
  | { type: 'cancel' };

export const customerPoolMessages = {
  toPublicConfirm: customerConfirmations.toPublic,
  dealConfirm: customerConfirmations.deal,
  cancelDealConfirm: customerConfirmations.cancelDeal,
  deleteConfirm: customerConfirmations.remove,
  toPublicDone: '已转为公客',
  pickedBack: '已拣入私客',
  dealt: '已成交',
  dealCancelled: '已取消成交',
  deleted: '客户已删除',
  assignedTo: (name: string) => `已分配给${name}`,
} as const;

const errorText = ({ event }: { event: unknown }) => {
  const error = (event as { error: unknown }).error;
  return { kind: 'error' as const, text: error instanceof Error ? error.message : String(error) };
};
const success = (text: string) => ({ kind: 'success' as const, text });

const poolSetup = setup({
  types: {
    context: {} as CustomerPoolContext,
    events: {} as CustomerPoolEvent,
    input: {} as { customerId: number; userId: number } | undefined,
  },
  actors: {
    toPublic: fromPromise<unknown, { customerId: number }>(async () => {
      throw new Error('toPublic is provided by the app');
    }),
    setDeal: fromPromise<unknown, { customerId: number; status: 0 | 1 }>(async () => {
      throw new Error('setDeal is provided by the app');
    }),
    assign: fromPromise<unknown, { customerId: number; attribution: number; userId: number }>(async () => {
      throw new Error('assign is provided by the app');
    }),
    remove: fromPromise<unknown, { customerId: number; attribution: number }>(async () => {
      throw new Error('remove is provided by the app');
    }),
  },
  guards: {
    syncsDealt: ({ event }) => event.type === 'sync' && event.standing.dealStatus === CustomerDeal.deal,
    syncsPublic: ({ event }) => event.type === 'sync' && event.standing.attribution === CustomerPools.public,
    syncsMine: ({ event }) => event.type === 'sync' && event.standing.isMine,
    isDealt: ({ context }) => context.standing.dealStatus === CustomerDeal.deal,
    isPublic: ({ context }) => context.standing.attribution === CustomerPools.public,
    isMine: ({ context }) => context.standing.isMine,
    isPickedBack: ({ event }) => event.type === 'pickBack.done' && event.isPicked,
    assignsToMe: ({ context }) => context.assignee?.userId === context.userId,
  },
  actions: {
    takeStanding: assign({
      standing: ({ context, event }) => (event.type === 'sync' ? event.standing : context.standing),
    }),
    clearNotice: assign({ notice: null }),
    showError: assign({ notice: errorText }),
    dealCancelled: assign({
      standing: ({ context }) => ({ ...context.standing, dealStatus: CustomerDeal.none }),
      notice: success(customerPoolMessages.dealCancelled),
    }),
  },
});

/** Back where the customer stood (after 取消): the same guards as a sync, on what the machine knows. */
const backToPool = [
  { guard: 'isPublic', target: 'public' },
  { guard: 'isMine', target: 'private' },
  { target: 'assigned' },
] as const;
const backToPrivate = [{ guard: 'isMine', target: 'private' }, { target: 'assigned' }] as const;

const held = {
  toPublic: { target: 'confirmingPublic', actions: 'clearNotice' },
  deal: { target: 'confirmingDeal', actions: 'clearNotice' },
  assign: { target: 'choosingAssignee', actions: 'clearNotice' },
  delete: { target: 'confirmingDelete', actions: 'clearNotice' },
} as const;

export const customerPoolMachine = poolSetup.createMachine({
  id: 'customerPool',
  context: ({ input }) => ({
    customerId: input?.customerId ?? 0,
    userId: input?.userId ?? 0,
    standing: { attribution: CustomerPools.public, isMine: false, dealStatus: CustomerDeal.none },
    assignee: null,
    notice: null,
  }),
  initial: 'reading',
  states: {
    reading: {
      on: {
        sync: [
          { guard: 'syncsDealt', target: 'dealt', actions: 'takeStanding' },
          { guard: 'syncsPublic', target: 'public', actions: 'takeStanding' },
          { guard: 'syncsMine', target: 'private', actions: 'takeStanding' },
          { target: 'assigned', actions: 'takeStanding' },
        ],
      },
    },
    private: { on: held },
    assigned: { on: held },
    public: {
      on: {
        toPrivate: { target: 'pickingBack', actions: 'clearNotice' },
        assign: held.assign,
        delete: held.delete,
      },
    },
    dealt: {
      on: {
        cancelDeal: { target: 'confirmingCancelDeal', actions: 'clearNotice' },
        delete: held.delete,
      },
    },
    confirmingPublic: { on: { confirm: 'movingPublic', cancel: backToPrivate } },
    movingPublic: {
      invoke: {
        id: 'toPublic',
        src: 'toPublic',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: {
          target: 'public',
          actions: assign({
            standing: ({ context }) => ({
              ...context.standing,
              attribution: CustomerPools.public,
              isMine: false,
            }),
            notice: success(customerPoolMessages.toPublicDone),
          }),
        },
        onError: { target: 'reading', actions: 'showError' },
      },
    },
    // The pick-back flow runs on the page; it tells its end with pickBack.done.
    pickingBack: {
      on: {
        'pickBack.done': [
          {
            guard: 'isPickedBack',
            target: 'private',
            actions: assign({
              standing: ({ context }) => ({
                ...context.standing,
                attribution: CustomerPools.private,
                isMine: true,
              }),
              notice: success(customerPoolMessages.pickedBack),
            }),
          },
          { target: 'public' },
        ],
      },
    },
    confirmingDeal: { on: { confirm: 'dealing', cancel: backToPrivate } },
    dealing: {
      invoke: {
        id: 'deal',
        src: 'setDeal',
        input: ({ context }) => ({ customerId: context.customerId, status: 1 as const }),
        onDone: {
          target: 'dealt',
          actions: assign({
            standing: ({ context }) => ({ ...context.standing, dealStatus: CustomerDeal.deal }),
            notice: success(customerPoolMessages.dealt),
          }),
        },
        onError: { target: 'reading', actions: 'showError' },
      },
    },
    confirmingCancelDeal: { on: { confirm: 'cancellingDeal', cancel: 'dealt' } },
    cancellingDeal: {
      invoke: {
        id: 'cancelDeal',
        src: 'setDeal',
        input: ({ context }) => ({ customerId: context.customerId, status: 0 as const }),
        onDone: [
          { guard: 'isPublic', target: 'public', actions: 'dealCancelled' },
          { guard: 'isMine', target: 'private', actions: 'dealCancelled' },
          { target: 'assigned', actions: 'dealCancelled' },
        ],
        onError: { target: 'reading', actions: 'showError' },
      },
    },
    choosingAssignee: {
      on: {
        'assign.choose': {
          target: 'assigning',
          actions: assign({ assignee: ({ event }) => event.assignee }),
        },
        cancel: backToPool,
      },
    },
    assigning: {
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => ({
          customerId: context.customerId,
          attribution: context.standing.attribution,
          userId: context.assignee?.userId ?? 0,
        }),
        onDone: [
          {
            guard: 'assignsToMe',
            target: 'private',
            actions: assign({
              standing: ({ context }) => ({
                ...context.standing,
                attribution: CustomerPools.private,
                isMine: true,
              }),
              notice: ({ context }) => success(customerPoolMessages.assignedTo(context.assignee?.name ?? '')),
              assignee: null,
            }),
          },
          {
            target: 'assigned',
            actions: assign({
              standing: ({ context }) => ({
                ...context.standing,
                attribution: CustomerPools.private,
                isMine: false,
              }),
              notice: ({ context }) => success(customerPoolMessages.assignedTo(context.assignee?.name ?? '')),
              assignee: null,
            }),
          },
        ],
        onError: { target: 'reading', actions: ['showError', assign({ assignee: null })] },
      },
    },
    confirmingDelete: {
      on: { confirm: 'deleting', cancel: [{ guard: 'isDealt', target: 'dealt' }, ...backToPool] },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({
          customerId: context.customerId,
          attribution: context.standing.attribution,
        }),
        onDone: { target: 'deleted', actions: assign({ notice: success(customerPoolMessages.deleted) }) },
        onError: { target: 'reading', actions: 'showError' },
      },
    },
    deleted: { type: 'final' },
  },
});
