/**
 * Changing a ledger contract's state (contractSaleStateChange / contractRentStateChange). The
 * allowed changes are machines/contract-states.ts. When the target state's approval item (sale
 * 60 + state, rent 67 + state) has an enabled approval flow, the change is only requested: an
 * approval starts and the contract keeps its state until the approval is approved, when the
 * outcome hook registered below applies it (in the approval's transaction). A rejected or revoked
 * approval leaves the contract as it was.
 */
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { ledgerContracts, ledgerStateRecords, ledgerStateRequests } from '../../db/schema-contract';
import { sendMessages } from '../messages/messages';
import { ApiError, Codes, businessError, editStateRefusal } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import {
  canChangeRentState,
  canChangeSaleState,
  rentApprovalItem,
  rentStates,
  rentStatesNeedingRemark,
  saleApprovalItem,
  saleStates,
  saleStatesNeedingRemark,
  type RentState,
  type SaleState,
} from '../../../machines/contract-states';
import type { OaItemId } from '../oa/items';
import { alreadyPending, findPendingApproval, startApproval } from '../oa/instances';
import { onApprovalDecided, type ApprovalOutcome } from '../oa/outcome-hooks';
import { findVisibleContract, subjectKinds, type LedgerType } from './contracts';
import { requireContractAuth } from './scope';
import { ContractAuth } from '../../../domain/auth-ids';
import { isLedgerDeal } from '../../../domain/sign-deal';
import { takeBackDeal, writeDeal } from '../deals/contract-deal';
import { ledgerStateNaming, requireAttachmentsFor } from '../contract-settings/settings';

const changedMeanwhile = '合同状态已变化，请刷新后重试';

function stateName(type: LedgerType, state: number): string {
  return (type === 1 ? saleStates[state as SaleState] : rentStates[state as RentState]) ?? String(state);
}

type ChangedContract = {
  id: number;
  companyId: number;
  state: number;
  frozenFromState: number | null;
  contractNo: string;
  houseName: string;
  /** The 经办人: who recorded the contract. */
  userId: number;
  contractType: number;
  houseId: number | null;
  customerId: number | null;
  transaction: { endDate?: string } | object;
};

/**
 * The deal follows the contract (issue 41): a change that ends it (作废, 解除) takes it back from the
 * listing and the customer, in the change's transaction, each record saying how the contract ended.
 */
async function followDeal(
  tx: Db,
  contract: ChangedContract,
  target: number,
  type: LedgerType,
  operatorUserId: number,
  at: Date,
): Promise<void> {
  if (contract.houseId === null && contract.customerId === null) return;
  const wasDeal = isLedgerDeal(type, contract.state);
  const isDeal = isLedgerDeal(type, target);
  if (wasDeal === isDeal) return;
  const deal = {
    companyId: contract.companyId,
    contractNo: contract.contractNo,
    kind: type,
    houseId: contract.houseId,
    customerId: contract.customerId,
    leaseEnd: 'endDate' in contract.transaction ? (contract.transaction.endDate ?? null) : null,
  };
  const clock = { now: () => at };
  if (isDeal) await writeDeal(tx, clock, deal, operatorUserId);
  else
    await takeBackDeal(
      tx,
      clock,
      deal,
      { source: 2, contractId: contract.id },
      operatorUserId,
      stateName(type, target) === '解除' ? '已解除' : '已作废',
    );
}

/**
 * 合同报告 (message type 3), as sign contracts do (server/areas/sign/operation-log.ts): a change made
 * by someone other than the contract's 经办人 (a colleague, or the approver whose approval applied
 * it) reports to the 经办人, linking to the contract in the ledger. Written in the change's
 * transaction, so a report exists exactly when the change does.
 */
async function reportStateChange(
  tx: Db,
  contract: ChangedContract,
  target: number,
  type: LedgerType,
  operatorUserId: number,
  at: Date,
): Promise<void> {
  if (operatorUserId === contract.userId) return;
  const named = await ledgerStateNaming(tx, contract.companyId);
  const [operator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, operatorUserId));
  await sendMessages(tx, {
    companyId: contract.companyId,
    userIds: [contract.userId],
    messageType: 3,
    title: '合同状态变更',
    content: `您经办的${type === 1 ? '买卖' : '租赁'}合同 ${contract.contractNo}（${contract.houseName}）由${
      operator?.name ?? '同事'
    }从「${named(type, contract.state)}」变更为「${named(type, target)}」`,
    senderId: operatorUserId,
    link: {
      appType: 5,
      appId: 0,
      path: '/views/contract/index',
      params: { contractType: type, contractId: contract.id },
    },
    now: at,
  });
}

/** Writes the change: a conditional UPDATE from the state we read, then the history row and the report. */
async function applyChange(
  tx: Db,
  contract: ChangedContract,
  target: number,
  type: LedgerType,
  by: { userId: number; operatorUserId: number; remark: string | null; approvalId: number | null; at: Date },
): Promise<void> {
  const frozenFromState = type === 1 && target === 5 ? contract.state : null;
  const [moved] = await tx
    .update(ledgerContracts)
    .set({ state: target, frozenFromState })
    .where(and(eq(ledgerContracts.id, contract.id), eq(ledgerContracts.state, contract.state)))
    .returning({ id: ledgerContracts.id });
  if (!moved) throw new ApiError(Codes.stateConflict, changedMeanwhile);
  await tx.insert(ledgerStateRecords).values({
    companyId: contract.companyId,
    contractId: contract.id,
    fromState: contract.state,
    toState: target,
    remark: by.remark,
    approvalId: by.approvalId,
    userId: by.userId,
    createdAt: by.at,
  });
  await followDeal(tx, contract, target, type, by.operatorUserId, by.at);
  await reportStateChange(tx, contract, target, type, by.operatorUserId, by.at);
}

