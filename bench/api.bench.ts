/**
 * npm run bench — request handling of the reference server on fixed, generated data: company A gets
 * 2,000 extra staff across 20 departments; each operation runs a fixed number of times in-process
 * (app.inject, PGlite in memory). Prints a table; nothing here asserts a time.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/app';
import { seedDemoData } from '../server/seed/demo';
import { departments, users } from '../server/db/schema';
import { insertStaffMember } from '../server/areas/org/staff';
import { eq } from 'drizzle-orm';

const staffCount = 2000;
const departmentCount = 20;

const database = await openDatabase({});
await seedDemoData(database.db);
const app = await buildApp({ db: database.db });

const [manager] = await database.db.select().from(users).where(eq(users.userName, '13800000000'));
if (!manager) throw new Error('demo data missing');
const companyId = manager.companyId;
const [broker] = await database.db.select().from(users).where(eq(users.userName, '13800000003'));
const deptIds: number[] = [];
for (let i = 0; i < departmentCount; i++) {
  const [row] = await database.db
    .insert(departments)
    .values({ companyId, parentId: manager.deptId, name: `门店${String(i + 1).padStart(2, '0')}` })
    .returning({ id: departments.id });
  deptIds.push(row!.id);
}
await database.db.transaction(async (tx) => {
  for (let i = 0; i < staffCount; i++) {
    await insertStaffMember(tx, companyId, {
      name: `员工${i}`,
      mobile: `135${String(i).padStart(8, '0')}`,
      deptId: deptIds[i % departmentCount]!,
      roleId: broker!.roleId!,
    });
  }
});

async function inject(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) {
  const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return response.json<{ code: number; data: unknown }>();
}

const login = await inject(
  'POST',
  '/user/login/loginPassword',
  {},
  { userName: '13800000000', password: 'demo1234' },
);
const { token, sessionid } = login.data as { token: string; sessionid: string };
const headers = { token, sessionid };

type Row = { name: string; runs: number; total: number; mean: number; p95: number };
const rows: Row[] = [];

async function measure(name: string, runs: number, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  rows.push({ name, runs, total, mean: total / runs, p95: times[Math.floor(runs * 0.95)] ?? 0 });
}

await measure('loginPassword (scrypt)', 30, () =>
  inject('POST', '/user/login/loginPassword', {}, { userName: '13800000000', password: 'demo1234' }),
);
await measure('initialize', 300, () => inject('POST', '/user/initialize', headers));
await measure('appNavigation (permission-filtered menu)', 300, () =>
  inject('GET', '/user/appNavigation', headers),
);
await measure(`staffList page 1 of ${staffCount}`, 200, () =>
  inject('GET', '/org/v2/staffList?pageindex=1&pagesize=15', headers),
);
await measure('staffList keyword search', 200, (i) =>
  inject('GET', `/org/v2/staffList?key=1&keywords=${encodeURIComponent(`员工${i}`)}`, headers),
);
await measure(`deptTree (${departmentCount + 4} departments)`, 200, () =>
  inject('GET', '/org/v2/deptTree', headers),
);
await measure('rejected body (validation message)', 1000, () =>
  inject('POST', '/user/login/loginPassword', {}, { userName: 'x' }),
);
await measure('forged token (code 400)', 1000, () =>
  inject('POST', '/user/initialize', { token: 'forged', sessionid: 'x' }),
);

const header = ['operation', 'runs', 'total ms', 'mean ms', 'p95 ms', 'ops/s'];
const table = rows.map((r) => [
  r.name,
  String(r.runs),
  r.total.toFixed(0),
  r.mean.toFixed(2),
  r.p95.toFixed(2),
  (1000 / r.mean).toFixed(0),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
console.log(`reference server, PGlite in memory, ${staffCount} staff, ${departmentCount} extra departments`);
console.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table)
  console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
await app.close();
await database.close();
