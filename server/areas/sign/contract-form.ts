/**
 * Checks and normalises a submitted contract form (SignContractContent) against its template, with
 * the rules and messages of 001 section 5 from domain/validators.ts (the client uses the same
 * functions): parties (name, ID card with checksum upper-cased, phone, business licence, agent and
 * co-owner variants), regions, the template's required standard fields (skipping those hidden by
 * the conditional display rules of section 4, which are dropped), and the widget fields
 * (fieldsList_*) with their require flags, numbers coerced. The first problem is answered as 405.
 */
import type { components } from '../../../openapi/generated/api';
import {
  checkPartyCompany,
  checkPartyPerson,
  checkRegion,
  isHongKongMacauPermit,
  isMobile,
  isPassport,
  isTaiwanPermit,
  normalizeIdCard,
  type PartyRole,
} from '../../../domain/validators';
import { capitalAmountProblem } from '../../../domain/sign-contract-text';
import { isFieldShown } from '../../../domain/sign-form-display';
import { businessError } from '../../contract/envelope';
import { checkWidgetValues, isEmptyValue, type WidgetValue } from '../../../domain/widget-fields';
import type { StoredTemplateField } from '../../db/schema-sign';
import { standardField, standardFieldsByType } from '../template/builtin-templates';

export type ContractContent = components['schemas']['SignContractContent'];
type Party = components['schemas']['SignParty'];
type Person = components['schemas']['SignPerson'];
type Region = components['schemas']['SignRegion'];

export type TemplateForForm = {
  type: number;
  requireFlags: Record<string, number>;
  fields: StoredTemplateField[];
};

const partyLabels = { partyA: '甲方', partyB: '乙方' } as const;

function fail(label: string, message: string): never {
  throw businessError(`${label}：${message}`);
}

function checkCertificate(person: { certType?: number; certNo: string }, role: PartyRole): string | null {
  const certNo = normalizeIdCard(person.certNo);
  const certType = person.certType ?? 1;
  if (certType === 1) return null; // checked by checkPartyPerson (ID card with checksum)
  const valid =
    certType === 2
      ? isPassport(certNo)
      : certType === 3
        ? isHongKongMacauPermit(certNo)
        : isTaiwanPermit(certNo);
  return valid
    ? null
    : `${role === 'agent' ? '代理人' : role === 'coOwner' ? '共有人' : ''}证件号码格式不正确`;
}

function checkPerson(person: Person | (Person & { subjectType: 1 }), role: PartyRole): string | null {
  if ((person.certType ?? 1) === 1) return checkPartyPerson(person, role);
  if (!person.name.trim()) return '请输入姓名';
  const certMessage = checkCertificate(person, role);
  if (certMessage) return certMessage;
  return isMobile(person.phone.trim()) ? null : '手机号码格式不正确';
}

function normalizePerson<T extends Person>(person: T): T {
  return {
    ...person,
    name: person.name.trim(),
    certNo: normalizeIdCard(person.certNo),
    phone: person.phone.trim(),
  };
}

function checkParty(key: 'partyA' | 'partyB', party: Party | undefined): Party {
  const label = partyLabels[key];
  if (!party) fail(label, '请填写当事人信息');
  if (party.subjectType === 1) {
    const message = checkPerson(party, 'party');
    if (message) fail(label, message);
    if (party.agent) {
      const agentMessage = checkPerson(party.agent, 'agent');
      if (agentMessage) fail(label, agentMessage === '请输入姓名' ? '请输入代理人姓名' : agentMessage);
    }
    for (const owner of party.coOwners ?? []) {
      const ownerMessage = checkPerson(owner, 'coOwner');
      if (ownerMessage) fail(label, ownerMessage === '请输入姓名' ? '请输入共有人姓名' : ownerMessage);
    }
    return {
      ...normalizePerson(party),
      ...(party.agent ? { agent: normalizePerson(party.agent) } : {}),
      ...(party.coOwners ? { coOwners: party.coOwners.map(normalizePerson) } : {}),
    };
  }
  const companyMessage = checkPartyCompany({ name: party.name, certNo: party.certNo.toUpperCase() });
  if (companyMessage) fail(label, companyMessage);
  if (party.phone && !isMobile(party.phone.trim())) fail(label, '手机号码格式不正确');
  if (party.legalPerson) {
    const message = checkPerson(party.legalPerson, 'party');
    if (message) fail(`${label}法定代表人`, message);
  }
  if (party.agent) {
    const message = checkPerson(party.agent, 'agent');
    if (message) fail(label, message === '请输入姓名' ? '请输入代理人姓名' : message);
  }
  return {
    ...party,
    name: party.name.trim(),
    certNo: party.certNo.trim().toUpperCase(),
    ...(party.legalPerson ? { legalPerson: normalizePerson(party.legalPerson) } : {}),
    ...(party.agent ? { agent: normalizePerson(party.agent) } : {}),
  };
}

