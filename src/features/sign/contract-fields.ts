/**
 * The standard fields of the step-by-step contract form (001 section 3, contract party forms and
 * form groups), per contract type: how each is entered, and how the form values become the
 * submitted SignContractContent (numbers coerced as section 5 says, hidden fields dropped, parties
 * checked with domain/validators.ts).
 */
import { signOaItems } from '../../../machines/sign-contract.machine';
import {
  buildingCertificateStateOptions,
  capitalAmountProblem,
  garageAttributeOptions,
  haveRentOptions,
  houseNatureOptions,
  houseUseOptions,
  includeOptions,
  orientationOptions,
  paymentCycleOptions,
  paymentMethodOptions,
  renovationOptions,
  repaymentMethodOptions,
  yesNoOptions,
  yesOptions,
  type ChoiceOption,
} from '../../../domain/sign-contract-text';
import { isFieldShown } from '../../../domain/sign-form-display';
import {
  checkPartyCompany,
  checkPartyPerson,
  checkRegion,
  isHongKongMacauPermit,
  isMobile,
  isPassport,
  isTaiwanPermit,
  normalizeIdCard,
  toIntegerOrZero,
  toNumberOrZero,
  type PartyRole,
} from '../../../domain/validators';
import type { SignContractContent, SignWidgetField } from './sign-actors';

/** The options and their labels live in domain/sign-contract-text.ts, shared with the server's text. */
export type Option = ChoiceOption;
export type FieldKind = 'text' | 'textarea' | 'number' | 'int' | 'date' | 'select' | 'multi' | 'houseType';
export type FieldSpec = { key: string; title: string; kind: FieldKind; options?: Option[]; unit?: string };
export type GroupSpec = { group: FormGroup; title: string; fields: FieldSpec[] };
export type FormGroup =
  'property' | 'ownership' | 'transaction' | 'rental' | 'supplementaryTerms' | 'bankinfo';

const yesNo = yesNoOptions;
const yes = yesOptions;
const include = includeOptions;

const text = (key: string, title: string): FieldSpec => ({ key, title, kind: 'text' });
const money = (key: string, title: string): FieldSpec => ({ key, title, kind: 'number', unit: '元' });
const date = (key: string, title: string): FieldSpec => ({ key, title, kind: 'date' });

const propertyFields: FieldSpec[] = [
  text('address', '房屋坐落'),
  text('houseName', '楼盘名称'),
  text('houseBuilding', '楼栋号'),
  text('houseUnitNo', '单元号'),
  text('houseRoomNo', '房号'),
  text('buildingCertificate', '房屋所有权证号'),
  { key: 'houseUse', title: '房屋用途', kind: 'select', options: houseUseOptions },
  { key: 'houseNature', title: '房屋性质', kind: 'select', options: houseNatureOptions },
  {
    key: 'buildingCertificateState',
    title: '房屋权证状态',
    kind: 'multi',
    options: buildingCertificateStateOptions,
  },
  text('qiuQuanNo', '丘权号'),
  { key: 'houseArea', title: '建筑面积', kind: 'number', unit: '平方米' },
  { key: 'houseType', title: '户型', kind: 'houseType' },
  { key: 'orientation', title: '朝向', kind: 'select', options: orientationOptions },
  { key: 'totalFloor', title: '总楼层', kind: 'int' },
  { key: 'floor', title: '所在楼层', kind: 'int' },
  { key: 'floorUp', title: '地上层数', kind: 'int' },
  { key: 'floorDown', title: '地下层数', kind: 'int' },
  { key: 'renovation', title: '装修情况', kind: 'select', options: renovationOptions },
  { key: 'atticHave', title: '有无阁楼', kind: 'select', options: yesNo },
  { key: 'atticArea', title: '阁楼面积', kind: 'number', unit: '平方米' },
  { key: 'garageHave', title: '有无车库', kind: 'select', options: yesNo },
  { key: 'garageAttribute', title: '车库属性', kind: 'select', options: garageAttributeOptions },
  text('garageAddress', '车库地址'),
  text('garageCertificate', '车库产权证号'),
];

