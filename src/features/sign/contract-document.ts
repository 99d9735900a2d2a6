/**
 * The contract text of the visual signing view (contract-operation) as a document to fill in: the
 * server's HTML (signAddView / signingPreviewEditContent: headings and paragraphs, each placeholder a
 * `<span data-field="path">`) parsed into blocks, and each placeholder bound to the place in the
 * same FormValues the step-by-step form edits, so both views submit, save drafts and validate alike.
 */
import { capitalSourcePath, capitalText } from '../../../domain/sign-contract-text';
import { isFieldShown } from '../../../domain/sign-form-display';
import { formSteps, type FieldSpec, type FormGroup } from './contract-fields';
import type { FormValues, PartyValues } from './contract-form-values';
import type { SignWidgetField } from './sign-actors';

export type DocumentPart =
  { kind: 'text'; text: string } | { kind: 'field'; path: string; text: string; isBlank: boolean };
export type DocumentBlock = { tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'p'; parts: DocumentPart[] };

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_all, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&emsp;/g, '\u2003')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const plain = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ''));

/** Headings and paragraphs, each a run of text and placeholders; any other markup is dropped. */
export function parseContractDocument(html: string): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const block of html.matchAll(/<(h[1-6]|p)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = (block[1] ?? 'p').toLowerCase() as DocumentBlock['tag'];
    const inner = block[2] ?? '';
    const parts: DocumentPart[] = [];
    let last = 0;
    for (const span of inner.matchAll(/<span\b([^>]*)\bdata-field="([^"]*)"([^>]*)>([\s\S]*?)<\/span>/gi)) {
      const before = plain(inner.slice(last, span.index));
      if (before) parts.push({ kind: 'text', text: before });
      const attributes = `${span[1] ?? ''} ${span[3] ?? ''}`;
      parts.push({
        kind: 'field',
        path: decodeEntities(span[2] ?? ''),
        text: plain(span[4] ?? ''),
        isBlank: /\bclass="[^"]*\bblank\b/.test(attributes),
      });
      last = span.index + span[0].length;
    }
    const rest = plain(inner.slice(last));
    if (rest) parts.push({ kind: 'text', text: rest });
    if (parts.length > 0) blocks.push({ tag, parts });
  }
  return blocks;
}

/** Every placeholder path of the document, in reading order, once each. */
export function documentPaths(blocks: DocumentBlock[]): string[] {
  const paths = blocks.flatMap((block) =>
    block.parts.flatMap((part) => (part.kind === 'field' ? [part.path] : [])),
  );
  return [...new Set(paths)];
}

export type PartySide = 'partyA' | 'partyB';
export type PartyKey = 'name' | 'certNo' | 'phone';
export type RegionLevel = 'province' | 'city' | 'district';
export type HouseTypePart = 'room' | 'hall' | 'bath';

/** What a placeholder edits. `fixed` ones (contract number, company name, unknown paths) are text only. */
export type FieldBinding =
  | { kind: 'party'; side: PartySide; key: PartyKey }
  | { kind: 'region'; level: RegionLevel }
  | { kind: 'group'; group: FormGroup; key: string; spec: FieldSpec }
  | { kind: 'houseType'; part: HouseTypePart }
  | { kind: 'custom'; field: SignWidgetField }
  | { kind: 'fixed' };

const houseTypeUnits: Record<HouseTypePart, string> = { room: '室', hall: '厅', bath: '卫' };

export function bindField(
  contractType: 1 | 2 | 3,
  path: string,
  widgetFields: SignWidgetField[],
): FieldBinding {
  const keys = path.split('.');
  const [head, second, third] = keys;
  if ((head === 'partyA' || head === 'partyB') && keys.length === 2) {
    if (second === 'name' || second === 'certNo' || second === 'phone')
      return { kind: 'party', side: head, key: second };
    return { kind: 'fixed' };
  }
  const customName = head === 'customFields' && keys.length === 2 ? second : keys.length === 1 ? head : null;
  const custom = customName ? widgetFields.find((field) => field.fieldName === customName) : undefined;
  if (custom) return { kind: 'custom', field: custom };
  if (
    head === 'property' &&
    (second === 'province' || second === 'city' || second === 'district') &&
    (third === undefined || third === 'name') &&
    contractType !== 3
  )
    return { kind: 'region', level: second };
  if (
    head === 'property' &&
    second === 'houseType' &&
    (third === 'room' || third === 'hall' || third === 'bath')
  )
    return contractType === 3 ? { kind: 'fixed' } : { kind: 'houseType', part: third };
  if (keys.length !== 2 || !head || !second) return { kind: 'fixed' };
  for (const step of formSteps(contractType))
    for (const group of step.groups) {
      if (group.group !== head) continue;
      const spec = group.fields.find((field) => field.key === second);
      if (spec && spec.kind !== 'houseType') return { kind: 'group', group: group.group, key: second, spec };
    }
  return { kind: 'fixed' };
}

