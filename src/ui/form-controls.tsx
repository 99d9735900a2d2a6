/** Form inputs shared by the contract form and the listing form: a labelled field, a choice as checkboxes or a select. */
import { Flex, Text } from '@radix-ui/themes';
import { CheckItems } from './check-list';
import { Select } from './select';
import { selectPlaceholder } from './input-rules';
import type { ChoiceOption as Option } from '../../domain/sign-contract-text';

export const none = '__none__';

export function Field({
  label,
  required,
  children,
}: {
  label: string;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" asChild>
      <label>
        <Text size="1" color="gray">
          {required && <Text color="red">* </Text>}
          {label}
        </Text>
        {children}
      </label>
    </Flex>
  );
}

/** A multiple choice as checkboxes, one per option; `picked` holds the chosen values as strings. */
export function ChoiceChecks({
  options,
  picked,
  onChange,
}: {
  options: Option[];
  picked: string[];
  onChange: (picked: string[]) => void;
}) {
  return (
    <CheckItems
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      checked={picked}
      onChange={onChange}
    />
  );
}

export function ChoiceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: unknown;
  onChange: (value: string | number | undefined) => void;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <Select.Root
      value={current ? String(current.value) : none}
      onValueChange={(picked) => {
        if (picked === none) return onChange(undefined);
        const option = options.find((o) => String(o.value) === picked);
        onChange(option?.value);
      }}
    >
      <Select.Trigger aria-label={label} />
      <Select.Content>
        <Select.Item value={none}>{selectPlaceholder}</Select.Item>
        {options.map((o) => (
          <Select.Item key={String(o.value)} value={String(o.value)}>
            {o.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