const ownershipFields: FieldSpec[] = [
  { key: 'householdRegister', title: '有无户口', kind: 'select', options: yesNo },
  date('moveOutDate', '户口迁出日期'),
  { key: 'schoolDistrict', title: '是否占用学位', kind: 'select', options: yes },
  date('schoolDistrictUsageTime', '学位可使用日期'),
  { key: 'mortgage', title: '有无抵押', kind: 'select', options: yesNo },
  text('mortgageBank', '抵押银行'),
  money('mortgageAmount', '抵押金额'),
  money('loanBalance', '贷款余额'),
  { key: 'repaymentMethodOption', title: '还贷方式', kind: 'select', options: repaymentMethodOptions },
  date('repaymentDate', '还贷日期'),
  date('relieveMortgageDate', '解押日期'),
  { key: 'haveRent', title: '有无租约', kind: 'select', options: haveRentOptions },
  money('monthlyRent', '月租金'),
];

const saleTransactionFields: FieldSpec[] = [
  money('transactionPrice', '成交价'),
  money('pricing', '网签备案价'),
  money('priceDifference', '差价'),
  { key: 'paymentMethod', title: '付款方式', kind: 'select', options: paymentMethodOptions },
  money('depositMoneyOne', '第一笔定金'),
  date('depositContentOne', '第一笔定金支付日期'),
  money('depositMoneyTwo', '第二笔定金'),
  date('depositContentTwo', '第二笔定金支付日期'),
  money('depositMoneyThree', '第三笔定金'),
  date('depositContentThree', '第三笔定金支付日期'),
  money('paymentMoneyOne', '第一笔首付款'),
  date('paymentContentOne', '第一笔首付款支付日期'),
  money('paymentMoneyTwo', '第二笔首付款'),
  date('paymentContentTwo', '第二笔首付款支付日期'),
  money('paymentMoneyThree', '第三笔首付款'),
  date('paymentContentThree', '第三笔首付款支付日期'),
  money('loanAmount', '贷款金额'),
  text('loanDispute', '贷款不足的处理方式'),
  text('partyATaxContent', '甲方承担税费'),
  text('partyBTaxContent', '乙方承担税费'),
  text('partyAFeeContent', '甲方承担费用'),
  text('partyBFeeContent', '乙方承担费用'),
  money('partyAAgencyFee', '甲方中介服务费'),
  money('partyBAgencyFee', '乙方中介服务费'),
  money('transferServiceFee', '过户代办服务费'),
  money('loanServiceFee', '贷款代办服务费'),
  date('transferDate', '过户日期'),
  date('deliveryDate', '交房日期'),
  money('collectionAmount', '代收款金额'),
  date('collectionTime', '代收款日期'),
  text('collectionCause', '代收款事由'),
];

const rentTransactionFields: FieldSpec[] = [
  date('startDate', '租赁起始日期'),
  date('endDate', '租赁截止日期'),
  { key: 'paymentCycle', title: '租金支付周期', kind: 'select', options: paymentCycleOptions },
  { key: 'rentFreePeriod', title: '免租期', kind: 'int', unit: '天' },
  text('paymentTime', '租金支付时间'),
  date('deliveryDate', '交房日期'),
  money('dailiFee', '代理费'),
  { key: 'dailiFeeA', title: '甲方代理费比例', kind: 'number', unit: '%' },
  { key: 'dailiFeeB', title: '乙方代理费比例', kind: 'number', unit: '%' },
];

const saleRentalFields: FieldSpec[] = [
  { key: 'haveRent', title: '有无租约', kind: 'select', options: haveRentOptions },
  money('depositRent', '租赁押金'),
  date('rentExpire', '租约到期日期'),
  money('monthlyRent', '月租金'),
];

const rentRentalFields: FieldSpec[] = [money('monthlyRent', '月租金'), money('depositRent', '租赁押金')];

const saleTermFields: FieldSpec[] = [
  { key: 'otherTerms', title: '其他约定', kind: 'select', options: yesNo },
  { key: 'otherTermsContent', title: '其他约定内容', kind: 'textarea' },
];

const rentTermFields: FieldSpec[] = [
  { key: 'otherTermsFixedOne', title: '固定条款一（转租）', kind: 'select', options: include },
  { key: 'otherTermsFixedTwo', title: '固定条款二（装修）', kind: 'select', options: include },
  { key: 'otherTermsFixedTwoContent', title: '装修约定内容', kind: 'textarea' },
  { key: 'otherTermsFixedThree', title: '固定条款三（结构渗漏）', kind: 'select', options: include },
  { key: 'otherTermsFixedFour', title: '固定条款四（非正常死亡事件）', kind: 'select', options: include },
  ...saleTermFields,
];

