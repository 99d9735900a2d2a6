/**
 * Recording a sale or rent contract in the ledger (contractSaleAdd / contractRentAdd): parties
 * normalised, a number allocated, the contract and its parties written in one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { ledgerContractTags, ledgerContracts, ledgerTags } from '../../db/schema-contract';
import { businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import {
  checkPartyCompany,
  checkPartyPerson,
  checkRegion,
  isMobile,
  normalizeIdCard,
} from '../../../domain/validators';
import { requireContractAuth } from './scope';
import { ContractAuth } from '../../../domain/auth-ids';
import { type LedgerType } from './contracts';
import { checkDealLinks, writeDeal } from '../deals/contract-deal';
import { nextContractNumber } from '../contract-settings/settings';
// ---- recording a contract ----------------------------------------------------------------------

export type PartyInput = BodyOf<'contractSaleAdd'>['parties']['partyA'];
export type PersonInput = NonNullable<PartyInput['agent']>;

export function normalisePerson(person: PersonInput, role: 'agent' | 'coOwner') {
  const message = checkPartyPerson(person, role);
  if (message) throw businessError(message);
  return {
    name: person.name.trim(),
    certType: 1 as const,
    certNo: normalizeIdCard(person.certNo),
    phone: person.phone.trim(),
  };
}

export function normaliseParty(party: PartyInput) {
  if (party.subjectType === 1) {
    const message = checkPartyPerson({ name: party.name, certNo: party.certNo, phone: party.phone ?? '' });
    if (message) throw businessError(message);
  } else {
    const message = checkPartyCompany(party);
    if (message) throw businessError(message);
    if (party.phone && !isMobile(party.phone.trim())) throw businessError('手机号码格式不正确');
  }
  return {
    subjectType: party.subjectType,
    name: party.name.trim(),
    certType: party.subjectType === 1 ? (1 as const) : null,
    certNo: party.subjectType === 1 ? normalizeIdCard(party.certNo) : party.certNo.trim().toUpperCase(),
    phone: party.phone?.trim() || null,
    agent: party.agent ? normalisePerson(party.agent, 'agent') : null,
    coOwners:
      party.subjectType === 1
        ? (party.coOwners ?? []).map((person) => normalisePerson(person, 'coOwner'))
        : [],
  };
}

export type LedgerInput = BodyOf<'contractSaleAdd'> | BodyOf<'contractRentAdd'>;

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function addContract(
  db: Db,
  session: Session,
  type: LedgerType,
  body: LedgerInput,
  now: Date,
): Promise<number> {
  await requireContractAuth(db, session, type === 1 ? ContractAuth.addSale : ContractAuth.addRent);
  for (const region of [body.houseInfo.province, body.houseInfo.city, body.houseInfo.district]) {
    const message = checkRegion(region);
    if (message) throw businessError(message);
  }
  const partyA = normaliseParty(body.parties.partyA);
  const partyB = normaliseParty(body.parties.partyB);
  if (type === 2) {
    const { transaction, rental } = body as BodyOf<'contractRentAdd'>;
    if (transaction.endDate < transaction.startDate) throw businessError('租期结束日期不能早于开始日期');
    if (rental.monthlyRent === null || rental.monthlyRent === undefined || rental.monthlyRent <= 0) {
      throw businessError('请输入月租金');
    }
  }
  const tagIds = body.tags ?? [];
  if (tagIds.length > 0) {
    const found = await db
      .select({ id: ledgerTags.id })
      .from(ledgerTags)
      .where(and(inCompany(ledgerTags, session.companyId), inArray(ledgerTags.id, tagIds)));
    if (found.length !== tagIds.length) throw businessError('合同标签不存在或已被删除');
  }
  // The listing and the customer it was started from, as the recorder sees them (another company's
  // or an unseen one: 404 and nothing written).
  const links = await checkDealLinks(db, session, type, body, 'record');
  const [user] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, session.userId));
  const houseInfo = {
    ...body.houseInfo,
    houseName: body.houseInfo.houseName.trim(),
    houseBuilding: body.houseInfo.houseBuilding.trim(),
    houseRoomNo: body.houseInfo.houseRoomNo.trim(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        // Left empty: the company's number rule (合同基础设置) gives the next one.
        const contractNo =
          body.contractNo?.trim().toUpperCase() ||
          (await nextContractNumber(tx, session.companyId, type, body.signDate));
        const [row] = await tx
          .insert(ledgerContracts)
          .values({
            companyId: session.companyId,
            contractType: type,
            contractNo,
            state: 1,
            houseInfo,
            houseName: houseInfo.houseName,
            parties: { partyA, partyB },
            partyAName: partyA.name,
            partyAPhone: partyA.phone,
            partyBName: partyB.name,
            partyBPhone: partyB.phone,
            transaction: body.transaction,
            rental: body.rental ?? { haveRent: 0 },
            terms: body.terms ?? {
              otherTermsFixedOne: 0,
              otherTermsFixedTwo: 0,
              otherTermsFixedThree: 0,
              otherTermsFixedFour: 0,
              otherTerms: 0,
            },
            bankinfo: body.bankinfo ?? {},
            furniture: body.furniture ?? { items: [] },
            remark: body.remark?.trim() || null,
            signDate: body.signDate,
            houseId: links.houseId,
            customerId: links.customerId,
            userId: session.userId,
            deptId: user?.deptId ?? null,
            entryTime: now,
          })
          .returning({ id: ledgerContracts.id });
        // A recorded contract was signed offline: it is a deal from now on (isLedgerDeal), written to
        // the listing and the customer in this transaction.
        if (links.houseId !== null || links.customerId !== null)
          await writeDeal(
            tx,
            { now: () => now },
            {
              companyId: session.companyId,
              contractNo,
              kind: type,
              ...links,
              leaseEnd: type === 2 ? (body as BodyOf<'contractRentAdd'>).transaction.endDate : null,
            },
            session.userId,
          );
        if (tagIds.length > 0) {
          await tx
            .insert(ledgerContractTags)
            .values(tagIds.map((tagId) => ({ contractId: row!.id, tagId, companyId: session.companyId })));
        }
        return row!.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (body.contractNo) throw businessError('合同编号已存在');
      // Two recordings took the same generated number; take the next one.
    }
  }
  throw businessError('合同编号生成失败，请重试');
}
