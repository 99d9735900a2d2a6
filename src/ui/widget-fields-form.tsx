/**
 * A company's widget fields (types 1-7, named fieldsList_<n>, domain/widget-fields.ts) as form
 * inputs with their require flags: a contract template's 模板约定, the listing form's 自定义字段.
 */
import { Box, Card, Flex, Grid, Heading, TextArea } from '@radix-ui/themes';
import { TextField } from './text-field';
import { ChoiceChecks, ChoiceSelect, Field } from './form-controls';

/** What the form needs of a definition (the template's and the listing's wire shapes both fit). */
export type WidgetFieldShown = {
  fieldTitle: string;
  fieldName: string;
  type: number;
  placeholder?: string | null;
  numUnit?: string | null;
  requiredStatus: number;
  optionsData?: string[];
  /** 1: 允许自行填写 — a choice may also take a value the user types. */
  optionStatus?: number;
  dateType?: number | null;
};

const ownInputLabel = (label: string) => `${label}（自行填写）`;

export function WidgetFieldsForm({
  title,
  fields,
  values,
  onChange,
  isNarrow = false,
}: {
  title: string;
  fields: WidgetFieldShown[];
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  /** One column (the visual view's side panel). */
  isNarrow?: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <Card data-testid="custom-fields">
      <Heading size="3" mb="3">
        {title}
      </Heading>
      <Grid columns={isNarrow ? '1' : { initial: '2', md: '3' }} gap="3">
        {fields.map((field) => {
          const value = values[field.fieldName];
          const label = field.fieldTitle;
          const required = field.requiredStatus === 1;
          const options = (field.optionsData ?? []).map((o) => ({ value: o, label: o }));
          let input: React.ReactNode;
          switch (field.type) {
            case 4: {
              const choice = (
                <ChoiceSelect
                  label={label}
                  options={options}
                  value={value}
                  onChange={(v) => onChange(field.fieldName, v)}
                />
              );
              // 允许自行填写: beside the options, a value of one's own (shown there when it is not an option).
              const own = typeof value === 'string' && !field.optionsData?.includes(value) ? value : '';
              input =
                field.optionStatus === 1 ? (
                  <Flex direction="column" gap="1">
                    {choice}
                    <TextField.Root
                      aria-label={ownInputLabel(label)}
                      placeholder="或自行填写"
                      value={own}
                      onChange={(e) => onChange(field.fieldName, e.target.value || undefined)}
                    />
                  </Flex>
                ) : (
                  choice
                );
              break;
            }
            case 5: {
              const picked = Array.isArray(value) ? (value as string[]) : [];
              const offered = field.optionsData ?? [];
              const chosen = picked.filter((v) => offered.includes(v));
              // 允许自行填写: one more value of one's own, kept after the chosen options.
              const own = picked.find((v) => !offered.includes(v)) ?? '';
              input = (
                <Flex gap="3" wrap="wrap" py="1" align="center">
                  <ChoiceChecks
                    options={options}
                    picked={chosen}
                    onChange={(v) => onChange(field.fieldName, own ? [...v, own] : v)}
                  />
                  {field.optionStatus === 1 && (
                    <TextField.Root
                      aria-label={ownInputLabel(label)}
                      placeholder="其他，自行填写"
                      value={own}
                      onChange={(e) =>
                        onChange(field.fieldName, e.target.value ? [...chosen, e.target.value] : chosen)
                      }
                    />
                  )}
                </Flex>
              );
              break;
            }
            case 6:
              input = (
                <TextField.Root
                  aria-label={label}
                  type={field.dateType === 2 ? 'datetime-local' : 'date'}
                  value={typeof value === 'string' ? value.replace(' ', 'T') : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value.replace('T', ' '))}
                />
              );
              break;
            case 2:
              input = (
                <TextArea
                  aria-label={label}
                  placeholder={field.placeholder ?? `请输入${label}`}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value)}
                />
              );
              break;
            default:
              input = (
                <TextField.Root
                  aria-label={label}
                  placeholder={field.placeholder ?? `请输入${label}`}
                  inputMode={field.type === 3 || field.type === 7 ? 'decimal' : undefined}
                  value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
                  onChange={(e) => onChange(field.fieldName, e.target.value)}
                >
                  {field.numUnit && <TextField.Slot side="right">{field.numUnit}</TextField.Slot>}
                </TextField.Root>
              );
          }
          return (
            <Box
              key={field.fieldName}
              gridColumn={field.type === 2 || field.type === 5 ? '1 / -1' : undefined}
            >
              <Field label={label} required={required}>
                {input}
              </Field>
            </Box>
          );
        })}
      </Grid>
    </Card>
  );
}
