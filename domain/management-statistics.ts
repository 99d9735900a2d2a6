/**
 * The management centre's statistics (001 sections 2, 3 and 7): who a user's statistics and logs may
 * cover, and the columns of the three statistics tables as the screens, the exported workbooks and
 * the server name them.
 */

/** The people a user's statistics cover: the whole company, some departments (with their staff), or only himself. */
export type StatisticsScope =
  { kind: 'company' } | { kind: 'departments'; deptIds: number[] } | { kind: 'self'; userId: number };

/**
 * A manager sees the whole company; whoever holds 数据统计 (or 日志记录, for the logs) sees the
 * departments he manages (the whole company with the all-departments flag, else his configured
 * departments and his own, each with its sub-departments — a store manager his store); anyone else
 * (a broker) sees only himself.
 */
export function statisticsScope(input: {
  isManager: boolean;
  holdsGrant: boolean;
  allDepts: boolean;
  visibleDeptIds: readonly number[];
  userId: number;
}): StatisticsScope {
  if (input.isManager) return { kind: 'company' };
  if (!input.holdsGrant) return { kind: 'self', userId: input.userId };
  if (input.allDepts) return { kind: 'company' };
  return { kind: 'departments', deptIds: [...input.visibleDeptIds] };
}

/** The people (from all of the company's staff) a scope and the search's departments and people leave. */
export function peopleInScope(
  scope: StatisticsScope,
  staff: readonly { id: number; deptId: number | null }[],
  chosen: { deptIds: ReadonlySet<number> | null; userIds: readonly number[] | null },
): number[] {
  const inScope = (person: { id: number; deptId: number | null }) => {
    if (scope.kind === 'company') return true;
    if (scope.kind === 'self') return person.id === scope.userId;
    return person.deptId !== null && scope.deptIds.includes(person.deptId);
  };
  const wanted = chosen.userIds && chosen.userIds.length > 0 ? new Set(chosen.userIds) : null;
  return staff
    .filter(
      (person) =>
        inScope(person) &&
        (chosen.deptIds === null || (person.deptId !== null && chosen.deptIds.has(person.deptId))) &&
        (wanted === null || wanted.has(person.id)),
    )
    .map((person) => person.id);
}

export type StatisticsColumn<K extends string> = { key: K; title: string };

/** 房源统计's figures, in the table's order. */
export const houseColumns = [
  { key: 'newSaleCount', title: '新增出售' },
  { key: 'newRentCount', title: '新增出租' },
  { key: 'followCount', title: '跟进' },
  { key: 'surveyCount', title: '实勘' },
  { key: 'keyCount', title: '收钥匙' },
  { key: 'entrustCount', title: '独家委托' },
  { key: 'toPublicCount', title: '转公盘' },
  { key: 'dealCount', title: '成交' },
] as const satisfies readonly StatisticsColumn<string>[];

/** 客源统计's figures. */
export const customerColumns = [
  { key: 'newCustomerCount', title: '新增客源' },
  { key: 'followCount', title: '跟进' },
  { key: 'visitCount', title: '带看' },
  { key: 'toPublicCount', title: '转公客' },
  { key: 'pickCount', title: '拣入私客' },
  { key: 'dealCount', title: '成交' },
] as const satisfies readonly StatisticsColumn<string>[];

/** 聚合统计's figures. */
export const polymerizationColumns = [
  { key: 'newHouseCount', title: '新增房源' },
  { key: 'newCustomerCount', title: '新增客源' },
  { key: 'houseFollowCount', title: '房源跟进' },
  { key: 'customerFollowCount', title: '客源跟进' },
  { key: 'visitCount', title: '带看' },
  { key: 'contractCount', title: '新增合同' },
  { key: 'signCount', title: '发起签约' },
  { key: 'dealCount', title: '成交合同' },
  { key: 'agencyFee', title: '中介费（元）' },
] as const satisfies readonly StatisticsColumn<string>[];

/** The first columns of every statistics table: the department or the person, and where it belongs. */
export function keyColumns(type: 1 | 2): { name: string; deptName: string } {
  return type === 1 ? { name: '部门', deptName: '上级部门' } : { name: '员工', deptName: '所属部门' };
}
