/**
 * One statistics page (房源统计, 客源统计, 聚合统计; 001 sections 2 and 7): the filters — by
 * department or person, the time range (default 近 30 天), one department and one person of the
 * user's scope — the totals, the trend over the range, bars and shares per department or person, and
 * the table (15 a page, paged on the server) with its export to .xlsx and the export's progress.
 * The page's states are machines/statistics.machine.ts: chart and table always show one search.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Progress, Text } from '@radix-ui/themes';
import {
  statisticsMachine,
  type StatisticsExportInput,
  type StatisticsSearch,
  type StatisticsView,
} from '../../../machines/statistics.machine';
import { keyColumns } from '../../../domain/management-statistics';
import { inspect } from '../../inspector/inspection-store';
import { DateRangeFilter, FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect, type FilterOption } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { LineChart } from '../../ui/line-chart';
import { BarChart, PieChart } from '../../ui/statistics-charts';
import {
  loadAllRows,
  loadChoices,
  loadStatistics,
  type StatisticsKind,
  type StatisticsRow,
  type StatisticsSummary,
} from './statistics-actors';
import { buildWorkbook, downloadBlob, type SheetColumn } from './statistics-workbook';

const statisticsActorId = 'statisticsPage';

export const dateTypeOptions: FilterOption[] = [
  { value: 1, label: '今天' },
  { value: 2, label: '昨天' },
  { value: 3, label: '近 7 天' },
  { value: 4, label: '近 30 天' },
  { value: 5, label: '本月' },
  { value: 6, label: '上月' },
  { value: 7, label: '本年' },
  { value: 8, label: '自定义' },
];
const typeOptions: FilterOption[] = [
  { value: 1, label: '按部门' },
  { value: 2, label: '按员工' },
];

export type StatisticsPageConfig = {
  kind: StatisticsKind;
  title: string;
  columns: readonly SheetColumn[];
  /** The figures the trend draws (keys of the summary's trend). */
  trendKeys: readonly SheetColumn[];
  /** The figures the bars and the shares draw. */
  barKeys: readonly SheetColumn[];
  testId: string;
};

type Draft = {
  type: string;
  dateType: string;
  startDate: string;
  endDate: string;
  deptId: string;
  userId: string;
};
const emptyDraft: Draft = {
  type: '1',
  dateType: '4',
  startDate: '',
  endDate: '',
  deptId: 'all',
  userId: 'all',
};

function toSearch(draft: Draft): StatisticsSearch {
  return {
    type: draft.type === '2' ? 2 : 1,
    dateType: Number(draft.dateType),
    ...(draft.dateType === '8' ? { startDate: draft.startDate, endDate: draft.endDate } : {}),
    deptIds: draft.deptId === 'all' ? [] : [Number(draft.deptId)],
    userIds: draft.userId === 'all' ? [] : [Number(draft.userId)],
  };
}

function customRangeError(draft: Draft): string | null {
  if (draft.dateType !== '8') return null;
  if (!draft.startDate || !draft.endDate) return '请选择开始日期和结束日期（自定义时间范围）';
  if (draft.endDate < draft.startDate) return '结束日期不能早于开始日期';
  return null;
}

