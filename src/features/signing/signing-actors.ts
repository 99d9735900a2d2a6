/**
 * The calls of the awaiting-signature page and the seal management screen: the signing-link
 * machine's actors (landing, SMS code, signature or company seal — verified by SMS code or by
 * 人脸核身) and the seal screen's loads.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import { formBody, formHeaders } from '../../api/form-body';
import type { components } from '../../../openapi/generated/api';
import {
  signingLinkMachine,
  type CodeSent,
  type SignRequest,
  type SignResult,
  type SigningLanding,
} from '../../../machines/signing-link.machine';

type Schemas = components['schemas'];
export type SignSeal = Schemas['SignSeal'];
export type SignRegCompanyItem = Schemas['SignRegCompanyItem'];
export type SealWaitAuthItem = Schemas['SealWaitAuthItem'];
export type SealAuthExpireItem = Schemas['SealAuthExpireItem'];
export type SignSignatory = Schemas['SignSignatory'];
export type SealType = Schemas['SignSealType'];

/** The link as it stands after signing (who has signed now); a failed read only loses the refresh. */
async function landingAfter(hash: string): Promise<{ landing?: SigningLanding }> {
  try {
    const result = await ok(api.GET('/sign/{hash}', { params: { path: { hash } } }));
    return result.data ? { landing: result.data } : {};
  } catch {
    return {};
  }
}

export const signingLinkActors = {
  loadLanding: fromPromise<SigningLanding, { hash: string }>(async ({ input }) => {
    const result = await ok(api.GET('/sign/{hash}', { params: { path: { hash: input.hash } } }));
    if (!result.data) throw new Error('签署链接不存在');
    return result.data;
  }),
  sendCode: fromPromise<CodeSent, { hash: string; mobileNo?: string }>(async ({ input }) => {
    if (input.mobileNo) {
      const sent = await ok(
        api.GET('/sign/Verification', { params: { query: { mobileNo: input.mobileNo, scene: 2 } } }),
      );
      return {
        phone: `${input.mobileNo.slice(0, 3)}****${input.mobileNo.slice(7)}`,
        resendIn: sent.data?.resendIn ?? 60,
      };
    }
    const sent = await ok(api.GET('/sign/signLinkCode', { params: { query: { hash: input.hash } } }));
    if (!sent.data) throw new Error('验证码发送失败');
    return { phone: sent.data.phone, resendIn: sent.data.resendIn };
  }),
  signLink: fromPromise<SignResult, { hash: string; request: SignRequest }>(async ({ input }) => {
    const { request, hash } = input;
    if (request.kind === 'individual') {
      const signed = await ok(
        api.POST('/sign/signByHash', {
          body: {
            hash,
            verificationCode: request.verificationCode,
            signatureKind: request.signatureKind,
            signatureImage: request.signatureImage,
            ...(request.identity ?? {}),
          },
        }),
      );
      if (!signed.data) throw new Error('签署结果为空');
      return { state: signed.data.state, previewUrl: signed.data.previewUrl, ...(await landingAfter(hash)) };
    }
    const signed = await ok(
      api.POST('/sign/VerificationCode', {
        body: {
          hash,
          // 人脸核身 (type 2) carries the passed check's faceId; otherwise the SMS code (type 1).
          ...(request.faceId !== undefined
            ? { type: 2 as const, faceId: request.faceId }
            : { type: 1 as const, verificationCode: request.verificationCode }),
          name: request.name.trim(),
          idNo: request.idNo.trim().toUpperCase(),
          mobileNo: request.mobileNo.trim(),
          company: request.company.trim(),
          orgCode: request.orgCode.trim().toUpperCase(),
        },
        bodySerializer: formBody,
        headers: formHeaders,
      }),
    );
    if (!signed.data) throw new Error('签署结果为空');
    // The company answer carries no file address: the landing now points at the stamped (or sealed) file.
    const after = await landingAfter(hash);
    return {
      state: signed.data.state,
      ...after,
      ...(after.landing ? { previewUrl: after.landing.previewUrl } : {}),
    };
  }),
};

