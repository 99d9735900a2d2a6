/**
 * npm run bench (first part) — the product's request path over HTTP beside its floor, in one run and
 * one table: a bare Fastify route, Fastify plus one indexed query on the same database, and the
 * product's login, initialize, appNavigation, signPosts, contractSalePosts, the approval list and
 * staffList (page 1 of 2,000 staff), each at 1, 10 and 50 concurrent clients (autocannon, loopback),
 * on PostgreSQL (when 127.0.0.1:5432 answers) and on PGlite (in a data folder, as `npm start` keeps it).
 * The data is made by a first process; a second one serves, as after a restart. Prints req/s, p50, p99,
 * the share of the one-query floor and the serving process's peak RSS. Nothing asserts a time.
 */
import {
  levels,
  loadWithCpu,
  onBothDatabases,
  printTable,
  seconds,
  signIn,
  prepareThenServe,
  type Request,
  type Row,
} from './support/harness';

type Ready = { kind: string; productPort: number; floorPort: number };

const rows: Row[] = [];

async function measure(backend: string, databaseUrl: string | undefined): Promise<string> {
  const server = await prepareThenServe<Ready>('bench/support/api-server.ts', databaseUrl);
  try {
    const base = `http://127.0.0.1:${server.ready.productPort}/api`;
    const floor = `http://127.0.0.1:${server.ready.floorPort}`;
    const headers = await signIn(base, '13800000000');
    const get = (url: string): [string, Request] => [`${base}${url}`, { headers }];
    const post = (url: string, body: object, withSession = true): [string, Request] => [
      `${base}${url}`,
      {
        method: 'POST',
        body: JSON.stringify(body),
        headers: withSession ? headers : { 'content-type': 'application/json' },
      },
    ];
    const requests: [string, [string, Request]][] = [
      ['floor: bare Fastify route', [`${floor}/bare`, {}]],
      ['floor: Fastify + one indexed query', [`${floor}/query`, {}]],
      ['initialize', post('/user/initialize', {})],
      ['appNavigation', get('/user/appNavigation')],
      ['signPosts (60 contracts, page 1)', get('/sign/signPosts?state=0')],
      ['contractSalePosts (page 1)', post('/contract/v2/contractSalePosts', { pageindex: 1, pagesize: 15 })],
      ['companyOaApprovalList (all)', get('/oa/companyOaApprovalList?type=0')],
      ['staffList page 1 of 2,000', get('/org/v2/staffList?pageindex=1&pagesize=15')],
      // Last: 50 logins at once keep the CPU busy with scrypt for a while after the cell ends.
      [
        'loginPassword (scrypt)',
        post('/user/login/loginPassword', { userName: '13800000000', password: 'demo1234' }, false),
      ],
    ];
    for (const [name, [url, request]] of requests) {
      const check = await fetch(url, {
        method: request.method ?? 'GET',
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.body ? { body: request.body } : {}),
      });
      const answer = (await check.json()) as { code: number; message?: string };
      if (answer.code !== 200) throw new Error(`${name} answered ${answer.code} ${answer.message}`);
    }
    for (const clients of levels)
      for (const [name, [url, request]] of requests) {
        const measured = await loadWithCpu(server, backend === 'PostgreSQL', url, clients, request);
        rows.push({ backend, request: name, clients, ...measured });
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    return `${backend}: serving process RSS peak ${mb(server.peakRss())} (the first start that created the data: ${mb(server.prepareRss)})`;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    server.cleanUp();
  }
}

const notes = await onBothDatabases(measure);
printTable(`request path over HTTP (demo data + 2,000 staff, ${seconds} s per cell, loopback)`, rows);
for (const note of notes) console.log(note);
