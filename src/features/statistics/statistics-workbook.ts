/**
 * The workbook of a statistics table (.xlsx, exceljs loaded only when a table is exported): one sheet
 * with the table's header and every row, cell for cell as the table shows them, and the range and
 * the time it was made above it.
 */
import type { StatisticsRow } from './statistics-actors';

export type SheetColumn = { key: string; title: string };

/** The table's cells: the row's name, where it belongs, then each figure as a number. */
export function rowCells(row: StatisticsRow, columns: readonly SheetColumn[]): (string | number)[] {
  return [row.name, row.deptName, ...columns.map((column) => Number(row[column.key] ?? 0))];
}

export async function buildWorkbook(options: {
  title: string;
  range: string;
  keyTitles: [string, string];
  columns: readonly SheetColumn[];
  rows: StatisticsRow[];
}): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '安居签';
  const sheet = workbook.addWorksheet(options.title);
  sheet.addRow([`${options.title}（${options.range}）`]);
  sheet.addRow([...options.keyTitles, ...options.columns.map((column) => column.title)]);
  sheet.getRow(2).font = { bold: true };
  for (const row of options.rows) sheet.addRow(rowCells(row, options.columns));
  sheet.columns.forEach((column, index) => {
    column.width = index < 2 ? 16 : 12;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
