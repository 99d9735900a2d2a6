/**
 * The bottom of a "load more" list (000 section 4: an infinite list marks its bottom when an empty
 * page returns): 加载更多 while the next page may hold rows, 加载中... while it loads, the failure
 * with 重试, and 没有更多了 once an empty page came back.
 */
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';
import type { MoreListView } from './use-more-list';

export const listEndText = '没有更多了';

export function MoreListFooter({
  list,
}: {
  list: Pick<MoreListView<unknown>, 'bottom' | 'error' | 'loadMore' | 'retry'>;
}) {
  switch (list.bottom) {
    case 'ended':
      return (
        <Text as="p" size="1" color="gray" align="center" my="2" data-testid="list-end">
          {listEndText}
        </Text>
      );
    case 'loading':
      return (
        <Flex justify="center" gap="2" my="2" role="status" aria-live="polite">
          <Spinner />
          <Text size="1" color="gray">
            加载中...
          </Text>
        </Flex>
      );
    case 'failed':
      return (
        <Flex justify="center" align="center" gap="2" my="2" data-testid="list-more-failed">
          <Text size="1" color="red">
            {list.error ?? '加载失败'}
          </Text>
          <Button size="1" variant="soft" onClick={list.retry}>
            重试
          </Button>
        </Flex>
      );
    case 'more':
      return (
        <Flex justify="center" my="2">
          <Button size="1" variant="soft" onClick={list.loadMore}>
            加载更多
          </Button>
        </Flex>
      );
  }
}