const bankFields: FieldSpec[] = [
  text('bankName', '开户银行'),
  text('bankUserName', '账户名'),
  text('bankCardNo', '银行卡号'),
  text('signAddress', '签约地点'),
];

const rentExcluded = /attic|garage|qiuQuan|buildingCertificateState|floorUp|floorDown/;

/** The steps after the parties: each a list of groups. */
export function formSteps(contractType: 1 | 2 | 3): { title: string; groups: GroupSpec[] }[] {
  if (contractType === 3) return [];
  if (contractType === 2)
    return [
      {
        title: '房屋信息',
        groups: [
          {
            group: 'property',
            title: '房屋信息',
            fields: propertyFields.filter((f) => !rentExcluded.test(f.key)),
          },
        ],
      },
      {
        title: '租赁信息',
        groups: [
          { group: 'transaction', title: '租赁信息', fields: rentTransactionFields },
          { group: 'rental', title: '租金与押金', fields: rentRentalFields },
        ],
      },
      {
        title: '其他约定',
        groups: [
          { group: 'supplementaryTerms', title: '补充条款', fields: rentTermFields },
          { group: 'bankinfo', title: '收款账户与签约地点', fields: bankFields },
        ],
      },
    ];
  return [
    {
      title: '房屋信息',
      groups: [
        { group: 'property', title: '房屋信息', fields: propertyFields },
        { group: 'ownership', title: '权属信息', fields: ownershipFields },
      ],
    },
    {
      title: '交易信息',
      groups: [
        { group: 'transaction', title: '交易信息', fields: saleTransactionFields },
        { group: 'rental', title: '租约信息', fields: saleRentalFields },
      ],
    },
    {
      title: '其他约定',
      groups: [
        { group: 'supplementaryTerms', title: '补充条款', fields: saleTermFields },
        { group: 'bankinfo', title: '收款账户与签约地点', fields: bankFields },
      ],
    },
  ];
}

// ---------------------------------------------------------------- form values

export type PersonValues = { name: string; certType: number; certNo: string; phone: string };
export type PartyValues = {
  subjectType: 1 | 2;
  name: string;
  certType: number;
  certNo: string;
  phone: string;
  hasAgent: boolean;
  agent: PersonValues;
  coOwners: PersonValues[];
  hasLegalPerson: boolean;
  legalPerson: PersonValues;
};
export type RegionValue = { id: number | null; name: string | null };
export type FurnitureItem = { name: string; count: string; remark: string };

export type FormValues = {
  partyA: PartyValues;
  partyB: PartyValues;
  region: { province: RegionValue; city: RegionValue; district: RegionValue };
  groups: Record<FormGroup, Record<string, unknown>>;
  furniture: { items: FurnitureItem[]; remark: string };
  customFields: Record<string, unknown>;
  signatureType: 1 | 2;
};

export const emptyPerson = (): PersonValues => ({ name: '', certType: 1, certNo: '', phone: '' });

export const emptyParty = (): PartyValues => ({
  subjectType: 1,
  ...emptyPerson(),
  hasAgent: false,
  agent: emptyPerson(),
  coOwners: [],
  hasLegalPerson: true,
  legalPerson: emptyPerson(),
});

const emptyRegion = (): RegionValue => ({ id: null, name: null });

export function emptyForm(): FormValues {
  return {
    partyA: emptyParty(),
    partyB: emptyParty(),
    region: { province: emptyRegion(), city: emptyRegion(), district: emptyRegion() },
    groups: {
      property: {},
      ownership: {},
      transaction: {},
      rental: {},
      supplementaryTerms: {},
      bankinfo: {},
    },
    furniture: { items: [], remark: '' },
    customFields: {},
    signatureType: 1,
  };
}

function toPerson(values: PersonValues) {
  return {
    name: values.name.trim(),
    certType: values.certType as 1 | 2 | 3 | 4,
    certNo: normalizeIdCard(values.certNo),
    phone: values.phone.trim(),
  };
}

