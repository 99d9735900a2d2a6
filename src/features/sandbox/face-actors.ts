/**
 * The calls of the sandbox face verification page (faceDecide in openapi/paths/signing.yaml, faceTimeout
 * in openapi/paths/sandbox.yaml), as the actor of its machine.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';

export type FaceDecision = components['schemas']['SignFaceStatus'];

/** Nothing to read before the person decides: the page only knows the faceId of its address. */
export const loadNothing = fromPromise<unknown>(async () => null);

/** 核身通过, 核身不通过, or 模拟超时 (the check's lifetime runs out now, as a provider's sandbox offers). */
export type FaceAction = 'pass' | 'fail' | 'timeout';

/** The person's choice on the page; the answer is the check as the provider now holds it. */
export function decideFace(faceId: string) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }): Promise<FaceDecision> => {
    const result =
      input.value === 'timeout'
        ? await ok(api.POST('/sandbox/faceTimeout', { body: { faceId } }))
        : await ok(api.POST('/sandbox/faceDecide', { body: { faceId, pass: input.value === 'pass' } }));
    if (!result.data) throw new Error('核身记录不存在');
    return result.data;
  });
}
