/**
 * Handlers of what a sign contract collects (openapi/paths/sign.yaml): follow-ups (also from 我的签约),
 * pictures and their categories, and printing. Contracts are found through the 353 range
 * (findVisibleContract) or, on the personal page, as the user's own; anything else answers 404.
 */
import type { HandlerMap, Session } from '../../contract/types';
import type { Db } from '../../db/db';
import { requireSession } from '../user/handlers';
import { findVisibleContract, requireSignAuth } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { addFollowUp, listFollowUpCategories, listFollowUps } from './follow-ups';
import { findOwnContract } from './my-page';
import { listPictureCategories, listPictures, saveCategories, savePictures } from './pictures';
import { readPrintView, recordPrint, requestPrintAgain } from './printing';

async function visible(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  return findVisibleContract(db, session, contractId, snapshot);
}

export const signMaterialHandlers = {
  async signFollowUpCategory(_input, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.view);
    return { data: await listFollowUpCategories(context.db, session.companyId) };
  },
  async signfollowUp({ body }, context) {
    const session = requireSession(context);
    const contract = await visible(context.db, session, body.contractId);
    return {
      data: await addFollowUp(context.db, context.files, session, contract, body, context.clock.now()),
      message: '跟进已保存',
    };
  },
  async getSignFollowUp({ query }, context) {
    const contract = await visible(context.db, requireSession(context), query.contractId);
    return listFollowUps(context.db, contract, query);
  },

  async getSignPictrueCategoryV2({ query }, context) {
    const contract = await visible(context.db, requireSession(context), query.contractId);
    return { data: await listPictureCategories(context.db, contract) };
  },
  async getSignPictrueV2({ query }, context) {
    const contract = await visible(context.db, requireSession(context), query.contractId);
    return { data: await listPictures(context.db, contract, query.categoryId) };
  },
  async signPictrueUpdateV2({ body }, context) {
    const session = requireSession(context);
    const contract = await visible(context.db, session, body.contractId);
    return {
      data: await savePictures(context.db, context.files, session, contract, body, context.clock.now()),
      message: '图片已保存',
    };
  },
  async signPictrueCategoryUpdateV2({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.settings);
    return { data: await saveCategories(context.db, session, body), message: '图片分类已保存' };
  },

  async signViewPrint({ query }, context) {
    const contract = await visible(context.db, requireSession(context), query.contractId);
    return { data: await readPrintView(context.db, context.files, contract) };
  },
  async signUpdatePrint({ body }, context) {
    const session = requireSession(context);
    const contract = await visible(context.db, session, body.contractId);
    return {
      data: await recordPrint(context.db, context.files, session, contract, context.clock.now()),
      message: '已登记打印',
    };
  },
  async signPrintAgain({ body }, context) {
    const session = requireSession(context);
    const contract = await visible(context.db, session, body.contractId);
    return {
      data: await requestPrintAgain(
        context.db,
        context.files,
        session,
        contract,
        body.reason,
        context.clock.now(),
      ),
      message: '已申请重新打印',
    };
  },

  async getmyPageSignFollowUp({ query }, context) {
    const session = requireSession(context);
    const contract = await findOwnContract(context.db, session, query.contractId);
    return listFollowUps(context.db, contract, query);
  },
  async myPageSignfollowUp({ body }, context) {
    const session = requireSession(context);
    const contract = await findOwnContract(context.db, session, body.contractId);
    return {
      data: await addFollowUp(context.db, context.files, session, contract, body, context.clock.now()),
      message: '跟进已保存',
    };
  },
} satisfies HandlerMap;
