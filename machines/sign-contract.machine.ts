/**
 * One sign contract's lifecycle (001 section 4), from where it starts to where it ends.
 * A new contract may start from a listing (发起签约 on the listing's detail, issue 41): the form reads
 * the listing's prefill (getContractSellData / getContractRentData with houseId) and its contracts
 * first; when the listing already has a running contract the broker is warned (该房源已有进行中的合同…)
 * and continues or gives up (the form closes); the contract submitted then names the listing, so the
 * deal comes back to it (its state follows this contract's: 成交 on completion, back on voiding).
 * After that: The server owns the state (1 待发起, 2 待审核,
 * 3 被拒绝, 4 已作废, 6 已完成, 7 待签字, 8 已签约) and refuses what a state does not allow; this
 * machine mirrors it so the views only offer what can happen next:
 * - submit or edit (contractSubmissionV2501 / contractEditV2501), then branch on nextType:
 *   1 offer to start signing, 2 offer to start the approval flow (item 45/47/49), 3 or none view only
 *   (opened after 300 ms);
 * - start (approval or signing; 2500 ms later the detail reloads), terminate (您确认要终止合同吗？),
 *   and, while 2 待审核, reading the contract again to learn the approvers' decision: a passed approval
 *   has already started signing (7 待签字, 审批通过后自动发起签署), or, when the company had no sign
 *   credit left, left the contract approved in 1 待发起 (start signing after buying credits);
 *   a rejection leads to 3 被拒绝;
 *   complete (您确认要签约完成吗？), void (with a reason), revoke void, delete (是否确定删除该合同？;
 *   1500 ms later the page goes back to the list).
 * Every effect is a named actor; a failed call shows its message and reloads the contract, because
 * another user may have won a race (the server answered 409) or credits ran out (406). An edit the
 * server's edit-state check refused (405 with the marker of domain/page-state.ts: the contract was
 * moved elsewhere into a state that does not allow it) leaves the contract inoperable: the page is
 * disabled (001 section 8, the 405 rule) and the shell's modal 当前页面状态不可操作 closes it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { isEditStateRefusal } from '../domain/page-state';
import { runningContractWarning, type ListedContract } from '../domain/sign-deal';

export type SignSubmissionResult = components['schemas']['SignSubmissionResult'];
export type SignStateResult = components['schemas']['SignStateResult'];
export type SignDetailButtons = components['schemas']['SignDetailButtons'];
export type SignStateCode = components['schemas']['SignState'];

/** The body of contractSubmissionV2501 (new: no contractId) or contractEditV2501 (with contractId). */
export type SignSubmitRequest = { contractId?: number; body: Record<string, unknown> };

export type StartContractInput = {
  contractId: number;
  type: 1 | 2;
  oaParam?: { oaItemId: 45 | 47 | 49; oaReamrk?: string };
  signDeadline?: number;
};

/** The listing a new contract starts from (1 出售 → 买卖, 2 出租 → 租赁). */
export type HouseOrigin = { houseId: number; houseType: 1 | 2 };

/** What the form reads from the listing before it is filled: the prefill and the listing's contracts. */
export type HouseStart = { prefill: Record<string, unknown> | null; contracts: ListedContract[] };

export type LoadedContract = {
  contractId: number;
  state: SignStateCode;
  contractType: 1 | 2 | 3;
  /** The approval has passed (1 待发起 after a passed approval whose signing start found no credit). */
  approved: boolean;
  buttons: SignDetailButtons;
};

export type SignContractContext = {
  contractId: number | null;
  contractType: 1 | 2 | 3 | null;
  state: SignStateCode | null;
  nextType: 1 | 2 | 3 | null;
  oaItemId: 45 | 47 | 49 | null;
  buttons: SignDetailButtons | null;
  request: SignSubmitRequest | null;
  notice: { kind: 'error' | 'success'; text: string; code: number | null } | null;
  /** The listing the contract starts from; a submission names it (houseId). */
  house: HouseOrigin | null;
  /** The form's values from the listing (getContractSellData / getContractRentData). */
  prefill: Record<string, unknown> | null;
  /** 该房源已有进行中的合同：…，确定再发起合同吗？ while the broker decides. */
  houseWarning: string | null;
};

