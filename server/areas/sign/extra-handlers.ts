/**
 * Handlers of the views around a sign contract (openapi/paths/sign.yaml): contract-add flags, edit
 * history and the contract text previews, 签字记录, 我的签约 (list and detail), and the form prefilled from
 * a ledger contract (getContractSellData / getContractRentData).
 * Contracts are found through the 353 range (findVisibleContract) or, on the personal page, as
 * the user's own; anything else answers 404.
 */
import type { HandlerMap, Session } from '../../contract/types';
import type { Db } from '../../db/db';
import { requireSession } from '../user/handlers';
import { findVisibleContract, requireSignAuth, signApp } from './access';
import { ContractAuth, SignAuth } from '../../../domain/auth-ids';
import { hasAuth, noPermissionMessage } from '../../../domain/permissions';
import { forbidden } from '../../contract/envelope';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import { readContractAddAuth } from './contract-add-auth';
import { contractDetailOf } from './contracts';
import { findOwnContract, listOwnContracts } from './my-page';
import { prefillContract } from './prefill';
import { listCustomerContracts, listHouseContracts } from './deal-links';
import { listHistory, previewBlank, previewDraft, previewHistory, previewVisibleContract } from './preview';
import { listSignRecords } from './sign-records';

/** The form's prefill serves 发起签约 (352) and the ledger's 新增 of the same kind (502 / 503). */
async function requirePrefillAuth(db: Db, session: Session, type: 1 | 2): Promise<void> {
  const snapshot = await loadAuthSnapshot(db, session);
  const addLedger = type === 1 ? ContractAuth.addSale : ContractAuth.addRent;
  if (hasAuth(snapshot, signApp.appType, signApp.itemId, SignAuth.start)) return;
  if (hasAuth(snapshot, ContractAuth.appType, ContractAuth.itemId, addLedger)) return;
  throw forbidden(noPermissionMessage);
}

async function visible(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  return findVisibleContract(db, session, contractId, snapshot);
}

export const signExtraHandlers = {
  async getContractAddOperateAuth(_input, context) {
    return { data: await readContractAddAuth(context.db, requireSession(context)) };
  },

  async getContractSellData({ query }, context) {
    const session = requireSession(context);
    await requirePrefillAuth(context.db, session, 1);
    return { data: await prefillContract(context.db, session, 1, query) };
  },
  async getContractRentData({ query }, context) {
    const session = requireSession(context);
    await requirePrefillAuth(context.db, session, 2);
    return { data: await prefillContract(context.db, session, 2, query) };
  },
  async houseContracts({ query }, context) {
    return { data: await listHouseContracts(context.db, requireSession(context), query.houseId) };
  },
  async customerContracts({ query }, context) {
    return { data: await listCustomerContracts(context.db, requireSession(context), query.customerId) };
  },

  async signHistoryPosts({ query }, context) {
    return listHistory(context.db, requireSession(context), query);
  },
  async signCustomModeHistoryView({ query }, context) {
    return { data: await previewHistory(context.db, requireSession(context), query.historyId) };
  },
  async signCustomModelView({ query }, context) {
    return { data: await previewVisibleContract(context.db, requireSession(context), query.contractId) };
  },
  async signingPreviewEditContent({ query }, context) {
    return { data: await previewVisibleContract(context.db, requireSession(context), query.contractId) };
  },
  async signingPreviewViewContent({ query }, context) {
    return {
      data: await previewVisibleContract(context.db, requireSession(context), query.contractId, true),
    };
  },
  async signAddView({ query }, context) {
    return { data: await previewBlank(context.db, requireSession(context), query.boxId) };
  },
  async signingPreviewContent({ query }, context) {
    return { data: await previewBlank(context.db, requireSession(context), query.boxId) };
  },
  async signingPreviewDraftDetail({ query }, context) {
    return { data: await previewDraft(context.db, requireSession(context), query.draftCode) };
  },

  async signRecods({ query }, context) {
    const contract = await visible(context.db, requireSession(context), query.contractId);
    return listSignRecords(context.db, contract, query);
  },

  async myPageSignPosts({ query }, context) {
    return listOwnContracts(context.db, requireSession(context), query);
  },
  async myPageSignDetailV3({ query }, context) {
    const session = requireSession(context);
    return {
      data: await contractDetailOf(context.db, await findOwnContract(context.db, session, query.contractId)),
    };
  },
} satisfies HandlerMap;
