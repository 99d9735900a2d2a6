/**
 * A signatory's signing link on the awaiting-signature page (/views/sign/to-be-signed?hash=, 001
 * sections 2, 3, 5): the landing data is loaded; a link that cannot sign (already signed, expired,
 * contract no longer awaiting signatures) is closed with the reason. Otherwise the party asks for
 * an SMS code (an individual's code goes to the phone of the link, a company's to the signer's
 * mobile), then submits the code with a drawn or generated signature (individual) or the signer's
 * identity for the company seal. A company party may verify its signer by 人脸核身 instead of the
 * code (VerificationCode type 2): the page runs the face check and sends face.passed with the
 * passed check's faceId, which stands in for the code; the request then carries that faceId. The
 * state codeSent is "can sign": a code was sent or a face check passed. Every refusal of the server
 * (wrong code, wrong identity 400020, expired, already signed) is shown and nothing moves on; the
 * server decides, the client only asks.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';

export type SigningLanding = components['schemas']['SignLanding'];

export type CodeSent = { phone: string; resendIn: number };

export type SignRequest =
  | {
      kind: 'individual';
      verificationCode: string;
      signatureKind: 1 | 2;
      signatureImage: string;
      /** A quick-sign person who fills in their own details (fillMethods 2): their certificate. */
      identity?: { certType: 1 | 2 | 3 | 4; certNo: string; name?: string };
    }
  | {
      kind: 'company';
      verificationCode: string;
      name: string;
      idNo: string;
      mobileNo: string;
      company: string;
      orgCode: string;
      /** 人脸核身 instead of the SMS code (type 2): the passed check's faceId ('' when none passed). */
      faceId?: string;
    };

/** The server's answer and, when the actor could read it, the link's landing after signing. */
export type SignResult = { state: number; previewUrl?: string; landing?: SigningLanding };

export const signingMessages = {
  codeSent: (phone: string) => `验证码已发送至 ${phone}`,
  codeMissing: '请输入6位短信验证码',
  signatureMissing: '请先签名',
  signerMissing: '请填写签署人姓名、身份证号和手机号',
  facePassed: '人脸核身已通过，可以确认签署',
  faceMissing: '请先完成人脸核身',
  signed: '签署成功',
  allSigned: '签署成功，全部签署方已签署，合同已签约',
  alreadySigned: '您已签署，请勿重复签署',
  expired: '签署链接已过期，请联系经办人重新发起签署',
  notSignable: '当前合同不在待签字状态，不能签署',
} as const;

export type SigningLinkEvent =
  | { type: 'code.send'; mobileNo?: string }
  | { type: 'sign.submit'; request: SignRequest }
  | { type: 'face.passed'; faceId: string }
  | { type: 'landing.reload' };

