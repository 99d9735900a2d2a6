/** /views/index/polymerizationStatistics (聚合统计): listings, customers, contracts, signings and deals in one table. */
import type { PageProps } from '../../core/workspace';
import { polymerizationColumns } from '../../../domain/management-statistics';
import { StatisticsPage } from './statistics-page';

const trendKeys = [
  { key: 'newHouseCount', title: '新增房源' },
  { key: 'newCustomerCount', title: '新增客源' },
  { key: 'contractCount', title: '新增合同' },
] as const;

const config = {
  kind: 'polymerization' as const,
  title: '聚合统计',
  columns: polymerizationColumns,
  trendKeys,
  barKeys: polymerizationColumns.filter((column) => ['dealCount', 'contractCount'].includes(column.key)),
  testId: 'polymerization-statistics',
};

export default function PolymerizationStatisticsPage(_props: PageProps) {
  return <StatisticsPage config={config} />;
}