function toParty(values: PartyValues): SignContractContent['partyA'] {
  if (values.subjectType === 2)
    return {
      subjectType: 2,
      name: values.name.trim(),
      certNo: values.certNo.trim().toUpperCase(),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      ...(values.hasLegalPerson ? { legalPerson: toPerson(values.legalPerson) } : {}),
      ...(values.hasAgent ? { agent: toPerson(values.agent) } : {}),
    } as SignContractContent['partyA'];
  return {
    subjectType: 1,
    ...toPerson(values),
    ...(values.hasAgent ? { agent: toPerson(values.agent) } : {}),
    ...(values.coOwners.length > 0 ? { coOwners: values.coOwners.map(toPerson) } : {}),
  };
}

function checkPerson(values: PersonValues, role: PartyRole): string | null {
  if (values.certType === 1) return checkPartyPerson(values, role);
  if (!values.name.trim()) return '请输入姓名';
  const certNo = normalizeIdCard(values.certNo);
  const valid =
    values.certType === 2
      ? isPassport(certNo)
      : values.certType === 3
        ? isHongKongMacauPermit(certNo)
        : isTaiwanPermit(certNo);
  if (!valid) return `${role === 'agent' ? '代理人' : role === 'coOwner' ? '共有人' : ''}证件号码格式不正确`;
  return isMobile(values.phone.trim()) ? null : '手机号码格式不正确';
}

/** Section 5 for one side; the message names the side (甲方：… / 乙方：…). */
export function checkParty(label: '甲方' | '乙方', values: PartyValues): string | null {
  const prefixed = (message: string | null) => (message ? `${label}：${message}` : null);
  if (values.subjectType === 2) {
    const message = checkPartyCompany({ name: values.name, certNo: values.certNo.toUpperCase() });
    if (message) return prefixed(message);
    if (values.phone.trim() && !isMobile(values.phone.trim())) return prefixed('手机号码格式不正确');
    if (!values.hasLegalPerson && !values.hasAgent) return prefixed('请填写法定代表人或代理人');
    if (values.hasLegalPerson) {
      const legal = checkPerson(values.legalPerson, 'party');
      if (legal) return `${label}法定代表人：${legal}`;
    }
  } else {
    const message = checkPerson(values, 'party');
    if (message) return prefixed(message);
    for (const owner of values.coOwners) {
      const ownerMessage = checkPerson(owner, 'coOwner');
      if (ownerMessage) return prefixed(ownerMessage === '请输入姓名' ? '请输入共有人姓名' : ownerMessage);
    }
  }
  if (values.hasAgent) {
    const agentMessage = checkPerson(values.agent, 'agent');
    if (agentMessage) return prefixed(agentMessage === '请输入姓名' ? '请输入代理人姓名' : agentMessage);
  }
  return null;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

function coerce(field: FieldSpec, raw: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return toNumberOrZero(raw as string | number | null);
    case 'int':
      return toIntegerOrZero(raw as string | number | null);
    case 'houseType': {
      const value = (raw ?? {}) as Record<string, unknown>;
      return {
        room: toIntegerOrZero(value['room'] as string),
        hall: toIntegerOrZero(value['hall'] as string),
        bath: toIntegerOrZero(value['bath'] as string),
      };
    }
    case 'multi':
      return Array.isArray(raw) ? raw.join(',') : raw;
    case 'text':
    case 'textarea':
      return typeof raw === 'string' ? raw.trim() : raw;
    default:
      return raw;
  }
}

/** The groups as submitted: shown fields only, numbers coerced (empty gives 0), empty text left out. */
export function groupsForSubmit(
  contractType: 1 | 2 | 3,
  values: FormValues,
): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  for (const step of formSteps(contractType)) {
    for (const spec of step.groups) {
      const out: Record<string, unknown> = {};
      for (const field of spec.fields) {
        if (!isFieldShown(`${spec.group}.${field.key}`, raw)) continue;
        const value = raw[spec.group]?.[field.key];
        if (field.kind !== 'number' && field.kind !== 'int' && isEmpty(value)) continue;
        if ((field.kind === 'number' || field.kind === 'int') && isEmpty(value)) {
          out[field.key] = 0;
          continue;
        }
        out[field.key] = coerce(field, value);
      }
      result[spec.group] = { ...(result[spec.group] ?? {}), ...out };
    }
  }
  return result;
}

