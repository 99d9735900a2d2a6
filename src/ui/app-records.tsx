/**
 * A record's operation log (/app/appRecord: who did what, newest first) on a detail page, read 15 at
 * a time with the list-page kit's load-more list: 加载更多 below the rows until an empty page comes
 * back, then 没有更多了. `version` changes when the detail changed the record, which reads the log
 * again from the first page.
 */
import { useEffect, useRef } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import type { paths } from '../../openapi/generated/api';
import { api, ok } from '../api/client';
import { ListFailed, ListLoading } from './list-page/list-states';
import { MoreListFooter } from './list-page/more-list-footer';
import { useMoreList } from './list-page/use-more-list';

type AppType = paths['/app/appRecord']['get']['parameters']['query']['appType'];

async function fetchAppRecords(appType: AppType, itemId: number, pageindex: number, pagesize: number) {
  const result = await ok(
    api.GET('/app/appRecord', { params: { query: { appType, itemId, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

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
  const list = useMoreList({
    load: (_query, page, pageSize) => fetchAppRecords(appType, itemId, page, pageSize),
    query: {},
  });
  const shownVersion = useRef(version);
  const { reload } = list;
  useEffect(() => {
    if (Object.is(shownVersion.current, version)) return;
    shownVersion.current = version;
    reload();
  }, [version, reload]);
  if (list.status === 'loading') return <ListLoading />;
  if (list.status === 'failed') return <ListFailed error={list.error} onRetry={list.retry} />;
  if (list.rows.length === 0) return <Text color="gray">暂无记录</Text>;
  return (
    <Flex direction="column" gap="1" data-testid={testId}>
      {list.rows.map((row) => (
        <Text key={row.recordId} size="2">
          <Text color="gray">{row.createTime}</Text> {row.userName}：{row.content}
        </Text>
      ))}
      <MoreListFooter list={list} />
    </Flex>
  );
}