export type SignContractEvent =
  | { type: 'house.open'; house: HouseOrigin }
  | { type: 'contract.submit'; request: SignSubmitRequest }
  | { type: 'contract.load'; contractId: number }
  | { type: 'contract.edit'; request: SignSubmitRequest }
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'sign.start'; signDeadline?: number }
  | { type: 'approval.start'; remark?: string }
  | { type: 'contract.terminate' }
  | { type: 'contract.complete' }
  | { type: 'contract.void'; reason: string }
  | { type: 'void.revoke' }
  | { type: 'contract.delete' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'contract.refresh' };

export const signConfirmations = {
  terminate: '您确认要终止合同吗？',
  complete: '您确认要签约完成吗？',
  remove: '是否确定删除该合同？',
} as const;

export const signDelays = { toDetail: 300, afterStart: 2500, afterDelete: 1500 } as const;

/** What the page says when a contract it showed as 2 待审核 turns out decided. */
export const approvalNotices = {
  signingStarted: '审批已通过，已自动发起签署',
  noCredit: '审批已通过，签约份数不足，请充值后发起签署',
  rejected: '审批未通过',
} as const;

/** Approval item of a contract type (1 sale 45, 2 rent 47, 3 other 49). */
export const signOaItems = { 1: 45, 2: 47, 3: 49 } as const;

function errorOf(event: unknown): { text: string; code: number | null } {
  const error = (event as { error?: unknown }).error;
  const code = (error as { code?: unknown } | null)?.code;
  return {
    text: error instanceof Error ? error.message : String(error),
    code: typeof code === 'number' ? code : null,
  };
}

type Output<T> = { output: T };

const stateIs = (state: SignStateCode) => ({ type: 'loadedStateIs' as const, params: { state } });