export function StatisticsPage({ config }: { config: StatisticsPageConfig }) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [machine] = useState(() =>
    statisticsMachine.provide({
      actors: {
        load: fromPromise<StatisticsView, { search: StatisticsSearch; page: number; pageSize: number }>(
          ({ input }) => loadStatistics(config.kind, input.search, input.page, input.pageSize),
        ),
        exportTable: fromPromise<unknown, StatisticsExportInput>(async ({ input, system }) => {
          const rows = await loadAllRows(config.kind, input.search, (done, total) =>
            // The page's own actor (its system id below) shows how far the export has come.
            (system.get(statisticsActorId) as AnyActorRef | undefined)?.send({
              type: 'export.progress',
              done,
              total,
            }),
          );
          const range = (input.summary as StatisticsSummary | null)?.range;
          const rangeText = range ? `${range.startDate} 至 ${range.endDate}` : '';
          const keys = keyColumns(input.search.type);
          const blob = await buildWorkbook({
            title: config.title,
            range: rangeText,
            keyTitles: [keys.name, keys.deptName],
            columns: config.columns,
            rows,
          });
          downloadBlob(blob, `${config.title}_${range?.startDate ?? ''}_${range?.endDate ?? ''}.xlsx`);
          return null;
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect, input: {}, systemId: statisticsActorId });
  const { context } = state;
  const summary = context.view?.summary as StatisticsSummary | undefined;
  const rows = (context.view?.rows ?? []) as StatisticsRow[];

  const [deptOptions, setDeptOptions] = useState<FilterOption[]>([]);
  const [userOptions, setUserOptions] = useState<FilterOption[]>([]);
  useEffect(() => {
    loadChoices(config.kind, 1, null).then(setDeptOptions, () => setDeptOptions([]));
  }, [config.kind]);
  useEffect(() => {
    loadChoices(config.kind, 2, draft.deptId === 'all' ? null : Number(draft.deptId)).then(
      setUserOptions,
      () => setUserOptions([]),
    );
  }, [config.kind, draft.deptId]);

  const keys = keyColumns(context.search.type);
  const columns: Column<StatisticsRow>[] = [
    { key: 'name', header: keys.name, cell: (row) => row.name, isRowHeader: true },
    { key: 'deptName', header: keys.deptName, cell: (row) => row.deptName || '—' },
    ...config.columns.map((column) => ({
      key: column.key,
      header: column.title,
      cell: (row: StatisticsRow) => String(Number(row[column.key] ?? 0)),
    })),
  ];
  const status: 'loading' | 'loaded' | 'failed' = state.matches('failed')
    ? 'failed'
    : state.matches('loading')
      ? 'loading'
      : 'loaded';
  const list = {
    rows,
    total: context.view?.total ?? 0,
    page: context.page,
    pageSize: context.pageSize,
    status,
    hasLoaded: context.view !== null,
    error: context.error,
    setPage: (page: number) => send({ type: 'page.change', page }),
    retry: () => send({ type: 'retry' }),
  };

  const trendLabels = useMemo(() => summary?.trend.map((day) => day.date.slice(5)) ?? [], [summary]);
  const trendSeries = useMemo(
    () =>
      config.trendKeys.map((key) => ({
        name: key.title,
        values: summary?.trend.map((day) => Number(day[key.key] ?? 0)) ?? [],
      })),
    [summary, config.trendKeys],
  );
  const barLabels = rows.map((row) => row.name);
  const barSeries = config.barKeys.map((key) => ({
    name: key.title,
    values: rows.map((row) => Number(row[key.key] ?? 0)),
  }));
  const firstBar = config.barKeys[0]!;
  const slices = rows
    .map((row) => ({ name: row.name, value: Number(row[firstBar.key] ?? 0) }))
    .filter((slice) => slice.value > 0);

  const apply = (next: Draft) => {
    const error = customRangeError(next);
    setDraftError(error);
    if (error) return;
    send({ type: 'filter.apply', search: toSearch(next) });
  };
  const exporting = state.matches('exporting');

  return (
    <Box p="4" data-testid={config.testId}>
      <Flex direction="column" gap="3">
        <Heading size="5">{config.title}</Heading>
        <FilterBar
          onApply={() => apply(draft)}
          onReset={() => {
            setDraft(emptyDraft);
            apply(emptyDraft);
          }}
        >
          <FilterSelect
            label="统计维度"
            hasCaption
            value={draft.type}
            options={typeOptions}
            onChange={(type) => setDraft({ ...draft, type })}
          />
          <FilterSelect
            label="时间范围"
            hasCaption
            value={draft.dateType}
            options={dateTypeOptions}
            onChange={(dateType) => setDraft({ ...draft, dateType })}
          />
          {draft.dateType === '8' && (
            <DateRangeFilter
              label="统计日期"
              start={draft.startDate}
              end={draft.endDate}
              onChange={(startDate, endDate) => setDraft({ ...draft, startDate, endDate })}
            />
          )}
          <FilterSelect
            label="部门"
            hasCaption
            allLabel="全部部门"
            value={draft.deptId}
            options={deptOptions}
            onChange={(deptId) => setDraft({ ...draft, deptId, userId: 'all' })}
          />
          <FilterSelect
            label="员工"
            hasCaption
            allLabel="全部员工"
            value={draft.userId}
            options={userOptions}
            onChange={(userId) => setDraft({ ...draft, userId })}
          />
        </FilterBar>
        {draftError && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{draftError}</Callout.Text>
          </Callout.Root>
        )}
        {summary && (
          <Text size="2" color="gray" data-testid="statistics-range">
            统计区间：{summary.range.startDate} 至 {summary.range.endDate}
          </Text>
        )}
        {summary && (
          <Grid columns={{ initial: '2', md: String(Math.min(config.columns.length, 5)) }} gap="2">
            {config.columns.map((column) => (
              <Card key={column.key} data-testid={`total-${column.key}`}>
                <Text as="div" size="1" color="gray">
                  {column.title}
                </Text>
                <Text as="div" size="5" weight="bold">
                  {Number(summary.totals[column.key] ?? 0).toLocaleString('zh-CN')}
                </Text>
              </Card>
            ))}
          </Grid>
        )}
        {summary && (
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <ChartCard title="趋势">
              <LineChart
                labels={trendLabels}
                series={trendSeries}
                unit=""
                ariaLabel={`${config.title}趋势图`}
                isCount
              />
            </ChartCard>
            <ChartCard title={context.search.type === 1 ? '各部门对比' : '各员工对比'}>
              <BarChart
                labels={barLabels}
                series={barSeries}
                ariaLabel={`${config.title}对比图（本页）`}
                testId="statistics-bars"
              />
            </ChartCard>
            <ChartCard title={`${firstBar.title}占比（本页）`}>
              {slices.length > 0 ? (
                <PieChart slices={slices} ariaLabel={`${firstBar.title}占比图`} />
              ) : (
                <Text color="gray">本页没有{firstBar.title}</Text>
              )}
            </ChartCard>
          </Grid>
        )}
        <Card>
          <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
            <Heading size="3">统计表</Heading>
            <Flex align="center" gap="3">
              {exporting && context.progress && (
                <Flex align="center" gap="2" data-testid="export-progress">
                  <Box width="160px">
                    <Progress
                      aria-label="导出进度"
                      value={
                        context.progress.total ? (context.progress.done / context.progress.total) * 100 : 0
                      }
                    />
                  </Box>
                  <Text size="2">
                    正在导出 {context.progress.done} / {context.progress.total} 行
                  </Text>
                </Flex>
              )}
              <Button
                disabled={exporting || (!state.matches('loaded') && !state.matches('exportFailed'))}
                onClick={() => send({ type: 'export.start' })}
              >
                {state.matches('exportFailed') ? '重新导出' : '导出 Excel'}
              </Button>
            </Flex>
          </Flex>
          {context.notice && (
            <Badge color={context.notice === '导出完成' ? 'green' : 'orange'} mb="2" role="status">
              {context.notice}
            </Badge>
          )}
          {state.matches('exportFailed') && (
            <Callout.Root color="red" mb="2" role="alert">
              <Flex justify="between" align="center" gap="2">
                <Callout.Text>导出失败：{context.error}</Callout.Text>
                <Button size="1" variant="soft" onClick={() => send({ type: 'export.dismiss' })}>
                  关闭
                </Button>
              </Flex>
            </Callout.Root>
          )}
          <ListTable
            list={list}
            columns={columns}
            rowKey={(row) => row.id}
            emptyText="暂无统计数据"
            testId="statistics-table"
            showTotal
          />
        </Card>
      </Flex>
    </Box>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Text as="div" size="2" weight="medium" mb="2">
        {title}
      </Text>
      {children}
    </Card>
  );
}
