/**
 * Which departments a page of the staff list falls in. The list is in department order (the
 * hierarchy's order: a department's sort, then its id), each department's staff by id; staff whose
 * department is not in the hierarchy come after, by department id, and those with none last (the
 * order `order by departments.sort, users.dept_id` gives, nulls last). Given each department's count,
 * the page is a run of consecutive departments and an offset into the first of them, so the database
 * never sorts the company's staff to find fifteen of them.
 */
export type DepartmentCount = { deptId: number | null; n: number };

export type PageRun = {
  /** The departments the page's rows come from, in list order (null: staff without a department). */
  run: (number | null)[];
  /** Rows of the run's first department before the page starts. */
  skip: number;
  total: number;
};

export function orderGroups(order: readonly number[], groups: readonly DepartmentCount[]): DepartmentCount[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  const position = (deptId: number | null) =>
    deptId === null ? [2, 0] : rank.has(deptId) ? [0, rank.get(deptId)!] : [1, deptId];
  return [...groups].sort((a, b) => {
    const [ka, va] = position(a.deptId);
    const [kb, vb] = position(b.deptId);
    return ka! - kb! || va! - vb!;
  });
}

export function pageRun(ordered: readonly DepartmentCount[], offset: number, limit: number): PageRun {
  const total = ordered.reduce((sum, group) => sum + group.n, 0);
  const run: (number | null)[] = [];
  let skip = 0;
  let before = 0;
  for (const group of ordered) {
    const after = before + group.n;
    if (group.n > 0 && after > offset && before < offset + limit) {
      if (run.length === 0) skip = offset - before;
      run.push(group.deptId);
    }
    before = after;
  }
  return { run, skip, total };
}
