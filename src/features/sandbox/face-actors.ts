/** The call of the sandbox face verification page (openapi/paths/signing.yaml), as the actor of its machine. */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';

export type FaceDecision = components['schemas']['SignFaceStatus'];

/** Nothing to read before the person decides: the page only knows the faceId of its address. */
export const loadNothing = fromPromise<unknown>(async () => null);

/** 核身通过 (true) or 核身不通过 (false); the answer is the check as the provider now holds it. */
export function decideFace(faceId: string) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }): Promise<FaceDecision> => {
    const result = await ok(
      api.POST('/sandbox/faceDecide', { body: { faceId, pass: input.value === true } }),
    );
    if (!result.data) throw new Error('核身记录不存在');
    return result.data;
  });
}
