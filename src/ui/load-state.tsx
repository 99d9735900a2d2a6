/** What a part of a screen shows while its data is read: 加载中..., or the failure with 重试. */
import { Button, Flex, Text } from '@radix-ui/themes';

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