export type SigningLinkContext = {
  hash: string;
  landing: SigningLanding | null;
  codePhone: string | null;
  /** The signer's passed face check (company parties), which stands in for the SMS code. */
  faceId: string | null;
  result: SignResult | null;
  notice: { kind: 'error' | 'success' | 'info'; text: string } | null;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const landingOf = (event: unknown) => (event as { output: SigningLanding }).output;
const submitted = (event: unknown) => (event as Extract<SigningLinkEvent, { type: 'sign.submit' }>).request;

export const signingLinkMachine = setup({
  types: {
    context: {} as SigningLinkContext,
    events: {} as SigningLinkEvent,
    input: {} as { hash: string } | undefined,
  },
  actors: {
    loadLanding: fromPromise<SigningLanding, { hash: string }>(async () => {
      throw new Error('loadLanding is provided by the app');
    }),
    sendCode: fromPromise<CodeSent, { hash: string; mobileNo?: string }>(async () => {
      throw new Error('sendCode is provided by the app');
    }),
    signLink: fromPromise<SignResult, { hash: string; request: SignRequest }>(async () => {
      throw new Error('signLink is provided by the app');
    }),
  },
  guards: {
    isAlreadySigned: ({ event }) => landingOf(event).signatory.signStatus === 1,
    isExpired: ({ event }) => landingOf(event).expired === 1,
    isNotAwaiting: ({ event }) => landingOf(event).state !== 7,
    isCodeMissing: ({ event }) => {
      const request = submitted(event);
      return (
        !(request.kind === 'company' && request.faceId !== undefined) &&
        !/^\d{6}$/.test(request.verificationCode)
      );
    },
    isFaceMissing: ({ context, event }) => {
      const request = submitted(event);
      return request.kind === 'company' && request.faceId !== undefined && request.faceId !== context.faceId;
    },
    isSignatureMissing: ({ event }) => {
      const request = submitted(event);
      return request.kind === 'individual' && request.signatureImage === '';
    },
    isSignerMissing: ({ event }) => {
      const request = submitted(event);
      return request.kind === 'company' && (!request.name.trim() || !request.idNo || !request.mobileNo);
    },
    canVerify: ({ context }) => context.codePhone !== null || context.faceId !== null,
    isAllSigned: ({ event }) => (event as unknown as { output: SignResult }).output.state === 8,
  },
  actions: {
    keepLanding: assign({ landing: ({ event }) => landingOf(event), notice: null }),
    keepCodePhone: assign({
      codePhone: ({ event }) => (event as unknown as { output: CodeSent }).output.phone,
      notice: ({ event }) => ({
        kind: 'info' as const,
        text: signingMessages.codeSent((event as unknown as { output: CodeSent }).output.phone),
      }),
    }),
    keepFaceId: assign({
      faceId: ({ event }) => (event as Extract<SigningLinkEvent, { type: 'face.passed' }>).faceId,
      notice: { kind: 'info' as const, text: signingMessages.facePassed },
    }),
    keepResult: assign({
      result: ({ event }) => (event as unknown as { output: SignResult }).output,
      landing: ({ context, event }) =>
        (event as unknown as { output: SignResult }).output.landing ?? context.landing,
    }),
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<SigningLinkContext['notice']>) => notice }),
  },
}).createMachine({
  id: 'signingLink',
  context: ({ input }) => ({
    hash: input?.hash ?? '',
    landing: null,
    codePhone: null,
    faceId: null,
    result: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLanding',
        src: 'loadLanding',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: [
          {
            guard: 'isAlreadySigned',
            target: 'closed',
            actions: [
              'keepLanding',
              { type: 'notify', params: { kind: 'info', text: signingMessages.alreadySigned } },
            ],
          },
          {
            guard: 'isNotAwaiting',
            target: 'closed',
            actions: [
              'keepLanding',
              { type: 'notify', params: { kind: 'info', text: signingMessages.notSignable } },
            ],
          },
          {
            guard: 'isExpired',
            target: 'closed',
            actions: [
              'keepLanding',
              { type: 'notify', params: { kind: 'error', text: signingMessages.expired } },
            ],
          },
          { target: 'ready', actions: 'keepLanding' },
        ],
        onError: { target: 'loadFailed', actions: 'showActorError' },
      },
    },
    loadFailed: { on: { 'landing.reload': 'loading' } },
    closed: { on: { 'landing.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'code.send': 'sendingCode',
            'face.passed': { target: 'codeSent', actions: 'keepFaceId' },
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context, event }) => ({
              hash: context.hash,
              ...((event as Extract<SigningLinkEvent, { type: 'code.send' }>).mobileNo
                ? { mobileNo: (event as Extract<SigningLinkEvent, { type: 'code.send' }>).mobileNo }
                : {}),
            }),
            onDone: { target: 'codeSent', actions: 'keepCodePhone' },
            onError: [
              { guard: 'canVerify', target: 'codeSent', actions: 'showActorError' },
              { target: 'idle', actions: 'showActorError' },
            ],
          },
        },
        codeSent: {
          on: {
            'code.send': 'sendingCode',
            'face.passed': { actions: 'keepFaceId' },
            'sign.submit': [
              {
                guard: 'isCodeMissing',
                actions: { type: 'notify', params: { kind: 'error', text: signingMessages.codeMissing } },
              },
              {
                guard: 'isFaceMissing',
                actions: { type: 'notify', params: { kind: 'error', text: signingMessages.faceMissing } },
              },
              {
                guard: 'isSignatureMissing',
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: signingMessages.signatureMissing },
                },
              },
              {
                guard: 'isSignerMissing',
                actions: { type: 'notify', params: { kind: 'error', text: signingMessages.signerMissing } },
              },
              { target: 'signing' },
            ],
          },
        },
        signing: {
          invoke: {
            id: 'signLink',
            src: 'signLink',
            input: ({ context, event }) => ({ hash: context.hash, request: submitted(event) }),
            onDone: [
              {
                guard: 'isAllSigned',
                target: '#signingLink.signed',
                actions: [
                  'keepResult',
                  { type: 'notify', params: { kind: 'success', text: signingMessages.allSigned } },
                ],
              },
              {
                target: '#signingLink.signed',
                actions: [
                  'keepResult',
                  { type: 'notify', params: { kind: 'success', text: signingMessages.signed } },
                ],
              },
            ],
            onError: { target: 'codeSent', actions: 'showActorError' },
          },
        },
      },
    },
    signed: { on: { 'landing.reload': 'loading' } },
  },
});
