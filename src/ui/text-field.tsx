/**
 * Radix's text field with the app's input rules (000 section 5): text holds at most 140 characters
 * unless the field sets maxLength; a date stays within its min and max (150 years each way from
 * today when the field sets none), a typed date outside them moving onto the nearer bound when the
 * field is left. Screens import TextField from here instead of from Radix.
 */
import { useState, type Ref } from 'react';
import { TextField as RadixTextField } from '@radix-ui/themes';
import { clampDate, inputMaxLength, pickerBounds } from './input-rules';

type RootProps = RadixTextField.RootProps & { ref?: Ref<HTMLInputElement> };

/** Sets the value as a user would, so React's onChange and a form's own reading both see it. */
function setInputValue(input: HTMLInputElement, value: string): void {
  // React tracks the value through this setter; assigning input.value would not reach onChange.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called on the input just below
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function DateRoot({ min, max, onBlur, ...props }: RootProps) {
  const [bounds] = useState(() => pickerBounds(new Date()));
  const lower = min === undefined ? bounds.min : String(min);
  const upper = max === undefined ? bounds.max : String(max);
  return (
    <RadixTextField.Root
      {...props}
      type="date"
      min={lower}
      max={upper}
      onBlur={(event) => {
        const input = event.currentTarget;
        const clamped = clampDate(input.value, lower, upper);
        if (clamped !== input.value) setInputValue(input, clamped);
        onBlur?.(event);
      }}
    />
  );
}

function Root(props: RootProps) {
  if (props.type === 'date') return <DateRoot {...props} />;
  return <RadixTextField.Root {...props} maxLength={inputMaxLength(props.type, props.maxLength)} />;
}

export const TextField = { Root, Slot: RadixTextField.Slot };
