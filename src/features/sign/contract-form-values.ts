/**
 * The values of the step-by-step contract form: their shape, an empty form, and the form restored
 * from a draft, a submitted contract or a ledger prefill.
 */
import type { SignContractContent } from './sign-actors';
import type { FormGroup } from './contract-fields';

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
  /** The listing and the customer (乙方) the contract concerns, when started from them (issue 41). */
  links?: DealLinks;
};

/** customerName is shown beside 乙方 only; the submission sends the ids. */
export type DealLinks = { houseId?: number; customerId?: number; customerName?: string };

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

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
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
/** The form with the 乙方 picked from a customer (name, and the phone when shown in full). */
export function withPickedCustomer(
  values: FormValues,
  customer: { customerId: number; name: string; phone: string | null },
): FormValues {
  return {
    ...values,
    partyB: { ...values.partyB, subjectType: 1, name: customer.name, phone: customer.phone ?? '' },
    links: { ...values.links, customerId: customer.customerId, customerName: customer.name },
  };
}

/** The form without the picked customer (the 乙方 as typed stays). */
export function withoutPickedCustomer(values: FormValues): FormValues {
  const { customerId: _id, customerName: _name, ...links } = values.links ?? {};
  return { ...values, links };
}

export function formFromPrefill(prefill: Record<string, unknown>): FormValues {
  const party = (value: unknown) =>
    value && typeof value === 'object' ? { name: '', certNo: '', phone: '', ...value } : undefined;
  const content = { ...prefill, partyA: party(prefill['partyA']), partyB: party(prefill['partyB']) };
  return formFromContent(content as SignContractContent, 1);
}
