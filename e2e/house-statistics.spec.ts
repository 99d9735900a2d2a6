/**
 * 房源统计 (issue 36): the demo manager sees the last 30 days' figures of the company — the same the
 * server answers for the search — narrows to 人民路店 and 赵经纪, sees the chart and the table change
 * together, and downloads the .xlsx, whose cells equal the table's.
 */
import { expect, test, type Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, post } from './support/api';
import { openAs } from './support/oa';

async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

/** A workbook cell as the table shows it (numbers and text; nothing else is written). */
const cellText = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string'
    ? String(value)
    : value == null
      ? ''
      : JSON.stringify(value);

test('the manager narrows 房源统计 to a store and a person, and the workbook equals the table', async ({
  page,
  request,
}) => {
  const manager = await login(request, '13800000000', 'demo1234');
  const summary = await post<{
    totals: Record<string, number>;
    range: { startDate: string; endDate: string };
  }>(request, '/ManagementCenter/houseStatisticsTabelV2', {}, manager);
  await openAs(page, manager, '/views/index/houseStatistics');
  const screen = page.getByTestId('house-statistics');
  // The page's chunk and the demo company's first figures: slow on a loaded 2-core machine.
  await expect(screen.getByTestId('statistics-range')).toBeVisible({ timeout: 30_000 });
  await expect(screen.getByTestId('statistics-range')).toHaveText(
    `统计区间：${summary.data.range.startDate} 至 ${summary.data.range.endDate}`,
  );
  // The last 30 days' totals as the server counts them from the demo's rows.
  await expect(screen.getByTestId('total-newSaleCount')).toContainText(
    summary.data.totals['newSaleCount']!.toLocaleString('zh-CN'),
  );
  await expect(screen.getByTestId('total-followCount')).toContainText(
    summary.data.totals['followCount']!.toLocaleString('zh-CN'),
  );
  const table = screen.getByTestId('statistics-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const departments = await tableCells(table);
  expect(departments.length).toBeGreaterThan(1);
  const bars = screen.getByTestId('statistics-bars');
  const barsBefore = JSON.parse((await bars.getAttribute('data-figures')) ?? '{}') as { labels: string[] };
  expect(barsBefore.labels).toEqual(departments.map((cells) => cells[0]));

  await screen.getByRole('combobox', { name: '统计维度' }).click();
  await page.getByRole('option', { name: '按员工' }).click();
  await screen.getByRole('combobox', { name: '部门' }).click();
  await page.getByRole('option', { name: '人民路店' }).click();
  await screen.getByRole('combobox', { name: '员工' }).click();
  await page.getByRole('option', { name: '赵经纪' }).click();
  await screen.getByRole('button', { name: '查询' }).click();

  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText('赵经纪');
  const narrowed = await tableCells(table);
  // The chart shows the same person and figures as the table.
  await expect(bars).toHaveAttribute('data-figures', /赵经纪/);
  const figures = JSON.parse((await bars.getAttribute('data-figures')) ?? '{}') as {
    labels: string[];
    series: { name: string; values: number[] }[];
  };
  expect(figures.labels).toEqual(['赵经纪']);
  const header = await table.locator('thead th').allTextContents();
  for (const line of figures.series) {
    const column = header.findIndex((title) => title.trim() === line.name);
    expect(String(line.values[0])).toBe(narrowed[0]![column]);
  }

  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^房源统计_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.xlsx$/);
  await expect(screen.getByRole('status')).toHaveText('导出完成');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.getWorksheet('房源统计')!;
  const headerCells = (sheet.getRow(2).values as unknown[]).slice(1).map(cellText);
  expect(headerCells).toEqual(header.map((title) => title.trim()));
  const sheetRows: string[][] = [];
  sheet.eachRow((row, index) => {
    if (index > 2) sheetRows.push((row.values as unknown[]).slice(1).map(cellText));
  });
  // The table shows — for a row without a department; the workbook keeps the empty text.
  expect(sheetRows).toEqual(
    narrowed.map((cells) => cells.map((cell, i) => (i === 1 && cell === '—' ? '' : cell))),
  );
});