export const signContractMachine = setup({
  types: {
    context: {} as SignContractContext,
    events: {} as SignContractEvent,
  },
  actors: {
    prepareHouse: fromPromise<HouseStart, HouseOrigin>(async () => {
      throw new Error('prepareHouse is provided by the app');
    }),
    submitContract: fromPromise<SignSubmissionResult, SignSubmitRequest>(async () => {
      throw new Error('submitContract is provided by the app');
    }),
    loadContract: fromPromise<LoadedContract, { contractId: number }>(async () => {
      throw new Error('loadContract is provided by the app');
    }),
    startContract: fromPromise<SignStateResult, StartContractInput>(async () => {
      throw new Error('startContract is provided by the app');
    }),
    terminateContract: fromPromise<SignStateResult, { contractId: number }>(async () => {
      throw new Error('terminateContract is provided by the app');
    }),
    completeContract: fromPromise<SignStateResult, { contractId: number }>(async () => {
      throw new Error('completeContract is provided by the app');
    }),
    voidContract: fromPromise<SignStateResult, { contractId: number; reason: string }>(async () => {
      throw new Error('voidContract is provided by the app');
    }),
    revokeVoid: fromPromise<SignStateResult, { contractId: number }>(async () => {
      throw new Error('revokeVoid is provided by the app');
    }),
    deleteContract: fromPromise<void, { contractId: number }>(async () => {
      throw new Error('deleteContract is provided by the app');
    }),
  },
  actions: {
    /** Open the detail page of context.contractId (after the 300 ms / 2500 ms delays). */
    navigateToDetail: () => {},
    /** Leave the detail page for the list (1500 ms after a delete). */
    navigateToList: () => {},
    /** Close the form: the broker gave up a second contract on a listing with a running one. */
    closeForm: () => {},
    rememberHouseStart: assign(({ event }) => {
      const start = (event as unknown as Output<HouseStart>).output;
      return {
        prefill: start.prefill,
        houseWarning: runningContractWarning(start.contracts),
        notice: null,
      };
    }),
    showError: assign({ notice: ({ event }) => ({ kind: 'error' as const, ...errorOf(event) }) }),
    clearNotice: assign({ notice: null }),
    rememberSubmission: assign(({ event }) => {
      const result = (event as unknown as Output<SignSubmissionResult>).output;
      return {
        contractId: result.contractId,
        contractType: result.contractType,
        state: result.state,
        nextType: result.nextType ?? 3,
        oaItemId: result.oaItemId ?? null,
        notice: null,
      };
    }),
    rememberLoaded: assign(({ event }) => {
      const loaded = (event as unknown as Output<LoadedContract>).output;
      return {
        contractId: loaded.contractId,
        contractType: loaded.contractType,
        state: loaded.state,
        buttons: loaded.buttons,
      };
    }),
    rememberState: assign({
      state: ({ event }) => (event as unknown as Output<SignStateResult>).output.state,
    }),
    notify: assign({ notice: (_args, text: string) => ({ kind: 'success' as const, text, code: null }) }),
    /** Mark the page showing the contract disabled: 当前页面状态不可操作 (src/ provides it). */
    disablePage: () => {},
  },
  guards: {
    isNewContract: ({ context }) => context.contractId === null && context.house === null,
    hasRunningContract: ({ event }) =>
      runningContractWarning((event as unknown as Output<HouseStart>).output.contracts) !== null,
    isEditStateRefused: ({ event }) => isEditStateRefusal((event as { error?: unknown }).error),
    offersSigning: ({ event }) => (event as unknown as Output<SignSubmissionResult>).output.nextType === 1,
    offersApproval: ({ event }) => (event as unknown as Output<SignSubmissionResult>).output.nextType === 2,
    loadedStateIs: ({ event }, params: { state: SignStateCode }) =>
      (event as unknown as Output<LoadedContract>).output.state === params.state,
    approvedWithoutSigning: ({ event }) => {
      const loaded = (event as unknown as Output<LoadedContract>).output;
      return loaded.state === 1 && loaded.approved;
    },
  },
}).createMachine({
  id: 'signContract',
  context: {
    contractId: null,
    contractType: null,
    state: null,
    nextType: null,
    oaItemId: null,
    buttons: null,
    request: null,
    notice: null,
    house: null,
    prefill: null,
    houseWarning: null,
  },
  initial: 'editing',
  states: {
    /** Filling the form (new contract), or opening an existing one. */
    editing: {
      on: {
        'house.open': {
          guard: 'isNewContract',
          target: 'preparingHouse',
          actions: assign({ house: ({ event }) => event.house }),
        },
        'contract.submit': {
          target: 'submitting',
          actions: assign({ request: ({ event }) => event.request }),
        },
        'contract.load': {
          target: 'loading',
          actions: assign({ contractId: ({ event }) => event.contractId }),
        },
      },
    },
    /** A contract from a listing: the listing's prefill and contracts are read before the form. */
    preparingHouse: {
      invoke: {
        id: 'prepareHouse',
        src: 'prepareHouse',
        input: ({ context }) => context.house!,
        onDone: [
          { guard: 'hasRunningContract', target: 'houseWarning', actions: 'rememberHouseStart' },
          { target: 'editing', actions: 'rememberHouseStart' },
        ],
        onError: { target: 'houseFailed', actions: 'showError' },
      },
    },
    /** The listing could not be read (gone, another kind, the network): its message and 重试. */
    houseFailed: {
      on: { 'contract.refresh': { target: 'preparingHouse', actions: 'clearNotice' } },
    },
    /** The listing has a running contract: go on with a second one, or give it up. */
    houseWarning: {
      on: {
        'confirm.yes': { target: 'editing', actions: assign({ houseWarning: null }) },
        'confirm.no': 'abandoned',
      },
    },
    /** Given up before anything was written: the form closes. */
    abandoned: { type: 'final', entry: 'closeForm' },
    submitting: {
      invoke: {
        id: 'submitContract',
        src: 'submitContract',
        // A contract from a listing names it: the deal is written back to that listing.
        input: ({ context }) =>
          context.house && context.request!.contractId === undefined
            ? { ...context.request!, body: { ...context.request!.body, houseId: context.house.houseId } }
            : context.request!,
        onDone: [
          { guard: 'offersSigning', target: 'offerSigning', actions: 'rememberSubmission' },
          { guard: 'offersApproval', target: 'offerApproval', actions: 'rememberSubmission' },
          { target: 'openingDetail', actions: 'rememberSubmission' },
        ],
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    /** nextType 1: 立即发起签署? */
    offerSigning: {
      on: {
        'offer.accept': 'startingSigning',
        'offer.decline': 'openingDetail',
      },
    },
    /** nextType 2: 发起审批 (item 45/47/49 by contract type)? */
    offerApproval: {
      on: {
        'offer.accept': 'startingApproval',
        'offer.decline': 'openingDetail',
      },
    },
    /** nextType 3 or a declined offer: open the detail after 300 ms. */
    openingDetail: {
      after: { [signDelays.toDetail]: { target: 'loading', actions: 'navigateToDetail' } },
    },
    loading: {
      invoke: {
        id: 'loadContract',
        src: 'loadContract',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: [
          { guard: stateIs(1), target: 'toStart', actions: 'rememberLoaded' },
          { guard: stateIs(2), target: 'pendingApproval', actions: 'rememberLoaded' },
          { guard: stateIs(3), target: 'rejected', actions: 'rememberLoaded' },
          { guard: stateIs(4), target: 'voided', actions: 'rememberLoaded' },
          { guard: stateIs(6), target: 'completed', actions: 'rememberLoaded' },
          { guard: stateIs(7), target: 'awaitingSignature', actions: 'rememberLoaded' },
          { target: 'signed', actions: 'rememberLoaded' },
        ],
        onError: { target: 'loadFailed', actions: 'showError' },
      },
    },
    loadFailed: {
      on: { 'contract.refresh': { target: 'loading', actions: 'clearNotice' } },
    },
    /** 1 待发起 */
    toStart: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sign.start': '#signContract.startingSigning',
            'approval.start': '#signContract.startingApproval',
            'contract.edit': {
              target: '#signContract.submitting',
              actions: assign({ request: ({ event }) => event.request }),
            },
            'contract.void': '#signContract.voiding',
            'contract.complete': 'confirmComplete',
            'contract.delete': 'confirmDelete',
          },
        },
        /** Paper contracts may be confirmed complete from 1. */
        confirmComplete: {
          on: { 'confirm.yes': '#signContract.completing', 'confirm.no': 'idle' },
        },
        confirmDelete: {
          on: { 'confirm.yes': '#signContract.deleting', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'loading' },
    },
    /** 2 待审核 */
    pendingApproval: {
      initial: 'idle',
      states: {
        idle: { on: { 'contract.terminate': 'confirmTerminate' } },
        confirmTerminate: {
          on: { 'confirm.yes': '#signContract.terminating', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'checkingApproval' },
    },
    /** 2 待审核 read again: what the approvers decided meanwhile. */
    checkingApproval: {
      invoke: {
        id: 'checkApproval',
        src: 'loadContract',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: [
          { guard: stateIs(2), target: 'pendingApproval', actions: 'rememberLoaded' },
          {
            guard: stateIs(7),
            target: 'awaitingSignature',
            actions: ['rememberLoaded', { type: 'notify', params: approvalNotices.signingStarted }],
          },
          {
            guard: 'approvedWithoutSigning',
            target: 'toStart',
            actions: ['rememberLoaded', { type: 'notify', params: approvalNotices.noCredit }],
          },
          {
            guard: stateIs(3),
            target: 'rejected',
            actions: ['rememberLoaded', { type: 'notify', params: approvalNotices.rejected }],
          },
          // Withdrawn or terminated (1), or moved on further: shown like any other load.
          { target: 'loading', actions: 'rememberLoaded' },
        ],
        onError: { target: 'loadFailed', actions: 'showError' },
      },
    },
    /** 3 被拒绝 */
    rejected: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'approval.start': '#signContract.startingApproval',
            'contract.edit': {
              target: '#signContract.submitting',
              actions: assign({ request: ({ event }) => event.request }),
            },
            'contract.void': '#signContract.voiding',
            'contract.delete': 'confirmDelete',
          },
        },
        confirmDelete: {
          on: { 'confirm.yes': '#signContract.deleting', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'loading' },
    },
    /** 4 已作废 */
    voided: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'void.revoke': '#signContract.revokingVoid',
            'contract.delete': 'confirmDelete',
          },
        },
        confirmDelete: {
          on: { 'confirm.yes': '#signContract.deleting', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'loading' },
    },
    /** 6 已完成: nothing further. */
    completed: {
      on: { 'contract.refresh': 'loading' },
    },
    /** 7 待签字 */
    awaitingSignature: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'contract.terminate': 'confirmTerminate',
            'contract.complete': 'confirmComplete',
            'contract.void': '#signContract.voiding',
          },
        },
        confirmTerminate: {
          on: { 'confirm.yes': '#signContract.terminating', 'confirm.no': 'idle' },
        },
        /** Paper contracts may be confirmed complete from 7. */
        confirmComplete: {
          on: { 'confirm.yes': '#signContract.completing', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'loading' },
    },
    /** 8 已签约 */
    signed: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'contract.complete': 'confirmComplete',
            'contract.void': '#signContract.voiding',
          },
        },
        confirmComplete: {
          on: { 'confirm.yes': '#signContract.completing', 'confirm.no': 'idle' },
        },
      },
      on: { 'contract.refresh': 'loading' },
    },
    startingSigning: {
      invoke: {
        id: 'startSigning',
        src: 'startContract',
        input: ({ context, event }) => ({
          contractId: context.contractId!,
          type: 2 as const,
          ...(event.type === 'sign.start' && event.signDeadline !== undefined
            ? { signDeadline: event.signDeadline }
            : {}),
        }),
        onDone: { target: 'started', actions: ['rememberState', { type: 'notify', params: '签署已发起' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    startingApproval: {
      invoke: {
        id: 'startApproval',
        src: 'startContract',
        input: ({ context, event }) => ({
          contractId: context.contractId!,
          type: 1 as const,
          oaParam: {
            oaItemId: context.oaItemId ?? signOaItems[context.contractType ?? 1],
            ...(event.type === 'approval.start' && event.remark ? { oaReamrk: event.remark } : {}),
          },
        }),
        onDone: { target: 'started', actions: ['rememberState', { type: 'notify', params: '审批已发起' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    /** Started: the detail opens 2500 ms later. */
    started: {
      after: { [signDelays.afterStart]: { target: 'loading', actions: 'navigateToDetail' } },
    },
    terminating: {
      invoke: {
        id: 'terminateContract',
        src: 'terminateContract',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: { target: 'loading', actions: ['rememberState', { type: 'notify', params: '合同已终止' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    completing: {
      invoke: {
        id: 'completeContract',
        src: 'completeContract',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: { target: 'loading', actions: ['rememberState', { type: 'notify', params: '签约已完成' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    voiding: {
      invoke: {
        id: 'voidContract',
        src: 'voidContract',
        input: ({ context, event }) => ({
          contractId: context.contractId!,
          reason: event.type === 'contract.void' ? event.reason : '',
        }),
        onDone: { target: 'loading', actions: ['rememberState', { type: 'notify', params: '合同已作废' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    revokingVoid: {
      invoke: {
        id: 'revokeVoid',
        src: 'revokeVoid',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: { target: 'loading', actions: ['rememberState', { type: 'notify', params: '已撤销作废' }] },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteContract',
        src: 'deleteContract',
        input: ({ context }) => ({ contractId: context.contractId! }),
        onDone: { target: 'deleted', actions: { type: 'notify', params: '删除成功' } },
        onError: [
          { guard: 'isEditStateRefused', target: 'inoperable', actions: 'showError' },
          { target: 'loading', actions: 'showError' },
        ],
      },
    },
    /** Deleted: back to the list 1500 ms later. */
    deleted: {
      after: { [signDelays.afterDelete]: { target: 'closed', actions: 'navigateToList' } },
    },
    closed: { type: 'final' },
    /** An edit refused by the edit-state check: the page is disabled and offers nothing more. */
    inoperable: { entry: 'disablePage' },
  },
});
