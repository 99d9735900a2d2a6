/**
 * What the statistics pages ask the server (/ManagementCenter, 001 section 7): the figures and trend
 * (…TabelV2 / businessStatistics) and one page of the table (…PageTable) for the same search, and
 * the whole table for the workbook, 100 rows a request, with the rows read so far.
 */
import { api, ok } from '../../api/client';
import type { StatisticsSearch, StatisticsView } from '../../../machines/statistics.machine';

export type StatisticsKind = 'house' | 'customer' | 'polymerization';

export type StatisticsRow = { id: number; name: string; deptName: string } & Record<string, number | string>;
export type StatisticsSummary = {
  range: { startDate: string; endDate: string };
  totals: Record<string, number>;
  trend: ({ date: string } & Record<string, number | string>)[];
};

/** The search as the contract takes it: custom dates only with 自定义, no empty lists. */
export function searchBody(search: StatisticsSearch) {
  return {
    type: search.type,
    dateType: search.dateType as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8,
    ...(search.dateType === 8 ? { startDate: search.startDate ?? '', endDate: search.endDate ?? '' } : {}),
    ...(search.deptIds.length > 0 ? { deptIds: search.deptIds } : {}),
    ...(search.userIds.length > 0 ? { userIds: search.userIds } : {}),
  };
}

async function loadSummary(kind: StatisticsKind, search: StatisticsSearch): Promise<StatisticsSummary> {
  const body = searchBody(search);
  const reply =
    kind === 'house'
      ? await ok(api.POST('/ManagementCenter/houseStatisticsTabelV2', { body }))
      : kind === 'customer'
        ? await ok(api.POST('/ManagementCenter/customerStatisticsTabelV2', { body }))
        : await ok(api.POST('/ManagementCenter/businessStatistics', { body }));
  return reply.data as unknown as StatisticsSummary;
}

export async function loadTablePage(
  kind: StatisticsKind,
  search: StatisticsSearch,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: StatisticsRow[]; total: number }> {
  const body = { ...searchBody(search), pageindex, pagesize };
  const reply =
    kind === 'house'
      ? await ok(api.POST('/ManagementCenter/houseStatisticsPageTable', { body }))
      : kind === 'customer'
        ? await ok(api.POST('/ManagementCenter/customerStatisticsPageTable', { body }))
        : await ok(api.POST('/ManagementCenter/polymerizationStatisticsPageTable', { body }));
  return { rows: (reply.data ?? []) as unknown as StatisticsRow[], total: reply.total ?? 0 };
}

/** The figures and the table's page of one search, asked together so chart and table always agree. */
export async function loadStatistics(
  kind: StatisticsKind,
  search: StatisticsSearch,
  page: number,
  pageSize: number,
): Promise<StatisticsView> {
  const [summary, table] = await Promise.all([
    loadSummary(kind, search),
    loadTablePage(kind, search, page, pageSize),
  ]);
  return { summary, rows: table.rows, total: table.total };
}

/** The departments or people the user's scope shows (for the filters), from the table itself. */
export async function loadChoices(kind: StatisticsKind, type: 1 | 2, deptId: number | null) {
  const search: StatisticsSearch = { type, dateType: 4, deptIds: deptId ? [deptId] : [], userIds: [] };
  const { rows } = await loadTablePage(kind, search, 1, 100);
  return rows
    .filter((row) => row.id !== 0)
    .map((row) => ({ value: row.id, label: row.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
}

export const exportPageSize = 100;

/** Every row of the table for the search, a page at a time, telling how many have been read. */
export async function loadAllRows(
  kind: StatisticsKind,
  search: StatisticsSearch,
  onProgress: (done: number, total: number) => void,
): Promise<StatisticsRow[]> {
  const rows: StatisticsRow[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page += 1) {
    const next = await loadTablePage(kind, search, page, exportPageSize);
    total = next.total;
    rows.push(...next.rows);
    onProgress(rows.length, total);
    if (next.rows.length === 0) break;
  }
  return rows;
}
