/**
 * 新增 of the contract ledger: the form as typed and the body contractSaleAdd / contractRentAdd
 * receive (names trimmed, ID numbers upper-cased, amounts as numbers, empty optional fields left
 * out). The server checks the parties (001 section 5) and answers 405 with the message shown.
 */
import type { paths } from '../../../openapi/generated/api';
import type { ContractKind } from './oa-actors';
import { canRecordContract, type ContractAddFlags } from '../../shared/ledger-pages';

export type SaleAddBody =
  paths['/contract/v2/contractSaleAdd']['post']['requestBody']['content']['application/json'];
export type RentAddBody =
  paths['/contract/v2/contractRentAdd']['post']['requestBody']['content']['application/json'];

export type Region = { id: number; name: string };
export type PartyForm = { subjectType: '1' | '2'; name: string; certNo: string; phone: string };

export type LedgerAddForm = {
  contractNo: string;
  signDate: string;
  province: Region | null;
  city: Region | null;
  district: Region | null;
  houseName: string;
  houseBuilding: string;
  houseRoomNo: string;
  partyA: PartyForm;
  partyB: PartyForm;
  /** Sale. */
  transactionPrice: string;
  paymentMethod: string;
  /** Rent. */
  startDate: string;
  endDate: string;
  monthlyRent: string;
  remark: string;
  /** The listing the contract was started from (issue 41), or null. */
  houseId: number | null;
  /** The customer the 乙方 was picked from (从客源选择), and the name shown for it. */
  customerId: number | null;
  customerName: string | null;
};

/** 新增 on a tab: newAddBtn and the flag of that kind (getContractAddOperateAuth). */
export function canAddContract(kind: ContractKind, flags: ContractAddFlags): boolean {
  return canRecordContract(kind === 'sale' ? 1 : 2, flags);
}

const emptyParty: PartyForm = { subjectType: '1', name: '', certNo: '', phone: '' };

export const emptyLedgerAddForm: LedgerAddForm = {
  contractNo: '',
  signDate: '',
  province: null,
  city: null,
  district: null,
  houseName: '',
  houseBuilding: '',
  houseRoomNo: '',
  partyA: emptyParty,
  partyB: emptyParty,
  transactionPrice: '',
  paymentMethod: '1',
  startDate: '',
  endDate: '',
  monthlyRent: '',
  remark: '',
  houseId: null,
  customerId: null,
  customerName: null,
};

/** The first thing missing before anything is sent, in the seed's words, or null. */
export function missingField(kind: ContractKind, form: LedgerAddForm): string | null {
  if (!form.signDate) return '请选择签约日期';
  if (!form.province || !form.city || !form.district) return '请选择地区信息';
  if (!form.houseName.trim()) return '请输入小区名称';
  if (!form.houseBuilding.trim()) return '请输入楼栋号';
  if (!form.houseRoomNo.trim()) return '请输入房号';
  if (kind === 'sale') {
    const price = Number(form.transactionPrice);
    if (!form.transactionPrice.trim() || !Number.isFinite(price) || price <= 0) return '请输入成交价';
  } else {
    if (!form.startDate) return '请选择租期开始日期';
    if (!form.endDate) return '请选择租期结束日期';
    const rent = Number(form.monthlyRent);
    if (!form.monthlyRent.trim() || !Number.isFinite(rent) || rent <= 0) return '请输入月租金';
  }
  return null;
}

function party(form: PartyForm) {
  const phone = form.phone.trim();
  return {
    subjectType: form.subjectType === '2' ? (2 as const) : (1 as const),
    name: form.name.trim(),
    certNo: form.certNo.trim().toUpperCase(),
    ...(phone ? { phone } : {}),
  };
}

function base(form: LedgerAddForm) {
  const contractNo = form.contractNo.trim();
  const remark = form.remark.trim();
  // missingField ran first: the regions are there.
  const region = (value: Region | null): Region => value ?? { id: 0, name: '' };
  return {
    ...(contractNo ? { contractNo } : {}),
    signDate: form.signDate,
    houseInfo: {
      province: region(form.province),
      city: region(form.city),
      district: region(form.district),
      houseName: form.houseName.trim(),
      houseBuilding: form.houseBuilding.trim(),
      houseRoomNo: form.houseRoomNo.trim(),
    },
    parties: { partyA: party(form.partyA), partyB: party(form.partyB) },
    ...(remark ? { remark } : {}),
    ...(form.houseId !== null ? { houseId: form.houseId } : {}),
    ...(form.customerId !== null ? { customerId: form.customerId } : {}),
  };
}

type Prefill = Record<string, unknown>;

const group = (value: unknown): Prefill =>
  typeof value === 'object' && value !== null ? (value as Prefill) : {};
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const region = (value: unknown): Region | null => {
  const { id, name } = group(value);
  return typeof id === 'number' && typeof name === 'string' ? { id, name } : null;
};

/**
 * The form as the listing fills it (getContractSellData / getContractRentData with houseId): the
 * house, the price or monthly rent, and the owner as 甲方 — his phone only when the listing's
 * protection rule shows it to this user. The broker completes the rest.
 */
export function formFromListing(kind: ContractKind, houseId: number, prefill: Prefill): LedgerAddForm {
  const house = group(prefill['houseInfo']);
  const owner = group(prefill['partyA']);
  return {
    ...emptyLedgerAddForm,
    houseId,
    province: region(house['province']),
    city: region(house['city']),
    district: region(house['district']),
    houseName: text(house['houseName']),
    houseBuilding: text(house['houseBuilding']),
    houseRoomNo: text(house['houseRoomNo']),
    partyA: { ...emptyParty, name: text(owner['name']), phone: text(owner['phone']) },
    transactionPrice: kind === 'sale' ? text(group(prefill['transaction'])['transactionPrice']) : '',
    monthlyRent: kind === 'rent' ? text(group(prefill['rental'])['monthlyRent']) : '',
  };
}

/** 从客源选择: the 乙方 is the customer (name, and the phone when the customer book shows it in full). */
export function withPickedCustomer(
  form: LedgerAddForm,
  customer: { customerId: number; name: string; phone: string | null },
): LedgerAddForm {
  return {
    ...form,
    customerId: customer.customerId,
    customerName: customer.name,
    partyB: { ...form.partyB, subjectType: '1', name: customer.name, phone: customer.phone ?? '' },
  };
}

export function withoutPickedCustomer(form: LedgerAddForm): LedgerAddForm {
  return { ...form, customerId: null, customerName: null };
}

export function saleAddBody(form: LedgerAddForm): SaleAddBody {
  return {
    ...base(form),
    transaction: {
      transactionPrice: Number(form.transactionPrice),
      paymentMethod: Number(form.paymentMethod) as 0 | 1 | 2 | 3 | 4,
    },
  };
}

export function rentAddBody(form: LedgerAddForm): RentAddBody {
  return {
    ...base(form),
    transaction: { startDate: form.startDate, endDate: form.endDate },
    rental: { haveRent: 2, monthlyRent: Number(form.monthlyRent) },
  };
}
