/**
 * Radix's button; a submitting one (type="submit", or throttleMs given) acts at most once per
 * 500 ms (000 section 9), so a double click sends one request. Screens with submitting buttons
 * import Button from here instead of from Radix.
 */
import { useMemo, type Ref } from 'react';
import { Button as RadixButton, type ButtonProps } from '@radix-ui/themes';
import { buttonThrottleMs, createThrottle } from './input-rules';

export function Button({
  throttleMs,
  onClick,
  ...props
}: ButtonProps & { ref?: Ref<HTMLButtonElement>; throttleMs?: number }) {
  const interval = throttleMs ?? (props.type === 'submit' ? buttonThrottleMs : 0);
  const mayAct = useMemo(() => createThrottle(interval), [interval]);
  return (
    <RadixButton
      {...props}
      onClick={(event) => {
        if (interval > 0 && !mayAct()) {
          // Also keeps the click from submitting the form a second time.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
