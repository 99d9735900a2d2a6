/**
 * getContractSellData / getContractRentData: a sign contract's form prefilled from a contract of the
 * company's ledger (/contract/v2), so a deal already recorded does not have to be typed twice.
 * Only what the ledger knows is given (parties, house, transaction, rental, terms, bank, furniture);
 * the result is a draft-shaped form that the broker completes and submits as usual.
 */
import type { components } from '../../../openapi/generated/api';
import type { Db } from '../../db/db';
import { notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { findVisibleContract, type LedgerType } from '../contract-ledger/contracts';

type Schemas = components['schemas'];
type LedgerParty = Schemas['ContractParty'];
type Prefill = Schemas['SignDraftContent'];

/** Drops the null and undefined entries, which the sign form leaves empty rather than null. */
function present<T extends object>(group: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(
    Object.entries(group).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}

function toSignParty(party: LedgerParty) {
  const agent = party.agent ? { agent: party.agent } : {};
  if (party.subjectType === 2) {
    return {
      subjectType: 2,
      name: party.name,
      certNo: party.certNo,
      ...present({ phone: party.phone }),
      ...agent,
    };
  }
  return {
    subjectType: 1,
    name: party.name,
    certNo: party.certNo,
    ...present({ certType: party.certType, phone: party.phone }),
    ...agent,
    ...(party.coOwners.length > 0 ? { coOwners: party.coOwners } : {}),
  };
}

const bankCardNo = /^\d{12,19}$/;

export async function prefillFromLedger(
  db: Db,
  session: Session,
  type: LedgerType,
  input: { contractId?: number; houseId?: number },
): Promise<Prefill> {
  if (input.contractId === undefined) {
    // House listings are not part of this release: no listing can be found yet.
    if (input.houseId !== undefined) throw notFound('房源不存在');
    throw notFound('请选择合同台账或房源');
  }
  const row = await findVisibleContract(db, session, type, input.contractId);
  const { province, city, district, houseName, houseBuilding, houseRoomNo } = row.houseInfo;
  const house = { province, city, district, houseName, houseBuilding, houseRoomNo };
  const rental = present(row.rental);
  const { items, remark } = row.furniture;
  const bank = present(row.bankinfo);
  if (bank.bankCardNo !== undefined && !bankCardNo.test(bank.bankCardNo)) delete bank.bankCardNo;
  return {
    houseInfo: house,
    partyA: toSignParty(row.parties.partyA),
    partyB: toSignParty(row.parties.partyB),
    property: house,
    ...(type === 1
      ? { ownership: present({ haveRent: rental.haveRent, monthlyRent: rental.monthlyRent }) }
      : {}),
    transaction: present(row.transaction),
    rental,
    supplementaryTerms: present(row.terms),
    bankinfo: bank,
    furniture: {
      items: items.map((item) => ({
        name: item.name,
        count: item.count,
        ...present({ remark: item.remark }),
      })),
      ...present({ remark }),
    },
  };
}
