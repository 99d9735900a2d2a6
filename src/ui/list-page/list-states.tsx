/** What a list shows instead of rows: loading, a failure with 重试, nothing found. */
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';

export function ListLoading() {
  return (
    <Flex justify="center" align="center" gap="2" my="6" role="status" aria-live="polite">
      <Spinner />
      <Text color="gray">加载中...</Text>
    </Flex>
  );
}

export function ListFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Flex gap="2" align="center" justify="center" p="4" data-testid="list-failed">
      <Text color="red">{error ?? '加载失败'}</Text>
      <Button size="1" variant="soft" onClick={onRetry}>
        重试
      </Button>
    </Flex>
  );
}

export function ListEmpty({ text, testId }: { text: string; testId?: string }) {
  return (
    <Text color="gray" as="p" align="center" my="5" data-testid={testId}>
      {text}
    </Text>
  );
}
