/**
 * A machine's notice (success or error) as a callout with 关闭提示 (×), which sends the machine's
 * `notice.dismiss` through `onDismiss`: the login form's and 云采集's save notices.
 */
import { Button, Callout, Flex } from '@radix-ui/themes';
import type { ComponentProps } from 'react';

export type Notice = { kind: 'success' | 'error'; text: string };

export function NoticeCallout({
  notice,
  onDismiss,
  ...root
}: { notice: Notice; onDismiss: () => void } & Omit<
  ComponentProps<typeof Callout.Root>,
  'color' | 'children'
>) {
  return (
    <Callout.Root {...root} color={notice.kind === 'error' ? 'red' : 'green'}>
      <Flex justify="between" align="center" gap="2">
        <Callout.Text>{notice.text}</Callout.Text>
        <Button size="1" variant="ghost" aria-label="关闭提示" onClick={onDismiss}>
          ×
        </Button>
      </Flex>
    </Callout.Root>
  );
}
