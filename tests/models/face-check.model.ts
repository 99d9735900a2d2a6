/** The face-check machine's model: payload samples for its events (the same for vitest and coverage). */
import { faceCheckMachine, type FaceCheckContext, type FaceStatus } from '../../machines/face-check.machine';
import type { ModelSpec } from '../support/machine-model';
import { idCard } from '../support/test-data';

export const faceId = 'F0123456789abcdef01234567';

export const identity = { name: '王店长', idNo: idCard('44030419850101123') };

export function faceStatus(status: 0 | 1 | 2 | 3): FaceStatus {
  // status first: path descriptions keep only the start of a payload.
  return {
    status,
    faceId,
    message: status === 2 ? '人脸比对未通过' : status === 3 ? '核身已过期，请重新发起' : null,
  };
}

export const faceCheckModel: ModelSpec = {
  machine: faceCheckMachine,
  serializeContext: (context) => ({ notice: (context as FaceCheckContext).notice?.text ?? null }),
  events: {
    'face.start': [
      { type: 'face.start', identity },
      { type: 'face.start', identity: { name: ' ', idNo: identity.idNo } },
      { type: 'face.start', identity: { name: identity.name, idNo: '440304198501011230' } },
    ],
    'xstate.done.actor.startFace': [
      {
        type: 'xstate.done.actor.startFace',
        output: { faceId, faceUrl: `/#/sandbox/face?faceId=${faceId}`, expireTime: '2026-11-23 10:10:00' },
      },
    ],
    'xstate.error.actor.startFace': [
      {
        type: 'xstate.error.actor.startFace',
        error: new Error('王店长 身份信息填写错误 请填写正确信息再提交'),
      },
    ],
    'xstate.done.actor.readFaceStatus': ([0, 1, 2, 3] as const).map((status) => ({
      type: 'xstate.done.actor.readFaceStatus',
      output: faceStatus(status),
    })),
    'xstate.error.actor.readFaceStatus': [
      { type: 'xstate.error.actor.readFaceStatus', error: new Error('网络错误') },
    ],
  },
};
