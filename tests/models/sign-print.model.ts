/** The sign-print machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  signPrintMachine,
  type SignPrintContext,
  type SignPrintView,
} from '../../machines/sign-print.machine';
import type { ModelSpec } from '../support/machine-model';

export const view = (canPrint: 0 | 1, printCount: number): SignPrintView => ({
  contractId: 7,
  pdfUrl: '/files/contract.pdf',
  printCount,
  canPrint,
  lastPrintTime: printCount > 0 ? '2026-11-25 10:00:00' : null,
});

const failure = (code: number, message: string) => Object.assign(new Error(message), { code });

export const signPrintModel: ModelSpec = {
  machine: signPrintMachine,
  serializeContext: (context) => {
    const c = context as SignPrintContext;
    return [c.view?.printCount ?? null, c.error === null ? 0 : 1];
  },
  browserSerializeContext: () => 0,
  events: {
    'xstate.done.actor.loadPrintView': [
      { type: 'xstate.done.actor.loadPrintView', output: view(1, 0) },
      { type: 'xstate.done.actor.loadPrintView', output: view(0, 1) },
    ],
    'xstate.error.actor.loadPrintView': [
      { type: 'xstate.error.actor.loadPrintView', error: failure(409, '当前状态不允许此操作！') },
    ],
    'xstate.done.actor.registerPrint': [{ type: 'xstate.done.actor.registerPrint', output: view(0, 1) }],
    'xstate.error.actor.registerPrint': [
      { type: 'xstate.error.actor.registerPrint', error: failure(409, '当前状态不允许此操作！') },
    ],
    'again.submit': [
      { type: 'again.submit', reason: '原件被客户带走，需重新打印' },
      { type: 'again.submit', reason: ' ' },
    ],
    'xstate.done.actor.requestPrintAgain': [
      { type: 'xstate.done.actor.requestPrintAgain', output: view(1, 1) },
    ],
    'xstate.error.actor.requestPrintAgain': [
      { type: 'xstate.error.actor.requestPrintAgain', error: failure(409, '当前状态不允许此操作！') },
    ],
  },
};
