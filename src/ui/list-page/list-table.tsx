/**
 * The rows of a list screen: loading, failed with 重试, empty, or the table with its total and pager.
 * A page of more than `virtualizeAbove` rows renders only the rows in view (@tanstack/react-virtual)
 * inside a scrolling box, so a long page stays fast.
 */
import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Box, Flex, Table, Text } from '@radix-ui/themes';
import { Pager } from '../pager';
import { ListEmpty, ListFailed, ListLoading } from './list-states';
import type { ListPageView } from './use-list-page';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (a row header for screen readers). */
  isRowHeader?: boolean;
  width?: string;
};

const rowHeight = 44;
const viewportHeight = 560;

type Props<Row> = {
  list: Pick<
    ListPageView<Row, never>,
    'rows' | 'total' | 'page' | 'pageSize' | 'status' | 'hasLoaded' | 'error' | 'setPage' | 'retry'
  >;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** The list's id, for the filter tabs above it that name it as what they control (aria-controls). */
  id?: string;
  testId?: string;
  rowTestId?: string;
  emptyTestId?: string;
  size?: '1' | '2' | '3';
  variant?: 'surface' | 'ghost';
  /** Shows 共 N 条 beside the pager (the pager says it too once there are pages). */
  showTotal?: boolean;
  virtualizeAbove?: number;
};

function Cells<Row>({ row, columns }: { row: Row; columns: Column<Row>[] }) {
  return (
    <>
      {columns.map((column) =>
        column.isRowHeader ? (
          <Table.RowHeaderCell key={column.key}>{column.cell(row)}</Table.RowHeaderCell>
        ) : (
          <Table.Cell key={column.key}>{column.cell(row)}</Table.Cell>
        ),
      )}
    </>
  );
}

function Header<Row>({ columns }: { columns: Column<Row>[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((column) => (
          <Table.ColumnHeaderCell key={column.key} width={column.width}>
            {column.header}
          </Table.ColumnHeaderCell>
        ))}
      </Table.Row>
    </Table.Header>
  );
}

function VirtualRows<Row>({ props }: { props: Props<Row> }) {
  const { list, columns, rowKey, rowTestId, testId, size, variant } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions are read in this render only; nothing memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: list.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Box ref={scroller} style={{ maxHeight: viewportHeight, overflowY: 'auto' }} data-virtualized="true">
      <Table.Root size={size} variant={variant} data-testid={testId}>
        <Header columns={columns} />
        <Table.Body>
          {before > 0 && <tr style={{ height: before }} aria-hidden />}
          {items.map((item) => {
            const row = list.rows[item.index] as Row;
            return (
              <Table.Row
                key={rowKey(row)}
                data-testid={rowTestId}
                align="center"
                style={{ height: rowHeight }}
              >
                <Cells row={row} columns={columns} />
              </Table.Row>
            );
          })}
          {after > 0 && <tr style={{ height: after }} aria-hidden />}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export function ListTable<Row>(props: Props<Row>) {
  if (props.id === undefined) return <ListTableBody {...props} />;
  return (
    <Box id={props.id}>
      <ListTableBody {...props} />
    </Box>
  );
}

function ListTableBody<Row>(props: Props<Row>) {
  const {
    list,
    columns,
    rowKey,
    emptyText,
    testId,
    rowTestId,
    emptyTestId,
    size,
    variant = 'surface',
  } = props;
  if (list.status === 'failed') return <ListFailed error={list.error} onRetry={list.retry} />;
  if (!list.hasLoaded) return <ListLoading />;
  const isVirtual = list.rows.length > (props.virtualizeAbove ?? 100);
  // While the next page loads, the rows shown are the last answer's: they are marked busy and made
  // inert (neither clickable nor focusable) so nobody opens a row of a page that is being replaced.
  // The pager stays usable: the list machine keeps only the answer it asked for last.
  const isStale = list.status === 'loading';
  return (
    <Box aria-busy={isStale}>
      <Box style={{ opacity: isStale ? 0.6 : 1 }} inert={isStale} data-testid="list-rows">
        {list.rows.length === 0 ? (
          <ListEmpty text={emptyText} testId={emptyTestId} />
        ) : isVirtual ? (
          <VirtualRows props={props} />
        ) : (
          <Table.Root size={size} variant={variant} data-testid={testId}>
            <Header columns={columns} />
            <Table.Body>
              {list.rows.map((row) => (
                <Table.Row key={rowKey(row)} data-testid={rowTestId} align="center">
                  <Cells row={row} columns={columns} />
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
      <Flex justify="between" align="center" mt="2">
        {props.showTotal && list.rows.length > 0 ? (
          <Text size="1" color="gray">
            共 {list.total} 条
          </Text>
        ) : (
          <span />
        )}
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={list.setPage} />
      </Flex>
    </Box>
  );
}
