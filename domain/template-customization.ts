/**
 * A template's widget fields (001 section 3 "Widget field definitions"), checked the same way by the
 * customisation screen before saving and by the server when they are saved (templateCustomizeSettings).
 */

/** The seven field types, in the seed's numbering: 3 and 7 are both numbers (7 an amount). */
export const widgetFieldTypes = [
  { value: 1, label: '单行文本' },
  { value: 2, label: '多行文本' },
  { value: 3, label: '数字' },
  { value: 7, label: '金额' },
  { value: 4, label: '单选' },
  { value: 5, label: '多选' },
  { value: 6, label: '日期' },
] as const;

export type WidgetFieldType = (typeof widgetFieldTypes)[number]['value'];

export type WidgetFieldCheck = {
  fieldTitle: string;
  type: number;
  optionsData?: string[] | undefined;
};

export const isChoiceField = (type: number): boolean => type === 4 || type === 5;
export const isNumberField = (type: number): boolean => type === 3 || type === 7;

/** The first thing wrong with a template's widget fields, or null. */
export function widgetFieldsProblem(fields: readonly WidgetFieldCheck[]): string | null {
  const titles = new Set<string>();
  for (const field of fields) {
    const title = field.fieldTitle.trim();
    if (!title) return '请输入字段名称';
    if (titles.has(title)) return `字段名称「${title}」重复`;
    titles.add(title);
    if (isChoiceField(field.type)) {
      const options = (field.optionsData ?? []).map((option) => option.trim());
      if (options.length === 0 || options.some((option) => option === '')) return `请填写「${title}」的选项`;
      if (new Set(options).size !== options.length) return `「${title}」的选项重复`;
    }
  }
  return null;
}
