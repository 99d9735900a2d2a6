/**
 * The pieces the listing form draws its fields with, its 出租信息 section and its room picker
 * included (house-form.tsx, house-rent-info.tsx, community-room-picker.tsx): a field with its title
 * above, a text field named by that title, a select of coded names (-请选择- first when it may stay
 * unchosen), and a row of chips toggled on and off (标签, 配套设施).
 */
import type { ReactNode } from 'react';
import { Badge, Flex, Text } from '@radix-ui/themes';
import { TextField } from '../ui/text-field';
import { Select } from '../ui/select';
import { selectPlaceholder } from '../ui/input-rules';

/** The value of a select left unchosen. */
export const unchosen = 'none';

export function ListingField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      <Text as="div" size="2" mb="1" weight="medium">
        {label}
      </Text>
      {children}
    </label>
  );
}

export function ListingTextField({
  label,
  value,
  onChange,
  placeholder = '请输入',
  type,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'date';
  maxLength: number;
}) {
  return (
    <ListingField label={label}>
      <TextField.Root
        aria-label={label}
        placeholder={placeholder}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </ListingField>
  );
}

export function CodeSelect({
  label,
  names,
  value,
  onChange,
  hasEmpty,
}: {
  label: string;
  names: Record<number, string>;
  value: string;
  onChange: (value: string) => void;
  /** May stay unchosen: `unchosen` reads -请选择-. */
  hasEmpty?: boolean;
}) {
  return (
    <ListingField label={label}>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger aria-label={label} style={{ width: '100%' }} />
        <Select.Content>
          {hasEmpty && <Select.Item value={unchosen}>{selectPlaceholder}</Select.Item>}
          {Object.entries(names).map(([code, name]) => (
            <Select.Item key={code} value={code}>
              {name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </ListingField>
  );
}

/** Chips pressed on and off; `chosen` holds the keys pressed. */
export function ToggleChips<Key extends string | number>({
  options,
  chosen,
  onChange,
}: {
  options: readonly { key: Key; name: string }[];
  chosen: readonly Key[];
  onChange: (chosen: Key[]) => void;
}) {
  return (
    <Flex gap="1" wrap="wrap">
      {options.map(({ key, name }) => {
        const isChosen = chosen.includes(key);
        return (
          <Badge key={key} asChild color={isChosen ? 'blue' : 'gray'} variant={isChosen ? 'solid' : 'soft'}>
            <button
              type="button"
              aria-pressed={isChosen}
              onClick={() => onChange(isChosen ? chosen.filter((item) => item !== key) : [...chosen, key])}
            >
              {name}
            </button>
          </Badge>
        );
      })}
    </Flex>
  );
}
