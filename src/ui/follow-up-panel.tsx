/**
 * A detail's 跟进 tab, the same for a listing and a customer: the category chips (with counts when
 * the server gives them), the follow-ups of the chosen category 15 a page on the list-page kit, and
 * 删除 on the rows the user may delete, after the screen's question (确定要删除该项吗？ /
 * 是否确定删除该跟进？). A deletion reads the list (and the counts) again and is reported; a refusal
 * is shown above the list.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { ConfirmDialog } from './confirm-dialog';
import { ListTable, type Column } from './list-page/list-table';
import { useListPage, useReloadWhenChanged } from './list-page/use-list-page';

/** What both screens' follow-ups have (HouseFollowUp, CustomerFollowUp). */
export type FollowUpRow = {
  followId: number;
  category: number;
  categoryName: string;
  content: string;
  userName: string;
  deptName?: string | null;
  createTime: string;
  deletable?: number | null;
};

export type FollowUpCategory = { category: number; name: string; count?: number };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function followUpColumns<Row extends FollowUpRow>(options: {
  details?: (row: Row) => ReactNode;
  isHighlighted?: (row: Row) => boolean;
  canDelete: (row: Row) => boolean;
  onDelete: (row: Row) => void;
}): Column<Row>[] {
  return [
    { key: 'time', header: '时间', cell: (row) => row.createTime, width: '170px' },
    {
      key: 'category',
      header: '方式',
      cell: (row) => (
        <Badge color={options.isHighlighted?.(row) ? 'orange' : 'gray'}>{row.categoryName}</Badge>
      ),
      width: '90px',
    },
    {
      key: 'content',
      header: '内容',
      isRowHeader: true,
      cell: (row) => (
        <Box>
          <Text size="2">{row.content}</Text>
          {options.details?.(row)}
        </Box>
      ),
    },
    {
      key: 'user',
      header: '跟进人',
      cell: (row) => (
        <Flex direction="column">
          <Text size="2">{row.userName}</Text>
          {row.deptName && (
            <Text size="1" color="gray">
              {row.deptName}
            </Text>
          )}
        </Flex>
      ),
      width: '110px',
    },
    {
      key: 'actions',
      header: '操作',
      cell: (row) =>
        options.canDelete(row) ? (
          <Button size="1" variant="ghost" color="red" onClick={() => options.onDelete(row)}>
            删除
          </Button>
        ) : null,
      width: '70px',
    },
  ];
}

export function FollowUpPanel<Row extends FollowUpRow>({
  categories,
  load,
  pageSize,
  version,
  deleteQuestion,
  canDelete,
  remove,
  onDeleted,
  details,
  isHighlighted,
  testId,
  rowTestId,
}: {
  /** The chips: a fixed list, or read from the server (with counts) with the list. */
  categories: FollowUpCategory[] | (() => Promise<FollowUpCategory[]>);
  load: (category: number, page: number, pageSize: number) => Promise<{ rows: Row[]; total: number }>;
  pageSize: number;
  /** Changes when the detail changed (a follow-up written): the list reads again. */
  version: unknown;
  deleteQuestion: string;
  canDelete: (row: Row) => boolean;
  remove: (row: Row) => Promise<void>;
  onDeleted?: () => void;
  /** More about a row under its content (a visit's listings). */
  details?: (row: Row) => ReactNode;
  isHighlighted?: (row: Row) => boolean;
  testId?: string;
  rowTestId?: string;
}) {
  const [pending, setPending] = useState<Row | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deletions, setDeletions] = useState(0);
  const [readCategories, setReadCategories] = useState<FollowUpCategory[]>([]);
  const list = useListPage({
    load: (query: { category: number }, page, size) => load(query.category, page, size),
    query: { category: 0 },
    pageSize,
  });
  useReloadWhenChanged(list.reload, version);
  useReloadWhenChanged(list.reload, deletions);
  useEffect(() => {
    if (Array.isArray(categories)) return;
    categories().then(setReadCategories, () => setReadCategories([]));
    // The counts change with the list: read again when it is read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, deletions]);
  const chips = Array.isArray(categories) ? categories : readCategories;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="1" wrap="wrap">
        {chips.map((entry) => (
          <Button
            key={entry.category}
            size="1"
            variant={list.query.category === entry.category ? 'solid' : 'soft'}
            onClick={() => list.setQuery({ category: entry.category })}
          >
            {entry.name}
            {entry.count === undefined ? '' : `（${entry.count}）`}
          </Button>
        ))}
      </Flex>
      {notice && <Text role="status">{notice}</Text>}
      {problem && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{problem}</Callout.Text>
        </Callout.Root>
      )}
      <ListTable
        list={list}
        columns={followUpColumns({
          details,
          isHighlighted,
          canDelete,
          onDelete: (row) => {
            setProblem(null);
            setNotice(null);
            setPending(row);
          },
        })}
        rowKey={(row) => row.followId}
        emptyText="暂无跟进"
        testId={testId}
        rowTestId={rowTestId}
        size="1"
      />
      <ConfirmDialog
        open={pending !== null}
        title="删除跟进"
        message={deleteQuestion}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const row = pending;
          setPending(null);
          if (row === null) return;
          remove(row).then(
            () => {
              setNotice('跟进已删除');
              setDeletions((n) => n + 1);
              onDeleted?.();
            },
            (error: unknown) => setProblem(errorText(error)),
          );
        }}
      />
    </Flex>
  );
}
