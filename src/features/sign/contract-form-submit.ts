/**
 * How the form values become the submitted SignContractContent: numbers coerced as section 5 says,
 * hidden fields dropped; and the bodies of a draft and of a submission.
 */
import { signOaItems } from '../../../machines/sign-contract.machine';
import { isFieldShown } from '../../../domain/sign-form-display';
import { normalizeIdCard, toIntegerOrZero, toNumberOrZero } from '../../../domain/validators';
import type { SignContractContent, SignWidgetField } from './sign-actors';
import { type FieldSpec, formSteps } from './contract-fields';
import { type FormValues, type PartyValues, type PersonValues, isEmpty } from './contract-form-values';

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

/** A draft keeps the raw form values, plus the house summary the server needs. */
export function draftContent(values: FormValues): Record<string, unknown> {
  return { form: values, houseInfo: houseInfoOf(values) };
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
  /** The company's signing body and seal chosen for an electronic contract (signBodyList). */
  sealChoice?: { signBodyId: number; sealId: number } | null;
}): Record<string, unknown> {
  const remark = input.approval?.remark.trim() ?? '';
  return {
    boxid: input.boxid,
    content: contentForSubmit(input.contractType, input.values, input.fields),
    signatureType: input.values.signatureType,
    ...(input.draftCode ? { draftCode: input.draftCode } : {}),
    ...(input.values.links?.houseId ? { houseId: input.values.links.houseId } : {}),
    ...(input.values.links?.customerId ? { customerId: input.values.links.customerId } : {}),
    ...(input.values.signatureType === 1 && input.sealChoice ? { signBodyList: [input.sealChoice] } : {}),
    ...(input.approval
      ? { oaParam: { oaItemId: signOaItems[input.contractType], ...(remark ? { oaReamrk: remark } : {}) } }
      : {}),
  };
}
