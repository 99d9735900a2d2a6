/**
 * getContractSellData / getContractRentData: a sign contract's form prefilled from a contract of the
 * company's ledger (/contract/v2) or from a listing, and its 乙方 from a customer, so a deal already
 * recorded does not have to be typed twice. Only what the source knows is given; the result is a
 * draft-shaped form that the broker completes and submits as usual. The listing and the customer
 * come from their areas' services (with the caller's session, so scope, company and the protection
 * of phones apply), never from their tables.
 */
import type { components } from '../../../openapi/generated/api';
import type { Db } from '../../db/db';
import { notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { findVisibleContract, type LedgerType } from '../contract-ledger/contracts';
import { houseForContract, type HouseForContract } from '../housing/contract-deals';
import { customerForContract } from '../customer/contract-deals';
import { readContractSetting } from '../contract-settings/settings';
import { defaultCommissionFields } from '../../../domain/contract-settings';

type Schemas = components['schemas'];
type LedgerParty = Schemas['ContractParty'];
type Prefill = Schemas['SignDraftContent'];

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

type Region = { id: number | null; name: string | null };

/** A region is given only whole (the form refuses an id without its name: 请选择地区信息). */
function region(value: Region) {
  return value.id !== null && value.name !== null ? { id: value.id, name: value.name } : undefined;
}

/** Drops the null, undefined and empty entries, which the sign form leaves empty rather than null. */
function present<T extends object>(group: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(
    Object.entries(group).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as Partial<{ [K in keyof T]: NonNullable<T[K]> }>;
}

/** The form as far as the listing fills it: the house, the price and the owner as 甲方. */
export function prefillFromHouse(house: HouseForContract): Prefill {
  const regions = present({
    province: region(house.province),
    city: region(house.city),
    district: region(house.district),
  });
  const summary = present({
    houseName: house.communityName,
    houseBuilding: house.buildingNo,
    houseRoomNo: house.roomNo,
  });
  const price = house.kind === 1 ? Math.round(house.price * 10000) : house.price;
  return {
    houseInfo: { ...regions, houseName: house.communityName, ...summary },
    partyA: { subjectType: 1, certType: 1, name: house.ownerName, ...present({ phone: house.ownerPhone }) },
    property: {
      ...regions,
      ...summary,
      ...present({
        address: house.address,
        houseUnitNo: house.unitNo,
        buildingCertificate: house.certificateNo,
        houseUse: house.use,
        orientation: house.toward,
        renovation: house.renovation,
        totalFloor: house.totalFloor,
        floor: house.floor,
      }),
      houseArea: house.area,
      houseType: { room: house.room, hall: house.hall, bath: house.bath },
    },
    ...(house.kind === 1 ? { transaction: { transactionPrice: price } } : { rental: { monthlyRent: price } }),
  };
}

export async function prefillContract(
  db: Db,
  session: Session,
  type: LedgerType,
  input: { contractId?: number; houseId?: number; customerId?: number },
): Promise<Prefill> {
  let form: Prefill;
  if (input.contractId !== undefined) form = await prefillFromLedger(db, session, type, input.contractId);
  else if (input.houseId !== undefined)
    form = prefillFromHouse(await houseForContract(db, session, input.houseId, type));
  else throw notFound('请选择合同台账或房源');
  form = await withDefaultCommission(db, session.companyId, type, form);
  if (input.customerId === undefined) return form;
  const customer = await customerForContract(db, session, input.customerId);
  return {
    ...form,
    partyB: { subjectType: 1, certType: 1, name: customer.name, ...present({ phone: customer.phone }) },
  };
}

/**
 * The default commission of 合同基础设置 where the source has none: a sale's 中介服务费 from its price,
 * a rent's 代理费 and its split from the monthly rent. A source that gives any of them is kept as it is.
 */
async function withDefaultCommission(
  db: Db,
  companyId: number,
  type: LedgerType,
  form: Prefill,
): Promise<Prefill> {
  const transaction = (form.transaction ?? {}) as Record<string, unknown>;
  const rental = (form.rental ?? {}) as Record<string, unknown>;
  const amount = Number(type === 1 ? transaction['transactionPrice'] : rental['monthlyRent']) || null;
  const { commission } = await readContractSetting(db, companyId);
  const defaults = defaultCommissionFields(commission, type, amount);
  const isGiven = Object.keys(defaults).some(
    (key) => transaction[key] !== undefined && transaction[key] !== null,
  );
  if (isGiven || Object.keys(defaults).length === 0) return form;
  return { ...form, transaction: { ...transaction, ...defaults } };
}

async function prefillFromLedger(
  db: Db,
  session: Session,
  type: LedgerType,
  contractId: number,
): Promise<Prefill> {
  const row = await findVisibleContract(db, session, type, contractId);
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
