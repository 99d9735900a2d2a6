/** The 验签 page's machine: payload samples for its events (vitest and coverage). */
import {
  pdfVerificationMachine,
  type PdfVerificationContext,
  type VerifyReport,
} from '../../machines/pdf-verification.machine';
import type { ModelSpec } from '../support/machine-model';

const report: VerifyReport = {
  fileName: 'contract.pdf',
  fileSize: 1000,
  sha256: 'a'.repeat(64),
  summary: '该文件没有数字签名',
  signatures: [],
  contract: null,
};

export const pdfVerificationModel: ModelSpec = {
  machine: pdfVerificationMachine,
  // What the page shows: a report, the message, and whether a file is named.
  serializeContext: (context) => {
    const c = context as PdfVerificationContext;
    return [c.report !== null, c.error, c.file !== null];
  },
  events: {
    'file.choose': [
      { type: 'file.choose', file: { name: 'contract.pdf', size: 1000, data: null } },
      { type: 'file.choose', file: { name: 'big.pdf', size: 50 * 1024 * 1024 + 1, data: null } },
    ],
    reset: [{ type: 'reset' }],
    'xstate.done.actor.verify': [{ type: 'xstate.done.actor.verify', output: report }],
    'xstate.error.actor.verify': [
      { type: 'xstate.error.actor.verify', error: new Error('不是有效的PDF文件') },
    ],
  },
};
