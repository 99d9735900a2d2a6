/** What a part of a screen shows while its data is read: 加载中..., or the failure with 重试. */
import { Button, Callout, Flex, Text } from '@radix-ui/themes';

export function Loading() {
  return <Text color="gray">加载中...</Text>;
}

export function LoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Flex gap="2" align="center">
      <Text color="red">{error}</Text>
      <Button size="1" variant="soft" onClick={onRetry}>
        重试
      </Button>
    </Flex>
  );
}

/** A whole page whose data could not be read: the failure as a callout, 重试 below it. */
export function PageLoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Flex p="5" direction="column" gap="2" align="start">
      <Callout.Root color="red">
        <Callout.Text>{error}</Callout.Text>
      </Callout.Root>
      <Button onClick={onRetry}>重试</Button>
    </Flex>
  );
}
