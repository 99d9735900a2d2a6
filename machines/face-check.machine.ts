/**
 * Face verification (实名认证, 001 sections 3, 5 and 7: getFaceUrl / getFaceStatus): an identity
 * lookup needs a name and a valid ID number before face verification is requested, so the machine
 * refuses to ask without them. getFaceUrl answers the provider's page (the sandbox face page or a
 * real provider's), which is opened; the machine then polls getFaceStatus every 5 s until the check
 * is passed, failed or expired. A wrong identity (code 400020, the request layer shows the seed's
 * modal 取消 / 去修改) or any other refusal returns to editing with the server's message. Network
 * errors while polling keep polling. A new identity after the result starts afresh (face.reset).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { checkIdentity, normalizeIdCard } from '../domain/validators';

export type FaceStarted = components['schemas']['SignFaceResult'];
export type FaceStatus = components['schemas']['SignFaceStatus'];

/** Whose face: name and resident ID number; hash when the check is for a signing link. */
export type FaceIdentity = { name: string; idNo: string; hash?: string };

export type FaceCheckContext = {
  identity: FaceIdentity | null;
  faceId: string | null;
  faceUrl: string | null;
  expireTime: string | null;
  notice: { kind: 'error' | 'success' | 'info'; text: string } | null;
};

export type FaceCheckEvent =
  | { type: 'face.start'; identity: FaceIdentity }
  | { type: 'face.open' }
  | { type: 'face.check' }
  | { type: 'face.reset' };

export const facePollIntervalMs = 5000;

export const faceMessages = {
  waiting: '请在打开的核身页面完成人脸核身，本页每 5 秒自动查询结果',
  passed: '人脸核身通过',
  failed: (reason: string | null | undefined) => `人脸核身未通过${reason ? `：${reason}` : ''}，请重新核身`,
  expired: '核身已过期，请重新发起',
  retrying: '网络异常，正在重新查询核身结果…',
} as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const startOf = (event: unknown) => (event as Extract<FaceCheckEvent, { type: 'face.start' }>).identity;
const statusOf = (event: unknown) => (event as { output: FaceStatus }).output;
const identityProblem = (event: unknown) => {
  const identity = startOf(event);
  return checkIdentity({ name: identity.name, certNo: identity.idNo });
};

export const faceCheckMachine = setup({
  types: {
    context: {} as FaceCheckContext,
    events: {} as FaceCheckEvent,
  },
  actors: {
    startFace: fromPromise<FaceStarted, { identity: FaceIdentity }>(async () => {
      throw new Error('startFace is provided by the app');
    }),
    readFaceStatus: fromPromise<FaceStatus, { faceId: string }>(async () => {
      throw new Error('readFaceStatus is provided by the app');
    }),
  },
  guards: {
    isIdentityIncomplete: ({ event }) => identityProblem(event) !== null,
    isPassed: ({ event }) => statusOf(event).status === 1,
    isFailed: ({ event }) => statusOf(event).status === 2,
    isExpired: ({ event }) => statusOf(event).status === 3,
  },
  actions: {
    /** Open context.faceUrl (a new window or tab), where the person does the check. */
    openFaceUrl: () => {},
    refuseIdentity: assign({
      notice: ({ event }) => ({ kind: 'error' as const, text: identityProblem(event) ?? '' }),
    }),
    keepIdentity: assign({
      identity: ({ event }) => {
        const identity = startOf(event);
        return {
          name: identity.name.trim(),
          idNo: normalizeIdCard(identity.idNo),
          ...(identity.hash ? { hash: identity.hash } : {}),
        };
      },
      faceId: null,
      faceUrl: null,
      expireTime: null,
      notice: null,
    }),
    keepStarted: assign({
      faceId: ({ event }) => (event as unknown as { output: FaceStarted }).output.faceId,
      faceUrl: ({ event }) => (event as unknown as { output: FaceStarted }).output.faceUrl,
      expireTime: ({ event }) => (event as unknown as { output: FaceStarted }).output.expireTime,
      notice: { kind: 'info', text: faceMessages.waiting },
    }),
    showFailure: assign({
      notice: ({ event }) => ({ kind: 'error' as const, text: faceMessages.failed(statusOf(event).message) }),
    }),
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<FaceCheckContext['notice']>) => notice }),
    clear: assign({ identity: null, faceId: null, faceUrl: null, expireTime: null, notice: null }),
  },
}).createMachine({
  id: 'faceCheck',
  context: { identity: null, faceId: null, faceUrl: null, expireTime: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'face.start': [
          { guard: 'isIdentityIncomplete', actions: 'refuseIdentity' },
          { target: 'requesting', actions: 'keepIdentity' },
        ],
      },
    },
    requesting: {
      invoke: {
        id: 'startFace',
        src: 'startFace',
        input: ({ context }) => ({ identity: context.identity! }),
        onDone: { target: 'waiting', actions: ['keepStarted', 'openFaceUrl'] },
        // 400020 (wrong identity) and other refusals: back to editing with the server's message.
        onError: { target: 'idle', actions: 'showActorError' },
      },
    },
    waiting: {
      initial: 'delaying',
      on: {
        'face.open': { actions: 'openFaceUrl' },
        'face.reset': { target: 'idle', actions: 'clear' },
      },
      states: {
        delaying: {
          after: { [facePollIntervalMs]: 'polling' },
          on: { 'face.check': 'polling' },
        },
        polling: {
          invoke: {
            id: 'readFaceStatus',
            src: 'readFaceStatus',
            input: ({ context }) => ({ faceId: context.faceId! }),
            onDone: [
              { guard: 'isPassed', target: '#faceCheck.passed' },
              { guard: 'isFailed', target: '#faceCheck.failed', actions: 'showFailure' },
              { guard: 'isExpired', target: '#faceCheck.expired' },
              {
                target: 'delaying',
                actions: { type: 'notify', params: { kind: 'info', text: faceMessages.waiting } },
              },
            ],
            onError: {
              target: 'delaying',
              actions: { type: 'notify', params: { kind: 'error', text: faceMessages.retrying } },
            },
          },
        },
      },
    },
    passed: {
      entry: { type: 'notify', params: { kind: 'success', text: faceMessages.passed } },
      on: { 'face.reset': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      on: {
        // A retry starts again with the identity that was checked: the page resets the check (face.reset)
        // as soon as the name or ID number is edited, so an incomplete one never reaches this state.
        'face.start': { target: 'requesting', actions: 'keepIdentity' },
        'face.reset': { target: 'idle', actions: 'clear' },
      },
    },
    expired: {
      entry: { type: 'notify', params: { kind: 'error', text: faceMessages.expired } },
      on: {
        // As from failed: the identity was complete when checked, and editing it resets the check.
        'face.start': { target: 'requesting', actions: 'keepIdentity' },
        'face.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
