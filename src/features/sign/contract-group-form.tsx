/** A group of the contract form's standard fields, hidden by the display rules of 001 section 4. */
import { Box, Card, Flex, Grid, Heading, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { isFieldShown } from '../../../domain/sign-form-display';
import type { FieldSpec, GroupSpec } from './contract-fields';
import type { FormValues } from './contract-form-values';
import { ChoiceChecks, ChoiceSelect, Field } from '../../ui/form-controls';

export function FieldInput({
  spec,
  value,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  switch (spec.kind) {
    case 'select':
      return (
        <ChoiceSelect label={spec.title} options={spec.options ?? []} value={value} onChange={onChange} />
      );
    case 'multi': {
      const picked = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Flex gap="3" wrap="wrap" py="1">
          <ChoiceChecks options={spec.options ?? []} picked={picked} onChange={onChange} />
        </Flex>
      );
    }
    case 'houseType': {
      const current = (value ?? {}) as Record<string, string>;
      return (
        <Flex gap="1" align="center">
          {(
            [
              ['room', '室'],
              ['hall', '厅'],
              ['bath', '卫'],
            ] as const
          ).map(([key, unit]) => (
            <Flex key={key} gap="1" align="center">
              <TextField.Root
                aria-label={`户型${unit}`}
                inputMode="numeric"
                style={{ width: 48 }}
                value={current[key] ?? ''}
                onChange={(e) => onChange({ ...current, [key]: e.target.value })}
              />
              <Text size="2">{unit}</Text>
            </Flex>
          ))}
        </Flex>
      );
    }
    case 'textarea':
      return (
        <TextArea
          aria-label={spec.title}
          placeholder={`请输入${spec.title}`}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'date':
      return (
        <TextField.Root
          aria-label={spec.title}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <TextField.Root
          aria-label={spec.title}
          placeholder={`请输入${spec.title}`}
          inputMode={spec.kind === 'number' || spec.kind === 'int' ? 'decimal' : undefined}
          maxLength={140}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {spec.unit && <TextField.Slot side="right">{spec.unit}</TextField.Slot>}
        </TextField.Root>
      );
  }
}

export function GroupForm({
  spec,
  values,
  requireFlags,
  onChange,
  isNarrow = false,
}: {
  spec: GroupSpec;
  values: FormValues;
  requireFlags: Record<string, number>;
  onChange: (key: string, value: unknown) => void;
  /** One column (the visual view's side panel). */
  isNarrow?: boolean;
}) {
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  const group = raw[spec.group] ?? {};
  const shown = spec.fields.filter((field) => isFieldShown(`${spec.group}.${field.key}`, raw));
  return (
    <Card data-testid={`group-${spec.group}`}>
      <Heading size="3" mb="3">
        {spec.title}
      </Heading>
      <Grid columns={isNarrow ? '1' : { initial: '2', md: '3' }} gap="3">
        {shown.map((field) => (
          <Box
            key={field.key}
            gridColumn={field.kind === 'textarea' || field.kind === 'multi' ? '1 / -1' : undefined}
          >
            <Field label={field.title} required={requireFlags[`${spec.group}.${field.key}`] === 1}>
              <FieldInput
                spec={field}
                value={group[field.key]}
                onChange={(value) => onChange(field.key, value)}
              />
            </Field>
          </Box>
        ))}
      </Grid>
    </Card>
  );
}
