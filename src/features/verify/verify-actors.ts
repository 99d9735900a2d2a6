/** The 验签 page's call: the pdfVerification machine's verify actor (public, no session). */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { VerificationFile, VerifyReport } from '../../../machines/pdf-verification.machine';

export const verifyActors = {
  verify: fromPromise<VerifyReport, { file: VerificationFile }>(async ({ input }) => {
    const form = new FormData();
    if (input.file.data) form.set('file', input.file.data, input.file.name);
    const result = await ok(
      api.POST('/verify/verifyPdfSignatures', { body: { file: '' }, bodySerializer: () => form }),
    );
    if (!result.data) throw new Error('验签失败');
    return result.data;
  }),
};
