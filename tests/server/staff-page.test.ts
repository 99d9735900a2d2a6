import { describe, expect, it } from 'vitest';
import { orderGroups, pageRun, type DepartmentCount } from '../../server/areas/org/staff-page';

type Person = { id: number; deptId: number | null };

/** The list's order as one sort of everybody: hierarchy position, unknown departments by id, none last; id within. */
function sortedEverybody(order: number[], people: Person[]): Person[] {
  const rank = (deptId: number | null) =>
    deptId === null ? 1e9 : order.includes(deptId) ? order.indexOf(deptId) : 1e6 + deptId;
  return [...people].sort((a, b) => rank(a.deptId) - rank(b.deptId) || a.id - b.id);
}

/** What a page read from the run gives: the run's staff in run order, id within, from `skip`. */
function readRun(people: Person[], run: (number | null)[], skip: number, limit: number): Person[] {
  return run
    .flatMap((deptId) => people.filter((p) => p.deptId === deptId).sort((a, b) => a.id - b.id))
    .slice(skip, skip + limit);
}

function counts(people: Person[]): DepartmentCount[] {
  const byDept = new Map<number | null, number>();
  for (const p of people) byDept.set(p.deptId, (byDept.get(p.deptId) ?? 0) + 1);
  return [...byDept].map(([deptId, n]) => ({ deptId, n }));
}

describe('staff list page run', () => {
  it('gives every page the rows one sort of the whole company would', () => {
    // Hierarchy order deliberately unlike id order; 12 and 40 are not in it; some have no department.
    const order = [7, 3, 9, 1, 5];
    const depts = [...order, 12, 40, null];
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const people: Person[] = Array.from({ length: 137 }, (_, i) => ({
      id: 1000 - i * 3,
      deptId: depts[next() % depts.length]!,
    }));
    const everybody = sortedEverybody(order, people);
    const groups = orderGroups(order, counts(people));
    for (const limit of [1, 15, 50])
      for (let offset = 0; offset <= people.length + limit; offset += limit) {
        const { run, skip, total } = pageRun(groups, offset, limit);
        expect(total).toBe(137);
        expect(readRun(people, run, skip, limit)).toEqual(everybody.slice(offset, offset + limit));
      }
  });

  it('is empty past the end and still counts', () => {
    const groups = orderGroups(
      [2, 1],
      [
        { deptId: 1, n: 4 },
        { deptId: 2, n: 3 },
      ],
    );
    expect(groups.map((g) => g.deptId)).toEqual([2, 1]);
    expect(pageRun(groups, 15, 15)).toEqual({ run: [], skip: 0, total: 7 });
    expect(pageRun(groups, 2, 2)).toEqual({ run: [2, 1], skip: 2, total: 7 });
    expect(pageRun([], 0, 15)).toEqual({ run: [], skip: 0, total: 0 });
  });

  it('skips departments with nobody in them', () => {
    const groups = [
      { deptId: 1, n: 2 },
      { deptId: 2, n: 0 },
      { deptId: 3, n: 2 },
    ];
    expect(pageRun(groups, 1, 2)).toEqual({ run: [1, 3], skip: 1, total: 4 });
  });
});
