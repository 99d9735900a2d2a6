/**
 * Checkboxes for a multiple choice: one per option, each inside its own label so that it is named by
 * the option's text. `checked` holds the chosen values; a value checked is added at the end.
 */
import type { ComponentProps } from 'react';
import { Checkbox, Flex, Text } from '@radix-ui/themes';

export type CheckOption<T extends string | number> = {
  value: T;
  label: string;
  /** How deep the option sits in a tree (a department under its parent), indented 16 px a level. */
  depth?: number;
};

type ItemsProps<T extends string | number> = {
  options: readonly CheckOption<T>[];
  checked: readonly T[];
  onChange: (checked: T[]) => void;
};

function toggled<T>(checked: readonly T[], value: T, isOn: boolean): T[] {
  const rest = checked.filter((item) => item !== value);
  return isOn ? [...rest, value] : rest;
}

/** The labelled checkboxes alone, for a caller that lays them out beside inputs of its own. */
export function CheckItems<T extends string | number>({ options, checked, onChange }: ItemsProps<T>) {
  return options.map((option) => (
    <Text
      as="label"
      size="2"
      key={String(option.value)}
      style={option.depth === undefined ? undefined : { paddingLeft: option.depth * 16 }}
    >
      <Flex gap="1" align="center">
        <Checkbox
          checked={checked.includes(option.value)}
          onCheckedChange={(state) => onChange(toggled(checked, option.value, state === true))}
        />
        {option.label}
      </Flex>
    </Text>
  ));
}

/** The checkboxes as one group named `label`, laid out by the Flex props given (gap, direction, wrap). */
export function CheckList<T extends string | number>({
  label,
  options,
  checked,
  onChange,
  ...frame
}: ItemsProps<T> & { label: string } & Omit<ComponentProps<typeof Flex>, 'onChange' | 'children'>) {
  return (
    <Flex role="group" aria-label={label} {...frame}>
      <CheckItems options={options} checked={checked} onChange={onChange} />
    </Flex>
  );
}
