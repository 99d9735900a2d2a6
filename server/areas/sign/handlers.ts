/**
 * Handlers of the sign lifecycle operations of openapi/paths/sign.yaml: sign settings, templates
 * for signing, contract submission and edit, drafts, start / terminate / complete / void / revoke /
 * delete, the list, counts, detail, buttons and the operation log. Signing itself (links, seals,
 * face verification, PDFs, printing) is another area's.
 */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { readSignBalance } from '../recharge/entitlements';
import { listTemplatesForSigning, requireUsableTemplate } from '../template/templates';
import { requireFlagsOf } from '../template/template-settings';
import { findVisibleContract, requireSignAuth } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import {
  companyNameOf,
  editContract,
  readButtons,
  readContractContent,
  readContractDetail,
  submitContract,
} from './contracts';
import { countByState, listContracts } from './contract-list';
import { deleteDraft, listDrafts, readDraft, saveDraft } from './drafts';
import {
  completeContract,
  deleteContract,
  invalidContract,
  revokeInvalid,
  startContract,
  terminateContract,
} from './lifecycle';
import { listLogs } from './operation-log';
import { readSignSetting, saveSignSetting } from './settings';
import { defaultBodyState } from '../signing/seals';

export const signHandlers = {
  async signSetting({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.settings);
    await saveSignSetting(context.db, session.companyId, session.userId, body.signType);
    return { message: '签约设置已保存' };
  },
  async getSignSetting(_input, context) {
    // Everyone who starts contracts needs the type (it picks the step-by-step or the visual page).
    return { data: await readSignSetting(context.db, requireSession(context).companyId) };
  },
  async signCompanyInfo(_input, context) {
    const session = requireSession(context);
    const setting = await readSignSetting(context.db, session.companyId);
    return {
      data: {
        companyId: session.companyId,
        companyName: await companyNameOf(context.db, session.companyId),
        signBalance: await readSignBalance(context.db, session.companyId),
        ...(await defaultBodyState(context.db, session.companyId)),
        signType: setting.signType,
      },
    };
  },
  async templatePostsV2({ query }, context) {
    return { data: await listTemplatesForSigning(context.db, requireSession(context), query) };
  },
  async signingField({ query }, context) {
    const template = await requireUsableTemplate(context.db, requireSession(context), query.boxId);
    return { data: { fields: template.fields, requireFlags: requireFlagsOf(template) } };
  },
  async contractSubmissionV2501({ body }, context) {
    return {
      data: await submitContract(context.db, requireSession(context), context.clock.now(), body),
      message: '提交成功',
    };
  },
  async contractEditV2501({ body }, context) {
    return {
      data: await editContract(context.db, requireSession(context), context.clock.now(), body),
      message: '修改成功',
    };
  },
  async contractStart({ body }, context) {
    const data = await startContract(context.db, context.clock, requireSession(context), body);
    return { data, message: body.type === 1 ? '审批已发起' : '签署已发起' };
  },
  async contractTerminate({ body }, context) {
    return {
      data: await terminateContract(context.db, context.clock, requireSession(context), body, context),
      message: '合同已终止',
    };
  },
  async contractComplete({ body }, context) {
    return {
      data: await completeContract(context.db, context.clock, requireSession(context), body.contractId),
      message: '签约已完成',
    };
  },
  async signInvalid({ body }, context) {
    return {
      data: await invalidContract(context.db, context.clock, requireSession(context), body),
      message: '合同已作废',
    };
  },
  async signInvalidRevoke({ body }, context) {
    return {
      data: await revokeInvalid(context.db, context.clock, requireSession(context), body.contractId),
      message: '已撤销作废',
    };
  },
  async signDelete({ body }, context) {
    await deleteContract(context.db, context.clock, requireSession(context), body.contractId);
    return { message: '删除成功' };
  },
  async signDetailButtonV2501({ query }, context) {
    return { data: await readButtons(context.db, requireSession(context), query.contractId) };
  },
  async signPosts({ query }, context) {
    return listContracts(context.db, requireSession(context), query);
  },
  async pageCount({ query }, context) {
    return { data: await countByState(context.db, requireSession(context), query) };
  },
  async signDetailV3({ query }, context) {
    return { data: await readContractDetail(context.db, requireSession(context), query.contractId) };
  },
  async signContent({ query }, context) {
    return { data: await readContractContent(context.db, requireSession(context), query.contractId) };
  },
  async operationlogs({ query }, context) {
    const session = requireSession(context);
    const snapshot = await requireSignAuth(context.db, session, SignAuth.view);
    const contract = await findVisibleContract(context.db, session, query.contractId, snapshot);
    return listLogs(context.db, session.companyId, contract.id, {
      index: query.pageindex ?? 1,
      size: query.pagesize ?? 10,
    });
  },
  async signDraftSave({ body }, context) {
    return {
      data: await saveDraft(context.db, requireSession(context), context.clock.now(), body),
      message: '已保存',
    };
  },
  async signDraftPosts({ query }, context) {
    return listDrafts(context.db, requireSession(context), query);
  },
  async signDraftDetail({ query }, context) {
    return { data: await readDraft(context.db, requireSession(context), query.draftCode) };
  },
  async signDraftDel({ body }, context) {
    await deleteDraft(context.db, requireSession(context), body.draftCode);
    return { message: '草稿已删除' };
  },
} satisfies HandlerMap;