type Groups = Record<string, Record<string, unknown> | undefined>;

const isShown = isFieldShown;

const isEmpty = isEmptyValue;

function checkRegions(content: Groups, required: boolean): void {
  const property = content['property'] ?? {};
  const regions = ['province', 'city', 'district'].map((key) => property[key] as Region | undefined);
  if (!required && regions.every((region) => region === undefined)) return;
  for (const region of regions) {
    const message = checkRegion(region ?? null);
    if (message) throw businessError(message);
  }
}

function dropHidden(content: Groups): void {
  for (const group of ['property', 'ownership', 'transaction', 'rental', 'supplementaryTerms']) {
    const values = content[group];
    if (!values) continue;
    for (const key of Object.keys(values)) if (!isShown(`${group}.${key}`, content)) delete values[key];
  }
}

function checkRequiredStandardFields(template: TemplateForForm, content: Groups): void {
  const type = template.type as 1 | 2 | 3;
  for (const field of standardFieldsByType[type]) {
    if (template.requireFlags[field.path] !== 1) continue;
    if (field.path === 'partyA' || field.path === 'partyB' || field.path === 'property.region') continue;
    if (!isShown(field.path, content)) continue;
    const [group, key] = field.path.split('.') as [string, string];
    if (isEmpty(content[group]?.[key])) {
      throw businessError(
        `${field.choice ? '请选择' : '请输入'}${standardField(type, field.path)?.title ?? field.path}`,
      );
    }
  }
}

function checkCustomFields(
  fields: StoredTemplateField[],
  given: Record<string, unknown> | undefined,
): Record<string, WidgetValue> {
  const checked = checkWidgetValues(fields, given);
  if (!checked.ok) throw businessError(checked.problem);
  return checked.value;
}

/** Validates and normalises the form for a submission; the returned content is what is stored. */
export function checkContractContent(template: TemplateForForm, input: ContractContent): ContractContent {
  const content = structuredClone(input) as ContractContent & Groups;
  const partyA = checkParty('partyA', input.partyA);
  const partyB = checkParty('partyB', input.partyB);
  const groups = content as unknown as Groups;
  checkRegions(groups, template.requireFlags['property.region'] === 1);
  dropHidden(groups);
  checkRequiredStandardFields(template, groups);
  const amount = capitalAmountProblem(groups);
  if (amount) throw businessError(amount);
  const customFields = checkCustomFields(template.fields, input.customFields);
  const property = content.property ?? {};
  return {
    ...content,
    partyA,
    partyB,
    customFields,
    houseInfo: houseInfoOf(property),
  };
}

export function houseInfoOf(property: Record<string, unknown>): components['schemas']['SignHouseInfo'] {
  const info: Record<string, unknown> = {};
  for (const key of ['province', 'city', 'district', 'houseName', 'houseBuilding', 'houseRoomNo']) {
    if (property[key] !== undefined) info[key] = property[key];
  }
  return info;
}

/** Names of a side for lists (顿号-joined), and every name and phone for the keyword search. */
export function partyNames(party: Party | undefined): string {
  if (!party) return '';
  if (party.subjectType === 2) return party.name;
  return [party.name, ...(party.coOwners ?? []).map((owner) => owner.name)].join('、');
}

export function searchTextOf(content: ContractContent): string {
  const parts: string[] = [];
  for (const party of [content.partyA, content.partyB]) {
    if (!party) continue;
    parts.push(party.name, party.phone ?? '');
    if (party.subjectType === 1)
      for (const owner of party.coOwners ?? []) parts.push(owner.name, owner.phone);
    if (party.agent) parts.push(party.agent.name, party.agent.phone);
  }
  const house = content.houseInfo ?? {};
  parts.push(house.houseName ?? '', house.houseBuilding ?? '', house.houseRoomNo ?? '');
  return parts.filter(Boolean).join(' ');
}
