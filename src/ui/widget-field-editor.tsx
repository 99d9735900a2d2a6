/**
 * Defining a company's widget fields (001 section 3 "Widget field definitions"): title, one of the
 * seven types, placeholder, unit, date format, options and the require flag; used by a template's
 * 自定义设置 and by 房源基础设置's 自定义字段. Checked by domain/widget-fields.ts on both sides.
 */
import { Box, Button, Checkbox, Flex, IconButton, Switch, Text } from '@radix-ui/themes';
import type { components } from '../../openapi/generated/api';
import { isChoiceField, isNumberField, widgetFieldTypes } from '../../domain/template-customization';
import { TextField } from './text-field';
import { Select } from './select';

export type WidgetFieldDraft = components['schemas']['TemplateFieldInput'];

function newField(type: WidgetFieldDraft['type']): WidgetFieldDraft {
  return {
    fieldTitle: '',
    type,
    requiredStatus: 0,
    optionStatus: 0,
    ...(isChoiceField(type) ? { optionsData: [''] } : {}),
  };
}

/** A field of another type keeps its title, placeholder and required switch. */
function retype(field: WidgetFieldDraft, type: WidgetFieldDraft['type']): WidgetFieldDraft {
  return {
    fieldTitle: field.fieldTitle,
    ...(field.fieldName ? { fieldName: field.fieldName } : {}),
    type,
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    requiredStatus: field.requiredStatus,
    optionStatus: 0,
    ...(isChoiceField(type) ? { optionsData: field.optionsData?.length ? field.optionsData : [''] } : {}),
    ...(type === 6 ? { dateType: 1 as const } : {}),
  };
}

export function WidgetFieldEditor({
  fields,
  onChange,
}: {
  fields: WidgetFieldDraft[];
  onChange: (fields: WidgetFieldDraft[]) => void;
}) {
  const update = (index: number, patch: Partial<WidgetFieldDraft>) =>
    onChange(fields.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <Flex direction="column" gap="3" data-testid="widget-fields">
      {fields.length === 0 && <Text color="gray">暂无自定义字段</Text>}
      {fields.map((field, index) => (
        <Box
          key={field.fieldName ?? `new-${index}`}
          p="2"
          style={{ border: '1px solid var(--gray-5)', borderRadius: 6 }}
          data-testid="widget-field"
        >
          <Flex gap="2" align="center" wrap="wrap">
            <TextField.Root
              aria-label={`字段名称 ${index + 1}`}
              placeholder="请输入字段名称"
              maxLength={20}
              value={field.fieldTitle}
              onChange={(e) => update(index, { fieldTitle: e.target.value })}
            />
            <Select.Root
              value={String(field.type)}
              onValueChange={(v) =>
                onChange(
                  fields.map((f, i) => (i === index ? retype(f, Number(v) as WidgetFieldDraft['type']) : f)),
                )
              }
            >
              <Select.Trigger aria-label={`字段类型 ${index + 1}`} />
              <Select.Content>
                {widgetFieldTypes.map((t) => (
                  <Select.Item key={t.value} value={String(t.value)}>
                    {t.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <TextField.Root
              aria-label={`提示文字 ${index + 1}`}
              placeholder="提示文字（选填）"
              maxLength={50}
              value={field.placeholder ?? ''}
              onChange={(e) => update(index, { placeholder: e.target.value })}
            />
            {isNumberField(field.type) && (
              <TextField.Root
                aria-label={`单位 ${index + 1}`}
                placeholder="单位，如 元"
                maxLength={10}
                value={field.numUnit ?? ''}
                onChange={(e) => update(index, { numUnit: e.target.value })}
                style={{ width: 90 }}
              />
            )}
            {field.type === 6 && (
              <Select.Root
                value={String(field.dateType ?? 1)}
                onValueChange={(v) => update(index, { dateType: Number(v) as 1 | 2 })}
              >
                <Select.Trigger aria-label={`日期格式 ${index + 1}`} />
                <Select.Content>
                  <Select.Item value="1">日期</Select.Item>
                  <Select.Item value="2">日期时间</Select.Item>
                </Select.Content>
              </Select.Root>
            )}
            <Text as="label" size="2">
              <Flex gap="1" align="center">
                <Switch
                  size="1"
                  aria-label={`必填 ${index + 1}`}
                  checked={field.requiredStatus === 1}
                  onCheckedChange={(on) => update(index, { requiredStatus: on ? 1 : 0 })}
                />
                必填
              </Flex>
            </Text>
            <IconButton
              size="1"
              variant="ghost"
              color="red"
              aria-label={`删除字段 ${index + 1}`}
              onClick={() => onChange(fields.filter((_, i) => i !== index))}
            >
              ×
            </IconButton>
          </Flex>
          {isChoiceField(field.type) && (
            <Flex gap="2" align="center" wrap="wrap" mt="2">
              <Text size="1" color="gray">
                选项
              </Text>
              {(field.optionsData ?? []).map((option, o) => (
                <TextField.Root
                  key={o}
                  size="1"
                  aria-label={`字段 ${index + 1} 选项 ${o + 1}`}
                  maxLength={30}
                  value={option}
                  onChange={(e) =>
                    update(index, {
                      optionsData: (field.optionsData ?? []).map((x, j) => (j === o ? e.target.value : x)),
                    })
                  }
                  style={{ width: 110 }}
                />
              ))}
              <Button
                size="1"
                variant="soft"
                onClick={() => update(index, { optionsData: [...(field.optionsData ?? []), ''] })}
              >
                添加选项
              </Button>
              {(field.optionsData?.length ?? 0) > 1 && (
                <Button
                  size="1"
                  variant="ghost"
                  color="gray"
                  onClick={() => update(index, { optionsData: (field.optionsData ?? []).slice(0, -1) })}
                >
                  删除末项
                </Button>
              )}
              <Text as="label" size="1">
                <Flex gap="1" align="center">
                  <Checkbox
                    checked={field.optionStatus === 1}
                    onCheckedChange={(c) => update(index, { optionStatus: c === true ? 1 : 0 })}
                  />
                  允许自行填写
                </Flex>
              </Text>
            </Flex>
          )}
        </Box>
      ))}
      <Box>
        <Button size="1" variant="soft" onClick={() => onChange([...fields, newField(1)])}>
          添加字段
        </Button>
      </Box>
    </Flex>
  );
}
