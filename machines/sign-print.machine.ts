/**
 * Printing a sign contract from its detail (issue 18; signViewPrint, signUpdatePrint, signPrintAgain):
 * a contract prints once. The first print opens the PDF for the browser to print and, when the person
 * says it is printed, registers it (the count goes up). After that, printing again needs a request
 * with a reason, which allows one more print. A voided contract does not print (the server's 409).
 */
import { assign, fromPromise, setup } from 'xstate';

export type SignPrintView = {
  contractId: number;
  pdfUrl: string;
  printCount: number;
  canPrint: 0 | 1;
  lastPrintTime?: string | null;
};

export type SignPrintContext = {
  contractId: number;
  view: SignPrintView | null;
  error: string | null;
};

export type SignPrintEvent =
  | { type: 'retry' }
  | { type: 'print' }
  | { type: 'print.done' }
  | { type: 'print.cancel' }
  | { type: 'again' }
  | { type: 'again.submit'; reason: string }
  | { type: 'again.cancel' };

export const signPrintMessages = {
  printedHint: '合同已打印过，如需再次打印请先申请重新打印',
  confirmPrinted: '打印完成后请点击「已打印」登记，打印次数将加 1',
  reasonRequired: '请输入重新打印原因',
} as const;

const errorText = ({ event }: { event: { error: unknown } }) =>
  event.error instanceof Error ? event.error.message : String(event.error);

export const signPrintMachine = setup({
  types: {
    context: {} as SignPrintContext,
    events: {} as SignPrintEvent,
    input: {} as { contractId: number } | undefined,
  },
  actors: {
    loadPrintView: fromPromise<SignPrintView, { contractId: number }>(async () => {
      throw new Error('loadPrintView is provided by the page');
    }),
    registerPrint: fromPromise<SignPrintView, { contractId: number }>(async () => {
      throw new Error('registerPrint is provided by the page');
    }),
    requestPrintAgain: fromPromise<SignPrintView, { contractId: number; reason: string }>(async () => {
      throw new Error('requestPrintAgain is provided by the page');
    }),
  },
  guards: {
    canPrint: ({ event }) => (event as unknown as { output: SignPrintView }).output.canPrint === 1,
    hasReason: ({ event }) => event.type === 'again.submit' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'signPrint',
  context: ({ input }) => ({ contractId: input?.contractId ?? 0, view: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPrintView',
        src: 'loadPrintView',
        input: ({ context }) => ({ contractId: context.contractId }),
        onDone: [
          {
            guard: 'canPrint',
            target: 'ready',
            actions: assign({ view: ({ event }) => event.output, error: null }),
          },
          { target: 'printed', actions: assign({ view: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: errorText }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    /** It may print now (never printed, or a request to print again was made). */
    ready: { on: { print: { target: 'printing', actions: assign({ error: null }) } } },
    /** The PDF is open for the browser to print; the person says when it is printed. */
    printing: { on: { 'print.done': 'registering', 'print.cancel': 'ready' } },
    registering: {
      invoke: {
        id: 'registerPrint',
        src: 'registerPrint',
        input: ({ context }) => ({ contractId: context.contractId }),
        onDone: { target: 'printed', actions: assign({ view: ({ event }) => event.output, error: null }) },
        onError: { target: 'ready', actions: assign({ error: errorText }) },
      },
    },
    /** Printed: printing again needs a request with a reason. */
    printed: { on: { again: { target: 'askingReason', actions: assign({ error: null }) } } },
    askingReason: {
      on: {
        'again.submit': [
          { guard: 'hasReason', target: 'requesting' },
          { actions: assign({ error: signPrintMessages.reasonRequired }) },
        ],
        'again.cancel': { target: 'printed', actions: assign({ error: null }) },
      },
    },
    requesting: {
      invoke: {
        id: 'requestPrintAgain',
        src: 'requestPrintAgain',
        input: ({ context, event }) => ({
          contractId: context.contractId,
          reason: (event as Extract<SignPrintEvent, { type: 'again.submit' }>).reason.trim(),
        }),
        onDone: { target: 'ready', actions: assign({ view: ({ event }) => event.output, error: null }) },
        onError: { target: 'askingReason', actions: assign({ error: errorText }) },
      },
    },
  },
});
