/** Previous / next paging for a list with a known total. */
import { Button, Flex, Text } from '@radix-ui/themes';

type Props = { page: number; pageSize: number; total: number; onPage: (page: number) => void };

export function Pager({ page, pageSize, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Flex gap="3" align="center" justify="end" mt="3">
      <Button size="1" variant="soft" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <Text size="2" color="gray">
        第 {page} / {pages} 页，共 {total} 条
      </Text>
      <Button size="1" variant="soft" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </Flex>
  );
}
