/** /views/index/customerStatistics (客源统计): customers added, followed up, shown, turned public, picked back, dealt. */
import type { PageProps } from '../../core/workspace';
import { customerColumns } from '../../../domain/management-statistics';
import { StatisticsPage } from './statistics-page';

const config = {
  kind: 'customer' as const,
  title: '客源统计',
  columns: customerColumns,
  trendKeys: customerColumns.filter((column) =>
    ['newCustomerCount', 'followCount', 'visitCount'].includes(column.key),
  ),
  barKeys: customerColumns.filter((column) => ['newCustomerCount', 'followCount'].includes(column.key)),
  testId: 'customer-statistics',
};

export default function CustomerStatisticsPage(_props: PageProps) {
  return <StatisticsPage config={config} />;
}
