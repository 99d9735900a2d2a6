/**
 * A detail's match tab, the same for a listing (匹配客户: the customers whose requirement it fits) and
 * a customer (匹配房源: the listings that fit its requirement): what the order means, then the rows
 * best first on the list-page kit, each with its 匹配度 (score out of 100 and the reasons), read again
 * when the detail changed.
 */
import { Badge, Flex, Text } from '@radix-ui/themes';
import { ListTable, type Column } from './list-page/list-table';
import { useListPage, useReloadWhenChanged } from './list-page/use-list-page';

export type MatchRow = { score: number; reasons: string[] };

function scoreColumn<Row extends MatchRow>(): Column<Row> {
  return {
    key: 'score',
    header: '匹配度',
    cell: (row) => (
      <Flex direction="column" gap="1">
        <Text weight="bold">{row.score} 分</Text>
        <Flex gap="1" wrap="wrap">
          {row.reasons.map((reason) => (
            <Badge key={reason} color="green" size="1">
              {reason}
            </Badge>
          ))}
        </Flex>
      </Flex>
    ),
  };
}

export function MatchTable<Row extends MatchRow>({
  load,
  pageSize,
  version,
  hint,
  columns,
  after = [],
  rowKey,
  emptyText,
  testId,
  rowTestId,
}: {
  load: (page: number, pageSize: number) => Promise<{ rows: Row[]; total: number }>;
  pageSize: number;
  version: unknown;
  /** How the rows are ordered, said above them. */
  hint: string;
  /** The columns before 匹配度 (what is matched), and after it. */
  columns: Column<Row>[];
  after?: Column<Row>[];
  rowKey: (row: Row) => number;
  emptyText: string;
  testId: string;
  rowTestId: string;
}) {
  const list = useListPage({
    load: (_query: Record<string, never>, page, size) => load(page, size),
    query: {},
    pageSize,
  });
  useReloadWhenChanged(list.reload, version);
  return (
    <Flex direction="column" gap="2">
      <Text size="1" color="gray">
        {hint}
      </Text>
      <ListTable
        list={list}
        columns={[...columns, scoreColumn<Row>(), ...after]}
        rowKey={rowKey}
        emptyText={emptyText}
        testId={testId}
        rowTestId={rowTestId}
        size="1"
        showTotal
      />
    </Flex>
  );
}
