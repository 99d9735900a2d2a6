/**
 * Home (app type 999, /views/index.vue): the day's desk — what waits for the user, each count the
 * list it opens (待我审批, 待签字, 待处理申请, 未读消息 with the business reminders, 待授权印章), this
 * month's own figures with a small trend, and the menu's entries as shortcuts.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Badge, Box, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { useSessionSnapshot } from '../../core/use-session';
import { useWorkspace } from '../../core/workspace';
import { useResource } from '../../ui/use-resource';
import { LoadFailed } from '../../ui/load-state';
import { polymerizationColumns } from '../../../domain/management-statistics';
import { findEntry, loadDesk, type WaitCounts } from './home-desk';

const LineChart = lazy(() => import('../../ui/line-chart').then((module) => ({ default: module.LineChart })));

const waiting: { key: keyof WaitCounts; name: string; path: string; hint: string }[] = [
  {
    key: 'approvalCount',
    name: '待我审批',
    path: '/views/office/oa/oa-pending-approval',
    hint: '等您决定的审批',
  },
  { key: 'signCount', name: '待签字', path: '/views/sign/index', hint: '已发起、等待各方签字的签约' },
  {
    key: 'applyCount',
    name: '待处理申请',
    path: '/views/manager/organizational/organizational-structure',
    hint: '等您审核的加入申请',
  },
  { key: 'remindCount', name: '未读消息', path: '/views/system/message/index', hint: '含到期提醒与业务提醒' },
  { key: 'sealAuthCount', name: '待授权印章', path: '/views/manager/seal', hint: '免签授权已到期的印章' },
];

/** 聚合统计's figures of one's own work (the deals and their fees are the statistics pages' to show). */
const monthFigures = polymerizationColumns.filter(
  (column) => !['dealCount', 'agencyFee'].includes(column.key),
);

export default function HomePage(_props: PageProps) {
  const { context } = useSessionSnapshot();
  const { menu, openPage } = useWorkspace();
  const userId = context.user?.userId ?? 0;
  const desk = useResource(() => loadDesk(userId));
  const entries = menu.filter((item) => item.appType !== 999);
  const month = desk.data?.month;
  const labels = useMemo(() => month?.trend.map((day) => day.date.slice(5)) ?? [], [month]);
  const series = useMemo(
    () =>
      (['newHouseCount', 'newCustomerCount', 'houseFollowCount'] as const).map((key) => ({
        name: monthFigures.find((figure) => figure.key === key)!.title,
        values: month?.trend.map((day) => Number(day[key] ?? 0)) ?? [],
      })),
    [month],
  );
  return (
    <Box p="5">
      <Card size="3" mb="4">
        <Heading size="5">您好，{context.user?.name}</Heading>
        <Text as="p" color="gray" mt="1">
          {context.user?.companyName}
          {context.user?.isManager === 1 && (
            <Badge ml="2" color="green">
              管理员
            </Badge>
          )}
        </Text>
      </Card>
      <Heading size="3" mb="3">
        待办
      </Heading>
      {desk.error && !desk.data ? (
        <LoadFailed error={desk.error} onRetry={desk.retry} />
      ) : (
        <Grid columns={{ initial: '2', md: '5' }} gap="3" mb="4" data-testid="home-waiting">
          {waiting.map((item) => {
            const entry = findEntry(menu, item.path);
            const count = desk.data?.wait[item.key];
            const body = (
              <Flex direction="column" gap="1">
                <Text weight="medium">{item.name}</Text>
                <Text size="6" weight="bold" data-testid={`wait-${item.key}`}>
                  {count ?? '…'}
                </Text>
                <Text size="1" color="gray">
                  {item.hint}
                </Text>
              </Flex>
            );
            return entry ? (
              <Card key={item.key} asChild>
                <button
                  type="button"
                  className="entry-card"
                  aria-label={`${item.name} ${count ?? ''}`}
                  onClick={() =>
                    openPage({
                      appType: entry.appType,
                      appId: entry.appId,
                      name: entry.name,
                      path: entry.path,
                      params: {},
                    })
                  }
                >
                  {body}
                </button>
              </Card>
            ) : (
              <Card key={item.key}>{body}</Card>
            );
          })}
        </Grid>
      )}
      {month && (
        <Card mb="4" data-testid="home-month">
          <Heading size="3" mb="2">
            本月我的业绩（{month.range.startDate} 至 {month.range.endDate}）
          </Heading>
          <Grid columns={{ initial: '3', md: '7' }} gap="2" mb="3">
            {monthFigures.map((figure) => (
              <Box key={figure.key}>
                <Text as="div" size="1" color="gray">
                  {figure.title}
                </Text>
                <Text as="div" size="4" weight="bold">
                  {month.totals[figure.key] ?? 0}
                </Text>
              </Box>
            ))}
          </Grid>
          <Suspense fallback={<Text color="gray">图表加载中…</Text>}>
            <LineChart
              labels={labels}
              series={series}
              unit=""
              height={200}
              ariaLabel="本月我的业绩趋势图"
              isCount
            />
          </Suspense>
        </Card>
      )}
      <Heading size="3" mb="3">
        常用功能
      </Heading>
      {entries.length === 0 ? (
        <Text color="gray">暂无可用功能，请联系管理员分配权限。</Text>
      ) : (
        <Grid columns={{ initial: '2', md: '4' }} gap="3">
          {entries.map((item) => (
            <Card key={`${item.appType}:${item.appId}:${item.path}`} asChild>
              <button type="button" className="entry-card" onClick={() => openPage({ ...item, params: {} })}>
                <Flex direction="column" gap="1">
                  <Text weight="medium">{item.name}</Text>
                  {(item.children?.length ?? 0) > 0 && (
                    <Text size="1" color="gray">
                      {item.children!.map((child) => child.name).join('、')}
                    </Text>
                  )}
                </Flex>
              </button>
            </Card>
          ))}
        </Grid>
      )}
    </Box>
  );
}
