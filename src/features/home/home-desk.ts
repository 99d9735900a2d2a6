/**
 * The home page's desk (/views/index): what waits for the user (waitCount: each count is the list it
 * opens) and this month's own figures (businessStatistics, 本月, the user alone).
 */
import { api, ok } from '../../api/client';
import type { MenuItem } from '../../../machines/tabs.machine';

export type WaitCounts = {
  approvalCount: number;
  signCount: number;
  applyCount: number;
  remindCount: number;
  sealAuthCount: number;
};

export type MonthFigures = {
  range: { startDate: string; endDate: string };
  totals: Record<string, number>;
  trend: ({ date: string } & Record<string, number | string>)[];
};

export async function loadDesk(userId: number): Promise<{ wait: WaitCounts; month: MonthFigures }> {
  const [wait, month] = await Promise.all([
    ok(api.GET('/ManagementCenter/waitCount')),
    ok(api.POST('/ManagementCenter/businessStatistics', { body: { dateType: 5, userIds: [userId] } })),
  ]);
  return { wait: wait.data as WaitCounts, month: month.data as unknown as MonthFigures };
}

/** The menu entry of a page (with its children), or null when the user's menu does not hold it. */
export function findEntry(menu: readonly MenuItem[], path: string): MenuItem | null {
  for (const item of menu) {
    if (item.path === path) return item;
    const child = findEntry(item.children ?? [], path);
    if (child) return child;
  }
  return null;
}
