/** One choice of a filter bar: 全部… (the value 'all') and the options, labelled for screen readers. */
import { Flex, Text } from '@radix-ui/themes';
import { Select } from '../select';

export type FilterOption = { value: string | number; label: string };

export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  disabled,
  hasCaption,
}: {
  label: string;
  /** The first item, value 'all'; leave out for a choice that always has a value (排序). */
  allLabel?: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Shows the label above the choice, as the other captioned fields of its bar. */
  hasCaption?: boolean;
}) {
  const select = (
    <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger aria-label={label} />
      <Select.Content>
        {allLabel && <Select.Item value="all">{allLabel}</Select.Item>}
        {options.map((option) => (
          <Select.Item key={option.value} value={String(option.value)}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
  if (!hasCaption) return select;
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {label}
      </Text>
      {select}
    </Flex>
  );
}

/** Options from a code → name table (states, kinds). */
export function namedOptions(names: Record<number | string, string>): FilterOption[] {
  return Object.entries(names).map(([value, label]) => ({ value, label }));
}

/** Options of people: a staff list by userId and name. */
export function staffOptions(people: readonly { userId: number; name: string }[]): FilterOption[] {
  return people.map((person) => ({ value: person.userId, label: person.name }));
}
