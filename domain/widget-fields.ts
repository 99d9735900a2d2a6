/**
 * Widget (custom) fields, 001 section 3 "Widget field definitions": one model for every place a
 * company adds its own fields (a contract template's 模板约定, the listing form's 自定义字段).
 * Saving definitions (fieldsList_<n> names given by the server, kept across edits so filled values
 * stay) and checking a form's values against them (require flags, numbers, options, dates) are the
 * same rules for the client and the server.
 */
import { isDate, isNumber, toNumberOrZero } from './validators';
import { isChoiceField, isNumberField, widgetFieldsProblem } from './template-customization';

export type WidgetFieldKind = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A saved definition (TemplateField / the listing's widget fields on the wire). */
export type WidgetField = {
  fieldTitle: string;
  fieldName: string;
  type: WidgetFieldKind;
  placeholder: string | null;
  numUnit: string | null;
  requiredStatus: 0 | 1;
  optionsData: string[];
  optionStatus: 0 | 1;
  dateType: 1 | 2 | null;
};

/** A definition as the settings screen sends it (TemplateFieldInput): no fieldName when new. */
export type WidgetFieldInput = {
  fieldTitle: string;
  fieldName?: string | undefined;
  type: WidgetFieldKind;
  placeholder?: string | undefined;
  numUnit?: string | undefined;
  requiredStatus?: 0 | 1 | undefined;
  optionsData?: string[] | undefined;
  optionStatus?: 0 | 1 | undefined;
  dateType?: 1 | 2 | undefined;
};

export type WidgetValue = string | number | string[] | null;

/** What checking a value needs of a definition (both the stored and the wire shape fit). */
export type WidgetFieldRule = {
  fieldTitle: string;
  fieldName: string;
  type: number;
  requiredStatus: number;
  optionsData?: readonly string[] | undefined;
  optionStatus?: number | undefined;
  dateType?: number | null | undefined;
};

type Result<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * The definitions to store: new fields get the next free fieldsList_<seq>, an existing fieldName
 * must be one of the owner's (else its values would land on a stranger's field).
 */
export function normalizeWidgetFields(
  inputs: readonly WidgetFieldInput[],
  existingNames: ReadonlySet<string>,
  nextSeq: number,
  /** Whose fields these are, for the message on a foreign fieldName (该模板, 房源设置). */
  owner: string,
): Result<{ fields: WidgetField[]; nextSeq: number }> {
  const problem = widgetFieldsProblem(inputs);
  if (problem) return { ok: false, problem };
  let seq = nextSeq;
  const fields: WidgetField[] = [];
  for (const input of inputs) {
    const title = input.fieldTitle.trim();
    let fieldName = input.fieldName;
    if (fieldName === undefined) {
      while (existingNames.has(`fieldsList_${seq}`)) seq += 1;
      fieldName = `fieldsList_${seq}`;
      seq += 1;
    } else if (!existingNames.has(fieldName)) {
      return { ok: false, problem: `字段「${title}」不属于${owner}` };
    }
    const isChoice = isChoiceField(input.type);
    fields.push({
      fieldTitle: title,
      fieldName,
      type: input.type,
      placeholder: input.placeholder ?? null,
      numUnit: isNumberField(input.type) ? (input.numUnit ?? null) : null,
      requiredStatus: input.requiredStatus ?? 0,
      optionsData: isChoice ? (input.optionsData ?? []).map((option) => option.trim()) : [],
      optionStatus: isChoice ? (input.optionStatus ?? 0) : 0,
      dateType: input.type === 6 ? (input.dateType ?? 1) : null,
    });
  }
  return { ok: true, value: { fields, nextSeq: seq } };
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/** 请选择 for the fields picked from a list or a calendar, 请输入 for the typed ones. */
export function missingFieldMessage(field: Pick<WidgetFieldRule, 'type' | 'fieldTitle'>): string {
  const isPicked = field.type === 4 || field.type === 5 || field.type === 6;
  return `${isPicked ? '请选择' : '请输入'}${field.fieldTitle}`;
}

/**
 * A form's values for the given fields, checked and normalised (numbers coerced, amounts to cents,
 * text trimmed); the first problem names the field. Values of fields not defined are dropped.
 */
export function checkWidgetValues(
  fields: readonly WidgetFieldRule[],
  given: Readonly<Record<string, unknown>> | undefined,
): Result<Record<string, WidgetValue>> {
  const result: Record<string, WidgetValue> = {};
  const fail = (problem: string) => ({ ok: false as const, problem });
  for (const field of fields) {
    const raw = given?.[field.fieldName];
    if (isEmptyValue(raw)) {
      if (field.requiredStatus === 1) return fail(missingFieldMessage(field));
      result[field.fieldName] = isNumberField(field.type) ? 0 : null;
      continue;
    }
    const options = field.optionsData ?? [];
    switch (field.type) {
      case 3:
      case 7: {
        if (typeof raw === 'string' ? !isNumber(raw.trim()) : typeof raw !== 'number')
          return fail(`${field.fieldTitle}请输入数字`);
        const value = toNumberOrZero(raw as string | number);
        result[field.fieldName] = field.type === 3 ? value : Math.round(value * 100) / 100;
        break;
      }
      case 4: {
        if (typeof raw !== 'string') return fail(`请选择${field.fieldTitle}`);
        if (field.optionStatus !== 1 && !options.includes(raw)) return fail(`${field.fieldTitle}的选项无效`);
        result[field.fieldName] = raw;
        break;
      }
      case 5: {
        const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
        if (field.optionStatus !== 1 && values.some((v) => !options.includes(v)))
          return fail(`${field.fieldTitle}的选项无效`);
        result[field.fieldName] = values;
        break;
      }
      case 6: {
        const text = String(raw).trim();
        const isValid =
          field.dateType === 2
            ? /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) && isDate(text.slice(0, 10))
            : isDate(text);
        if (!isValid) return fail(`${field.fieldTitle}日期格式不正确`);
        result[field.fieldName] = text;
        break;
      }
      default:
        result[field.fieldName] = typeof raw === 'string' ? raw.trim() : String(raw);
    }
  }
  return { ok: true, value: result };
}

/** A stored value as the detail page shows it (多选 joined with 、, a number with its unit). */
export function widgetValueText(
  field: Pick<WidgetFieldRule, 'type'> & { numUnit?: string | null | undefined },
  value: unknown,
): string {
  if (isEmptyValue(value)) return '--';
  if (Array.isArray(value)) return value.join('、');
  const text = String(value);
  return isNumberField(field.type) && field.numUnit ? `${text}${field.numUnit}` : text;
}