export function createSigningLinkMachine() {
  return signingLinkMachine.provide({ actors: signingLinkActors });
}

/** The seal management screen: signing bodies, seals of one type (or all), and the seal-free lists. */
export type SealScreenData = { bodies: SignRegCompanyItem[]; seals: SignSeal[] };
export type SealAuthData = {
  waiting: SealWaitAuthItem[];
  expiring: SealAuthExpireItem[];
  /** The last authorisation made in this window: how many seals, valid until when. */
  authorised?: { count: number; expireTime: string };
};

async function fetchSealScreen(): Promise<SealScreenData> {
  const [bodies, seals] = await Promise.all([
    ok(api.GET('/sign/signRegCompanyPosts', { params: { query: { pageindex: 1, pagesize: 50 } } })),
    ok(api.GET('/sign/signaturePosts', { params: { query: { pageindex: 1, pagesize: 100 } } })),
  ]);
  return { bodies: bodies.data ?? [], seals: seals.data ?? [] };
}

export const loadSealScreen = fromPromise<unknown>(fetchSealScreen);

export type SealChange =
  | {
      op: 'create';
      etcomid: string;
      agentCode: string;
      name: string;
      sealType: SealType;
      vercode: string;
      file: File | null;
    }
  | {
      op: 'update';
      sealId: number;
      etcomid: string;
      agentCode: string;
      name: string;
      sealType: SealType;
      vercode: string;
    }
  | { op: 'delete'; sealId: number };

/** Applies one change, then reads the screen again so it shows what the server now holds. */
export const saveSealChange = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const change = input.value as SealChange;
  switch (change.op) {
    case 'create':
      if (change.file) {
        const form = new FormData();
        form.set('file', change.file);
        form.set('etcomid', change.etcomid);
        form.set('name', change.name.trim());
        form.set('sealType', String(change.sealType));
        form.set('agentCode', change.agentCode);
        form.set('vercode', change.vercode.trim());
        await ok(
          api.POST('/sign/createPictureSignature', {
            body: {
              file: '',
              etcomid: change.etcomid,
              name: change.name,
              sealType: change.sealType,
              agentCode: change.agentCode,
              vercode: change.vercode,
            },
            bodySerializer: () => form,
          }),
        );
      } else {
        await ok(
          api.POST('/sign/createSignature', {
            body: {
              etcomid: change.etcomid,
              agentCode: change.agentCode,
              name: change.name.trim(),
              sealType: change.sealType,
              vercode: change.vercode.trim(),
            },
          }),
        );
      }
      break;
    case 'update':
      await ok(
        api.POST('/sign/updateSignature', {
          body: {
            sealId: change.sealId,
            etcomid: change.etcomid,
            agentCode: change.agentCode,
            name: change.name.trim(),
            sealType: change.sealType,
            vercode: change.vercode.trim(),
          },
        }),
      );
      break;
    case 'delete':
      await ok(api.POST('/sign/companySignatureDelete', { body: { sealId: change.sealId } }));
      break;
  }
  return fetchSealScreen();
});

export async function sendSealCode(mobileNo: string): Promise<void> {
  await ok(api.GET('/sign/Verification', { params: { query: { mobileNo: mobileNo.trim(), scene: 1 } } }));
}

async function fetchSealAuth(): Promise<SealAuthData> {
  const [waiting, expiring] = await Promise.all([
    ok(api.GET('/seal/regSealWaitAuthList')),
    ok(api.GET('/seal/sealAuthFreeExpireList')),
  ]);
  return { waiting: waiting.data ?? [], expiring: expiring.data ?? [] };
}

export const loadSealAuth = fromPromise<unknown>(fetchSealAuth);

/** Authorises every waiting seal (after 您确认要授权所有印章免验证吗？), then reads the lists again. */
export const authoriseAllSeals = fromPromise<unknown, { value: unknown }>(async () => {
  const result = await ok(api.POST('/seal/sealAuthFreeSign', { body: {} }));
  const lists = await fetchSealAuth();
  return result.data
    ? { ...lists, authorised: { count: result.data.sealIds.length, expireTime: result.data.expireTime } }
    : lists;
});
