/**
 * 验签 (the public verification page): choose a PDF, it is checked (the size before uploading),
 * sent, and the report or the refusal is shown; choosing another file starts again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { maxVerifyFileBytes, verifyMessages } from '../domain/pdf-verification';

export type VerifyReport = components['schemas']['VerifyReport'];
export type VerificationFile = { name: string; size: number; data: Blob | null };

export type PdfVerificationContext = {
  file: VerificationFile | null;
  report: VerifyReport | null;
  error: string | null;
};

export type PdfVerificationEvent = { type: 'file.choose'; file: VerificationFile } | { type: 'reset' };

const choose = [
  { guard: 'isTooLarge' as const, target: 'failed' as const, actions: 'refuseTooLarge' as const },
  { target: 'verifying' as const, actions: 'keepFile' as const },
];

export const pdfVerificationMachine = setup({
  types: { context: {} as PdfVerificationContext, events: {} as PdfVerificationEvent },
  actors: {
    verify: fromPromise<VerifyReport, { file: VerificationFile }>(async () => {
      throw new Error('verify is provided by the page');
    }),
  },
  guards: {
    isTooLarge: ({ event }) => event.type === 'file.choose' && event.file.size > maxVerifyFileBytes,
  },
  actions: {
    keepFile: assign({
      file: ({ event }) => (event.type === 'file.choose' ? event.file : null),
      report: null,
      error: null,
    }),
    refuseTooLarge: assign({
      file: ({ event }) => (event.type === 'file.choose' ? event.file : null),
      report: null,
      error: verifyMessages.tooLarge,
    }),
  },
}).createMachine({
  id: 'pdfVerification',
  context: { file: null, report: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'file.choose': choose } },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'verified', actions: assign({ report: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    verified: {
      on: {
        'file.choose': choose,
        reset: { target: 'idle', actions: assign({ file: null, report: null }) },
      },
    },
    failed: {
      on: {
        'file.choose': choose,
        reset: { target: 'idle', actions: assign({ file: null, error: null }) },
      },
    },
  },
});