export function houseInfoOf(values: FormValues) {
  const property = values.groups.property;
  const pick = (key: string) => {
    const value = property[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    ...(values.region.province.id ? { province: values.region.province } : {}),
    ...(values.region.city.id ? { city: values.region.city } : {}),
    ...(values.region.district.id ? { district: values.region.district } : {}),
    ...(pick('houseName') ? { houseName: pick('houseName') } : {}),
    ...(pick('houseBuilding') ? { houseBuilding: pick('houseBuilding') } : {}),
    ...(pick('houseRoomNo') ? { houseRoomNo: pick('houseRoomNo') } : {}),
  };
}

function customValue(field: SignWidgetField, raw: unknown): string | number | string[] | null {
  if (isEmpty(raw)) return null;
  if (field.type === 3 || field.type === 7) return toNumberOrZero(raw as string);
  if (field.type === 5) return Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return String(raw).trim();
}

/** The content of a submission (SignContractContent). */
export function contentForSubmit(
  contractType: 1 | 2 | 3,
  values: FormValues,
  fields: SignWidgetField[],
): SignContractContent {
  const groups = groupsForSubmit(contractType, values);
  const property = { ...(groups['property'] ?? {}), ...regionPart(values) };
  const furnitureItems = values.furniture.items
    .filter((item) => item.name.trim())
    .map((item) => ({
      name: item.name.trim(),
      count: toIntegerOrZero(item.count),
      ...(item.remark.trim() ? { remark: item.remark.trim() } : {}),
    }));
  const customFields = Object.fromEntries(
    fields.map((field) => [field.fieldName, customValue(field, values.customFields[field.fieldName])]),
  );
  return {
    partyA: toParty(values.partyA),
    partyB: toParty(values.partyB),
    ...(contractType !== 3 ? { property } : {}),
    ...(groups['ownership'] ? { ownership: groups['ownership'] } : {}),
    ...(groups['transaction'] ? { transaction: groups['transaction'] } : {}),
    ...(groups['rental'] ? { rental: groups['rental'] } : {}),
    ...(groups['supplementaryTerms'] ? { supplementaryTerms: groups['supplementaryTerms'] } : {}),
    ...(groups['bankinfo'] ? { bankinfo: groups['bankinfo'] } : {}),
    ...(furnitureItems.length > 0 || values.furniture.remark.trim()
      ? {
          furniture: {
            items: furnitureItems,
            ...(values.furniture.remark.trim() ? { remark: values.furniture.remark.trim() } : {}),
          },
        }
      : {}),
    houseInfo: houseInfoOf(values),
    customFields,
  };
}

function regionPart(values: FormValues) {
  const { province, city, district } = values.region;
  if (!province.id && !city.id && !district.id) return {};
  return { province, city, district };
}

/**
 * Section 5 before submitting: both parties, the region, the template's required standard fields
 * (only the shown ones) and its required widget fields. The first problem, or null.
 */
export function checkForm(
  contractType: 1 | 2 | 3,
  values: FormValues,
  requireFlags: Record<string, number>,
  fields: SignWidgetField[],
): string | null {
  const party = checkParty('甲方', values.partyA) ?? checkParty('乙方', values.partyB);
  if (party) return party;
  if (requireFlags['property.region'] === 1 || values.region.province.id) {
    for (const region of [values.region.province, values.region.city, values.region.district]) {
      const message = checkRegion(region);
      if (message) return message;
    }
  }
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  for (const step of formSteps(contractType)) {
    for (const spec of step.groups) {
      for (const field of spec.fields) {
        const path = `${spec.group}.${field.key}`;
        if (requireFlags[path] !== 1 || !isFieldShown(path, raw)) continue;
        if (isEmpty(raw[spec.group]?.[field.key]))
          return `${field.kind === 'select' || field.kind === 'date' || field.kind === 'multi' ? '请选择' : '请输入'}${field.title}`;
      }
    }
  }
  const amount = capitalAmountProblem(raw);
  if (amount) return amount;
  for (const field of fields) {
    if (field.requiredStatus === 1 && isEmpty(values.customFields[field.fieldName])) {
      const isChoice = field.type === 4 || field.type === 5 || field.type === 6;
      return `${isChoice ? '请选择' : '请输入'}${field.fieldTitle}`;
    }
  }
  return null;
}

/** A draft keeps the raw form values, plus the house summary the server needs. */
export function draftContent(values: FormValues): Record<string, unknown> {
  return { form: values, houseInfo: houseInfoOf(values) };
}

export function formFromDraft(content: Record<string, unknown>): FormValues {
  const saved = content['form'] as Partial<FormValues> | undefined;
  const empty = emptyForm();
  if (!saved) return empty;
  return {
    ...empty,
    ...saved,
    groups: { ...empty.groups, ...(saved.groups ?? {}) },
    region: { ...empty.region, ...(saved.region ?? {}) },
  };
}

function partyFromContent(party: SignContractContent['partyA'] | undefined): PartyValues {
  const values = emptyParty();
  if (!party) return values;
  const person = (p: { name: string; certType?: number; certNo: string; phone: string } | undefined) =>
    p ? { name: p.name, certType: p.certType ?? 1, certNo: p.certNo, phone: p.phone } : emptyPerson();
  if (party.subjectType === 2)
    return {
      ...values,
      subjectType: 2,
      name: party.name,
      certNo: party.certNo,
      phone: party.phone ?? '',
      hasLegalPerson: party.legalPerson !== undefined,
      legalPerson: person(party.legalPerson),
      hasAgent: party.agent !== undefined,
      agent: person(party.agent),
    };
  return {
    ...values,
    ...person(party),
    subjectType: 1,
    hasAgent: party.agent !== undefined,
    agent: person(party.agent),
    coOwners: (party.coOwners ?? []).map((owner) => person(owner)),
  };
}

/** Form values from a submitted contract (editing it). */
export function formFromContent(content: SignContractContent, signatureType: 1 | 2): FormValues {
  const empty = emptyForm();
  const property = { ...(content.property ?? {}) } as Record<string, unknown>;
  const region = (key: string): RegionValue => {
    const value = property[key] as { id?: number | null; name?: string | null } | undefined;
    delete property[key];
    return { id: value?.id ?? null, name: value?.name ?? null };
  };
  const regions = { province: region('province'), city: region('city'), district: region('district') };
  const certificateState = property['buildingCertificateState'];
  if (typeof certificateState === 'string')
    property['buildingCertificateState'] = certificateState.split(',').filter(Boolean);
  return {
    ...empty,
    partyA: partyFromContent(content.partyA),
    partyB: partyFromContent(content.partyB),
    region: regions,
    groups: {
      property,
      ownership: { ...(content.ownership ?? {}) },
      transaction: { ...(content.transaction ?? {}) },
      rental: { ...(content.rental ?? {}) },
      supplementaryTerms: { ...(content.supplementaryTerms ?? {}) },
      bankinfo: { ...(content.bankinfo ?? {}) },
    },
    furniture: {
      items: (content.furniture?.items ?? []).map((item) => ({
        name: item.name,
        count: String(item.count),
        remark: item.remark ?? '',
      })),
      remark: content.furniture?.remark ?? '',
    },
    customFields: { ...(content.customFields ?? {}) },
    signatureType,
  };
}

/**
 * Form values of a new contract prefilled from the ledger (getContractSellData / getContractRentData):
 * contract-shaped but partial, so a party may lack its phone or certificate type; electronic signing.
 */
export function formFromPrefill(prefill: Record<string, unknown>): FormValues {
  const party = (value: unknown) =>
    value && typeof value === 'object' ? { name: '', certNo: '', phone: '', ...value } : undefined;
  const content = { ...prefill, partyA: party(prefill['partyA']), partyB: party(prefill['partyB']) };
  return formFromContent(content as SignContractContent, 1);
}

/** The body of contractSubmissionV2501 / contractEditV2501 from the form, the same for both contract views. */
export function submissionBody(input: {
  boxid: number;
  contractType: 1 | 2 | 3;
  values: FormValues;
  fields: SignWidgetField[];
  draftCode: string | null;
  /** 001 section 3: a submission may carry oaParam and go straight into the approval flow. */
  approval: { remark: string } | null;
}): Record<string, unknown> {
  const remark = input.approval?.remark.trim() ?? '';
  return {
    boxid: input.boxid,
    content: contentForSubmit(input.contractType, input.values, input.fields),
    signatureType: input.values.signatureType,
    ...(input.draftCode ? { draftCode: input.draftCode } : {}),
    ...(input.approval
      ? { oaParam: { oaItemId: signOaItems[input.contractType], ...(remark ? { oaReamrk: remark } : {}) } }
      : {}),
  };
}
