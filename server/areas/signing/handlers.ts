/**
 * Handlers of signing for real: identity and face verification, corporate registration, seals and
 * their seal-free authorisation, verification codes, signing by link and the audit trail.
 */
import type { HandlerMap } from '../../contract/types';
import { notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { sendVerifyCode } from '../user/verify-codes';
import { requireSession } from '../user/handlers';
import { findVisibleContract, requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { listAudit } from './documents';
import { decideFaceCheck, readFaceStatus, startFaceCheck } from './identity';
import {
  createCompanyLinkCode,
  readLanding,
  readSignInfo,
  sendLinkCode,
  signCompany,
  signIndividual,
} from './links';
import {
  authExpireList,
  authoriseSealFree,
  createPictureSeal,
  createSeal,
  deleteSeal,
  listBodies,
  listSeals,
  registerCompany,
  selectableBodies,
  updateSeal,
  waitAuthList,
} from './seals';

const certTypes = [
  { certType: 1 as const, certName: '居民身份证' },
  { certType: 2 as const, certName: '护照' },
  { certType: 3 as const, certName: '港澳居民来往内地通行证' },
  { certType: 4 as const, certName: '台湾居民来往大陆通行证' },
];

export const signingHandlers = {
  async getFaceUrl({ body }, context) {
    return { data: await startFaceCheck(context.db, requireSession(context), context.clock.now(), body) };
  },
  async getFaceStatus({ query }, context) {
    return {
      data: await readFaceStatus(context.db, requireSession(context), context.clock.now(), query.faceId),
    };
  },
  async sandboxFaceDecide({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱服务未开启');
    return { data: await decideFaceCheck(context.db, context.clock.now(), body.faceId, body.pass) };
  },
  async regCompanyInfo({ body }, context) {
    return { data: await registerCompany(context.db, requireSession(context), body) };
  },
  async signRegCompanyPosts({ query }, context) {
    return listBodies(context.db, requireSession(context), query);
  },
  async signaturePosts({ query }, context) {
    return listSeals(context.db, requireSession(context), query);
  },
  async signSelectBody(_input, context) {
    return { data: await selectableBodies(context.db, requireSession(context)) };
  },
  async getCertTypeList(_input, context) {
    requireSession(context);
    return { data: certTypes };
  },
  async Verification({ query }, context) {
    requireSession(context);
    return {
      data: await sendVerifyCode(
        context.db,
        context.clock,
        context.sms,
        query.mobileNo,
        context.smsResendSeconds,
      ),
    };
  },
  async createSignature({ body }, context) {
    return {
      data: await createSeal(context.db, context.clock, context.files, requireSession(context), body),
    };
  },
  async updateSignature({ body }, context) {
    return {
      data: await updateSeal(context.db, context.clock, context.files, requireSession(context), body),
    };
  },
  async createPictureSignature({ body, files }, context) {
    const file = files.find((candidate) => candidate.fieldName === 'file');
    return {
      data: await createPictureSeal(
        context.db,
        context.clock,
        context.files,
        requireSession(context),
        body,
        file,
      ),
    };
  },
  async companySignatureDelete({ body }, context) {
    await deleteSeal(context.db, context.clock, requireSession(context), body.sealId);
    return { message: '印章已删除' };
  },
  async regSealWaitAuthList(_input, context) {
    return waitAuthList(context.db, requireSession(context), context.clock.now());
  },
  async sealAuthFreeSign({ body }, context) {
    return { data: await authoriseSealFree(context.db, requireSession(context), context.clock.now(), body) };
  },
  async sealAuthFreeExpireList(_input, context) {
    return authExpireList(context.db, requireSession(context), context.clock.now());
  },
  async signLandingByHash({ path }, context) {
    return {
      data: await readLanding(
        context.db,
        context.files,
        requireSession(context),
        context.clock.now(),
        path.hash,
      ),
    };
  },
  async createCorpWxMiniCode({ query }, context) {
    return {
      data: await createCompanyLinkCode(context.db, requireSession(context), context.clock.now(), query.hash),
    };
  },
  async getSignInfo({ query }, context) {
    return { data: await readSignInfo(context.db, requireSession(context), query.contractId) };
  },
  async signLinkCode({ query }, context) {
    const session = requireSession(context);
    return {
      data: await sendLinkCode(
        context.db,
        context.clock,
        context.sms,
        session,
        context.smsResendSeconds,
        query.hash,
      ),
    };
  },
  async signByHash({ body }, context) {
    const session = requireSession(context);
    return { data: await signIndividual({ ...context, session }, body) };
  },
  async VerificationCode({ body }, context) {
    const session = requireSession(context);
    return { data: await signCompany({ ...context, session }, body) };
  },
  async signAuditTrail({ query }, context) {
    const session = requireSession(context);
    const snapshot = await requireSignAuth(context.db, session, SignAuth.view);
    const contract = await findVisibleContract(context.db, session, query.contractId, snapshot);
    const events = await listAudit(context.db, session.companyId, contract.id);
    return {
      data: events.map((event) => ({
        eventId: event.id,
        actor: event.actor,
        action: event.action,
        detail: event.detail,
        ip: event.ip,
        hashBefore: event.hashBefore,
        hashAfter: event.hashAfter,
        createTime: formatDateTime(event.createdAt),
      })),
    };
  },
} satisfies HandlerMap;
