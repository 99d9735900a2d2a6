/**
 * Radix's select whose trigger reads -请选择- while nothing is chosen (000 section 8), unless the
 * field names its own prompt. Screens import Select from here instead of from Radix.
 */
import type { Ref } from 'react';
import { Select as RadixSelect } from '@radix-ui/themes';
import { selectPlaceholder } from './input-rules';

function Trigger({
  placeholder = selectPlaceholder,
  ...props
}: RadixSelect.TriggerProps & { ref?: Ref<HTMLButtonElement> }) {
  return <RadixSelect.Trigger {...props} placeholder={placeholder} />;
}

export const Select = { ...RadixSelect, Trigger };