/** The label of a bound input: the same words as the step-by-step form's labels. */
export function bindingLabel(binding: FieldBinding, values: FormValues): string {
  switch (binding.kind) {
    case 'party':
      return partyFieldLabel(binding.side, binding.key, values[binding.side]);
    case 'region':
      return { province: '省', city: '市', district: '区县' }[binding.level];
    case 'group':
      return binding.spec.title;
    case 'houseType':
      return `户型${houseTypeUnits[binding.part]}`;
    case 'custom':
      return binding.field.fieldTitle;
    case 'fixed':
      return '';
  }
}

export function partyFieldLabel(side: PartySide, key: PartyKey, party: PartyValues): string {
  const label = side === 'partyA' ? '甲方' : '乙方';
  if (party.subjectType === 2)
    return `${label}${{ name: '企业名称', certNo: '营业执照号', phone: '企业联系电话' }[key]}`;
  return `${label}${{ name: '姓名', certNo: '证件号码', phone: '手机号' }[key]}`;
}

/** The value a bound placeholder shows and edits (raw, as the form keeps it). */
export function readBinding(values: FormValues, binding: FieldBinding): unknown {
  switch (binding.kind) {
    case 'party':
      return values[binding.side][binding.key];
    case 'region':
      return values.region[binding.level].name;
    case 'group':
      return values.groups[binding.group][binding.key];
    case 'houseType': {
      const houseType = values.groups.property['houseType'];
      return houseType && typeof houseType === 'object'
        ? (houseType as Record<string, unknown>)[binding.part]
        : undefined;
    }
    case 'custom':
      return values.customFields[binding.field.fieldName];
    case 'fixed':
      return undefined;
  }
}

/** The form values with one bound placeholder changed (regions are chosen with the region picker). */
export function writeBinding(values: FormValues, binding: FieldBinding, value: unknown): FormValues {
  switch (binding.kind) {
    case 'party': {
      const text = typeof value === 'string' ? value : '';
      const next = binding.key === 'certNo' ? text.toUpperCase() : text;
      return { ...values, [binding.side]: { ...values[binding.side], [binding.key]: next } };
    }
    case 'group':
      return {
        ...values,
        groups: {
          ...values.groups,
          [binding.group]: { ...values.groups[binding.group], [binding.key]: value },
        },
      };
    case 'houseType': {
      const current = values.groups.property['houseType'];
      const houseType = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
      return {
        ...values,
        groups: {
          ...values.groups,
          property: { ...values.groups.property, houseType: { ...houseType, [binding.part]: value } },
        },
      };
    }
    case 'custom':
      return { ...values, customFields: { ...values.customFields, [binding.field.fieldName]: value } };
    case 'region':
    case 'fixed':
      return values;
  }
}

/** A group field the display rules hide (001 section 4) shows as not applicable and is not submitted. */
export function isBindingShown(values: FormValues, binding: FieldBinding): boolean {
  if (binding.kind !== 'group') return true;
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  return isFieldShown(`${binding.group}.${binding.key}`, raw);
}

/** The text a chosen value reads as in the contract (an option's label, a list joined by 、). */
export function displayValue(binding: FieldBinding, raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return '';
  const options =
    binding.kind === 'group'
      ? binding.spec.options
      : binding.kind === 'custom'
        ? (binding.field.optionsData ?? []).map((o) => ({ value: o, label: o }))
        : undefined;
  const label = (value: unknown) => options?.find((o) => o.value === value)?.label ?? String(value);
  if (Array.isArray(raw)) return raw.map(label).join('、');
  if (typeof raw === 'object') return '';
  return label(raw);
}

/**
 * The template's required standard fields the document has no placeholder for: the side panel asks
 * for them, so a contract whose text leaves something out can still pass the same checks.
 */
export function requiredOutsideDocument(
  contractType: 1 | 2 | 3,
  paths: string[],
  requireFlags: Record<string, number>,
): { group: FormGroup; spec: FieldSpec }[] {
  const inDocument = new Set(paths);
  const result: { group: FormGroup; spec: FieldSpec }[] = [];
  for (const step of formSteps(contractType))
    for (const group of step.groups)
      for (const spec of group.fields) {
        const path = `${group.group}.${spec.key}`;
        if (requireFlags[path] !== 1) continue;
        const isPlaced =
          spec.kind === 'houseType'
            ? ['room', 'hall', 'bath'].some((part) => inDocument.has(`${path}.${part}`))
            : inDocument.has(path);
        if (!isPlaced) result.push({ group: group.group, spec });
      }
  return result;
}

/** Whether the region (required or not) has a placeholder in the document. */
export function hasRegionInDocument(paths: string[]): boolean {
  return paths.some((path) => /^property\.(province|city|district)(\.name)?$/.test(path));
}

/**
 * The text of a placeholder written from another value as the form changes it: a capital amount
 * (transaction.transactionPriceCapital, 大写) from its amount, the same words the server prints.
 * Null when the path is not such a placeholder; '' while its amount is empty or cannot be written.
 */
export function derivedText(
  contractType: 1 | 2 | 3,
  path: string,
  values: FormValues,
  widgetFields: SignWidgetField[],
): string | null {
  const source = capitalSourcePath(path);
  if (source === null) return null;
  const binding = bindField(contractType, source, widgetFields);
  if (binding.kind === 'fixed') return null;
  return capitalText(readBinding(values, binding)) ?? '';
}
