/**
 * The calls of identity and corporate registration (001 sections 3 and 7): face verification
 * (getFaceUrl / getFaceStatus) as the face-check machine's actors, and the 企业认证 section's data —
 * the company's e-sign summary (companyInfo), its registered signing bodies (signRegCompanyPosts),
 * the bodies and seals a contract can be signed with (signSelectBody), the certificate types
 * (getCertTypeList) — and its one change, registering a body with its licence picture.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import {
  faceCheckMachine,
  type FaceIdentity,
  type FaceStarted,
  type FaceStatus,
} from '../../../machines/face-check.machine';

type Schemas = components['schemas'];
export type SignCompanyInfo = Schemas['SignCompanyInfo'];
export type SignRegCompanyItem = Schemas['SignRegCompanyItem'];
export type SignSelectBody = Schemas['SignSelectBody'];
export type SignCertTypeItem = Schemas['SignCertTypeItem'];
export type SignRegCompany = Schemas['SignRegCompany'];

export const faceCheckActors = {
  startFace: fromPromise<FaceStarted, { identity: FaceIdentity }>(async ({ input }) => {
    const { name, idNo, hash } = input.identity;
    const result = await ok(
      api.POST('/sign/getFaceUrl', { body: { name, idNo, ...(hash ? { hash } : {}) } }),
    );
    if (!result.data) throw new Error('未取得核身地址');
    return result.data;
  }),
  readFaceStatus: fromPromise<FaceStatus, { faceId: string }>(async ({ input }) => {
    const result = await ok(api.GET('/sign/getFaceStatus', { params: { query: { faceId: input.faceId } } }));
    if (!result.data) throw new Error('核身记录不存在');
    return result.data;
  }),
};

/** The provider's page opens in a new tab: on a real provider it is a page on the person's phone or browser. */
export function createFaceCheckMachine() {
  return faceCheckMachine.provide({
    actors: faceCheckActors,
    actions: {
      openFaceUrl: ({ context }) => {
        if (context.faceUrl) window.open(context.faceUrl, '_blank', 'noopener');
      },
    },
  });
}

export type RegistrationScreenData = {
  company: SignCompanyInfo | null;
  bodies: SignRegCompanyItem[];
  total: number;
  selectable: SignSelectBody[];
  certTypes: SignCertTypeItem[];
};

async function fetchRegistrationScreen(): Promise<RegistrationScreenData> {
  const [company, bodies, selectable, certTypes] = await Promise.all([
    ok(api.GET('/sign/companyInfo')),
    ok(api.GET('/sign/signRegCompanyPosts', { params: { query: { pageindex: 1, pagesize: 15 } } })),
    ok(api.GET('/sign/signSelectBody')),
    ok(api.GET('/sign/getCertTypeList')),
  ]);
  return {
    company: company.data ?? null,
    bodies: bodies.data ?? [],
    total: bodies.total ?? 0,
    selectable: selectable.data ?? [],
    certTypes: certTypes.data ?? [],
  };
}

export const loadRegistrationScreen = fromPromise<unknown>(fetchRegistrationScreen);

/** What the registration form hands over: the contract's fields and the licence picture to upload first. */
export type Registration = { body: Omit<SignRegCompany, 'licenseUrl'>; licence: File };

/** Uploads the licence (/base/uploadPhoto), registers the body, then reads the section again. */
export const saveRegistration = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const { body, licence } = input.value as Registration;
  const form = new FormData();
  form.set('file', licence);
  const uploaded = await ok(
    api.POST('/base/uploadPhoto', { body: { file: '' }, bodySerializer: () => form }),
  );
  if (!uploaded.data) throw new Error('营业执照图片上传失败');
  await ok(api.POST('/sign/regCompanyInfo', { body: { ...body, licenseUrl: uploaded.data.url } }));
  return fetchRegistrationScreen();
});
