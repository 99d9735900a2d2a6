/** /views/index/houseStatistics (房源统计): listings added, followed up, surveyed, keys, entrusted, turned public, dealt. */
import type { PageProps } from '../../core/workspace';
import { houseColumns } from '../../../domain/management-statistics';
import { StatisticsPage } from './statistics-page';

const config = {
  kind: 'house' as const,
  title: '房源统计',
  columns: houseColumns,
  trendKeys: houseColumns.filter((column) =>
    ['newSaleCount', 'newRentCount', 'followCount'].includes(column.key),
  ),
  barKeys: houseColumns.filter((column) => ['newSaleCount', 'followCount'].includes(column.key)),
  testId: 'house-statistics',
};

export default function HouseStatisticsPage(_props: PageProps) {
  return <StatisticsPage config={config} />;
}
