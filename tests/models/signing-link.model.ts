/** The signing-link machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import {
  signingLinkMachine,
  type SignRequest,
  type SigningLanding,
  type SigningLinkContext,
} from '../../machines/signing-link.machine';
import type { ModelSpec } from '../support/machine-model';

// state first: path descriptions keep only the start of a payload.
export function landing(state: 7 | 8 | 1, signStatus: 0 | 1, expired: 0 | 1): SigningLanding {
  const signatory = { signatoryId: 1, role: 1 as const, subjectType: 1 as const, name: '张三', signStatus };
  return {
    state,
    expired,
    hash: 'a'.repeat(32),
    contractId: 1,
    contractNo: 'HT202611230001',
    boxName: '二手房买卖合同',
    signatory,
    signatories: [signatory],
    previewUrl: '/files/contract.pdf',
    needFace: 0,
  };
}

export const individualRequest: SignRequest = {
  kind: 'individual',
  verificationCode: '123456',
  signatureKind: 1,
  signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
};

export const companyRequest: SignRequest = {
  kind: 'company',
  verificationCode: '123456',
  name: '王店长',
  idNo: '440304198501011234',
  mobileNo: '13800000001',
  company: '安居房产经纪有限公司',
  orgCode: '91440300MA5F000001',
};

/** A passed face check of the company party's signer (人脸核身 instead of the SMS code). */
export const faceId = 'F0123456789abcdef01234567';

export const faceRequest: Extract<SignRequest, { kind: 'company' }> = {
  ...companyRequest,
  verificationCode: '',
  faceId,
};

export const signingLinkModel: ModelSpec = {
  machine: signingLinkMachine,
  serializeContext: (context) => {
    const { codePhone, faceId, notice } = context as SigningLinkContext;
    return { codePhone, faceId, notice: notice?.text ?? null };
  },
  browserSerializeContext: (context) => ({
    hasCode: (context as SigningLinkContext).codePhone !== null,
    hasFace: (context as SigningLinkContext).faceId !== null,
  }),
  events: {
    'xstate.done.actor.loadLanding': [
      { type: 'xstate.done.actor.loadLanding', output: landing(7, 0, 0) },
      { type: 'xstate.done.actor.loadLanding', output: landing(7, 1, 0) },
      { type: 'xstate.done.actor.loadLanding', output: landing(7, 0, 1) },
      { type: 'xstate.done.actor.loadLanding', output: landing(1, 0, 0) },
    ],
    'xstate.error.actor.loadLanding': [
      { type: 'xstate.error.actor.loadLanding', error: new Error('签署链接不存在') },
    ],
    'code.send': [{ type: 'code.send' }],
    'xstate.done.actor.sendCode': [
      { type: 'xstate.done.actor.sendCode', output: { phone: '138****2222', resendIn: 60 } },
    ],
    'xstate.error.actor.sendCode': [
      { type: 'xstate.error.actor.sendCode', error: new Error('验证码发送过于频繁，请稍后再试') },
    ],
    'sign.submit': [
      { type: 'sign.submit', request: individualRequest },
      { type: 'sign.submit', request: companyRequest },
      { type: 'sign.submit', request: { ...individualRequest, signatureKind: 2 } },
      { type: 'sign.submit', request: { ...individualRequest, verificationCode: '12' } },
      { type: 'sign.submit', request: { ...individualRequest, signatureImage: '' } },
      { type: 'sign.submit', request: { ...companyRequest, name: ' ' } },
      { type: 'sign.submit', request: faceRequest },
      // 人脸核身 chosen but no check passed.
      { type: 'sign.submit', request: { ...faceRequest, faceId: '' } },
    ],
    'face.passed': [{ type: 'face.passed', faceId }],
    'xstate.done.actor.signLink': [
      { type: 'xstate.done.actor.signLink', output: { state: 7 } },
      { type: 'xstate.done.actor.signLink', output: { state: 8 } },
    ],
    'xstate.error.actor.signLink': [{ type: 'xstate.error.actor.signLink', error: new Error('验证码错误') }],
    'landing.reload': [{ type: 'landing.reload' }],
  },
};