export async function changeContractState(
  db: Db,
  session: Session,
  type: LedgerType,
  input: { contractId: number; state: number; remark?: string | undefined },
  now: Date,
) {
  await requireContractAuth(db, session, ContractAuth.changeState);
  const remark = input.remark?.trim() || null;
  const needsRemark: readonly number[] = type === 1 ? saleStatesNeedingRemark : rentStatesNeedingRemark;
  const named = await ledgerStateNaming(db, session.companyId);
  if (needsRemark.includes(input.state) && !remark)
    throw businessError(`请填写${named(type, input.state)}原因`);
  return db.transaction(async (tx) => {
    const contract = await findVisibleContract(tx, session, type, input.contractId);
    const allowed =
      type === 1
        ? canChangeSaleState(
            contract.state as SaleState,
            input.state as SaleState,
            contract.frozenFromState as SaleState | null,
          )
        : canChangeRentState(contract.state as RentState, input.state as RentState);
    if (!allowed) throw editStateRefusal();
    await requireAttachmentsFor(tx, session.companyId, { id: contract.id, contractType: type }, input.state);
    const kind = subjectKinds[type];
    if (await findPendingApproval(tx, session.companyId, kind, contract.id))
      throw new ApiError(Codes.stateConflict, alreadyPending);
    const oaItemId = (
      type === 1 ? saleApprovalItem(input.state as SaleState) : rentApprovalItem(input.state as RentState)
    ) as OaItemId;
    const from = named(type, contract.state);
    const to = named(type, input.state);
    const started = await startApproval(tx, {
      companyId: session.companyId,
      sponsorUserId: session.userId,
      oaItemId,
      subject: {
        kind,
        id: contract.id,
        title: `${type === 1 ? '买卖' : '租赁'}合同 ${contract.contractNo}（${contract.houseName}）${from} → ${to}`,
        no: contract.contractNo,
      },
      remark,
      fields: [
        { label: '合同编号', value: contract.contractNo },
        {
          label: '房屋',
          value: `${contract.houseInfo.houseName} ${contract.houseInfo.houseBuilding}栋 ${contract.houseInfo.houseRoomNo}`,
        },
        { label: '甲方', value: contract.partyAName },
        { label: '乙方', value: contract.partyBName },
        { label: '变更前状态', value: from },
        { label: '变更后状态', value: to },
        ...(remark ? [{ label: '变更原因', value: remark }] : []),
      ],
      now,
    });
    if (started) {
      await tx.insert(ledgerStateRequests).values({
        approvalId: started.approvalId,
        companyId: session.companyId,
        contractId: contract.id,
        oaItemId,
        fromState: contract.state,
        targetState: input.state,
        remark,
        userId: session.userId,
        createdAt: now,
      });
      return {
        contractId: contract.id,
        state: contract.state,
        needApproval: 1 as const,
        approvalId: started.approvalId,
      };
    }
    await applyChange(tx, contract, input.state, type, {
      userId: session.userId,
      operatorUserId: session.userId,
      remark,
      approvalId: null,
      at: now,
    });
    return { contractId: contract.id, state: input.state, needApproval: 0 as const, approvalId: null };
  });
}

/** The approval outcome: approved applies the requested change; rejected or revoked only closes the request. */
async function onStateApprovalDecided(tx: Db, outcome: ApprovalOutcome): Promise<void> {
  const [request] = await tx
    .select()
    .from(ledgerStateRequests)
    .where(
      and(
        eq(ledgerStateRequests.approvalId, outcome.approvalId),
        inCompany(ledgerStateRequests, outcome.companyId),
        eq(ledgerStateRequests.status, 0),
      ),
    );
  if (!request) return;
  if (outcome.status === 1) {
    const [contract] = await tx
      .select({
        id: ledgerContracts.id,
        companyId: ledgerContracts.companyId,
        state: ledgerContracts.state,
        frozenFromState: ledgerContracts.frozenFromState,
        contractType: ledgerContracts.contractType,
        contractNo: ledgerContracts.contractNo,
        houseName: ledgerContracts.houseName,
        userId: ledgerContracts.userId,
        houseId: ledgerContracts.houseId,
        customerId: ledgerContracts.customerId,
        transaction: ledgerContracts.transaction,
      })
      .from(ledgerContracts)
      .where(and(eq(ledgerContracts.id, request.contractId), inCompany(ledgerContracts, outcome.companyId)));
    if (!contract || contract.state !== request.fromState)
      throw new ApiError(Codes.stateConflict, changedMeanwhile);
    await applyChange(tx, contract, request.targetState, contract.contractType as LedgerType, {
      userId: request.userId,
      operatorUserId: outcome.userId,
      remark: request.remark,
      approvalId: outcome.approvalId,
      at: outcome.at,
    });
  }
  await tx
    .update(ledgerStateRequests)
    .set({ status: outcome.status })
    .where(eq(ledgerStateRequests.approvalId, request.approvalId));
}

onApprovalDecided(subjectKinds[1], onStateApprovalDecided);
onApprovalDecided(subjectKinds[2], onStateApprovalDecided);
