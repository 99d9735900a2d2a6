/**
 * A record's log (/app/appRecord, or a screen's own reader: who did what, newest first) on a detail page, read 15 at
 * a time with the list-page kit's load-more list: 加载更多 below the rows until an empty page comes
 * back, then 没有更多了. `version` changes when the detail changed the record, which reads the log
 * again from the first page.
 */
import { Badge, Flex, Text } from '@radix-ui/themes';
import type { paths } from '../../openapi/generated/api';
import { api, ok } from '../api/client';
import { ListFailed, ListLoading } from './list-page/list-states';
import { MoreListFooter } from './list-page/more-list-footer';
import { useMoreList } from './list-page/use-more-list';
import { useReloadWhenChanged } from './list-page/use-list-page';

type AppType = paths['/app/appRecord']['get']['parameters']['query']['appType'];

async function fetchAppRecords(appType: AppType, itemId: number, pageindex: number, pagesize: number) {
  const result = await ok(
    api.GET('/app/appRecord', { params: { query: { appType, itemId, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** What every record row has (AppRecord, CustomerChangeRecord). */
export type RecordRow = {
  recordId: number;
  typeName?: string | null;
  content: string;
  userName: string;
  createTime: string;
};

/**
 * A detail's record tab (a listing's 操作记录, a customer's 变更记录): newest first, 15 at a time with
 * 加载更多 until an empty page, read again from the first page when `version` changes.
 */
export function RecordList<Row extends RecordRow>({
  load,
  version,
  testId,
}: {
  load: (page: number, pageSize: number) => Promise<{ rows: Row[]; total: number }>;
  version?: unknown;
  testId?: string;
}) {
  const list = useMoreList({
    load: (_query, page, pageSize) => load(page, pageSize),
    query: {},
  });
  useReloadWhenChanged(list.reload, version);
  if (list.status === 'loading') return <ListLoading />;
  if (list.status === 'failed') return <ListFailed error={list.error} onRetry={list.retry} />;
  if (list.rows.length === 0) return <Text color="gray">暂无记录</Text>;
  return (
    <Flex direction="column" gap="1" data-testid={testId}>
      {list.rows.map((row) => (
        <Text key={row.recordId} size="2" data-testid="record">
          <Text color="gray">{row.createTime}</Text>{' '}
          {row.typeName && (
            <Badge size="1" mr="1">
              {row.typeName}
            </Badge>
          )}
          {row.userName}：{row.content}
        </Text>
      ))}
      <MoreListFooter list={list} />
    </Flex>
  );
}

/** The operation log of any app's item (/app/appRecord). */
export function AppRecords({
  appType,
  itemId,
  version,
  testId,
}: {
  appType: AppType;
  itemId: number;
  version?: unknown;
  testId?: string;
}) {
  return (
    <RecordList
      load={(page, pageSize) => fetchAppRecords(appType, itemId, page, pageSize)}
      version={version}
      testId={testId}
    />
  );
}
