/**
 * npm run bench:listings — the house list's and the customer book's searches over HTTP at the scale of
 * a real city: 100,000 listings and 200,000 customers in each of 10 companies (1,000,000 and 2,000,000
 * rows). housingPosts with a community keyword and two range filters; customerPosts on the private book
 * with a budget and an area range, and by the last digits of a phone; page 15 with its total, at 1, 10
 * and 50 concurrent clients (autocannon), on PostgreSQL (when 127.0.0.1:5432 answers) and on PGlite;
 * beside them, in the same run and on the same tables, the floor: a bare Fastify route and a Fastify
 * route doing one indexed query. Prints throughput, p50 and p99 as a table, the server's RSS, and the
 * listing search's query plan. Nothing asserts a time.
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
import {
  benchCustomerPhoneSearch,
  benchCustomerSearch,
  benchSearch,
  companyCount,
  customersPerCompany,
  listingsPerCompany,
} from './support/listing-search-config';

type Prepared = { generatedIn: number; customersGeneratedIn: number };
type Ready = {
  kind: string;
  rows: number;
  customerRows: number;
  productPort: number;
  floorPort: number;
  plan: string;
};

const rows: Row[] = [];

async function measure(backend: string, databaseUrl: string | undefined): Promise<string> {
  const server = await prepareThenServe<Ready, Prepared>('bench/support/listing-server.ts', databaseUrl);
  const { ready } = server;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  try {
    const base = `http://127.0.0.1:${ready.productPort}/api`;
    const headers = await signIn(base, '13800000000');
    const searches = [
      ['housingPosts', '/housing/v2/housingPosts', benchSearch],
      ['customerPosts (budget + area)', '/customer/v2/customerPosts', benchCustomerSearch],
      ['customerPosts (phone digits)', '/customer/v2/customerPosts', benchCustomerPhoneSearch],
    ] as const;
    const named: [string, string, string][] = [];
    for (const [name, path, search] of searches) {
      const body = JSON.stringify(search);
      const check = (await (await fetch(`${base}${path}`, { method: 'POST', headers, body })).json()) as {
        code: number;
        total: number;
      };
      if (check.code !== 200) throw new Error(`${name} answered ${JSON.stringify(check)}`);
      named.push([`${name} (${check.total.toLocaleString('en')} matches)`, path, body]);
    }
    for (const clients of levels) {
      const measured = (url: string, request?: Request) =>
        loadWithCpu(server, backend === 'PostgreSQL', url, clients, request);
      const floorBare = await measured(`http://127.0.0.1:${ready.floorPort}/bare`);
      rows.push({ backend, request: 'floor: bare Fastify route', clients, ...floorBare });
      const floorQuery = await measured(`http://127.0.0.1:${ready.floorPort}/query`);
      rows.push({ backend, request: 'floor: Fastify + one indexed query', clients, ...floorQuery });
      for (const [name, path, body] of named) {
        const result = await measured(`${base}${path}`, { method: 'POST', body, headers });
        rows.push({ backend, request: name, clients, ...result });
      }
    }
    return [
      `${backend}: ${ready.rows.toLocaleString('en')} listings generated in ${server.prepared?.generatedIn.toFixed(0)} s,`,
      `${ready.customerRows.toLocaleString('en')} customers in ${server.prepared?.customersGeneratedIn.toFixed(0)} s;`,
      `serving process RSS peak ${mb(server.peakRss())} (the process that generated the data: ${mb(server.prepareRss)})\n${ready.plan}`,
    ].join(' ');
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    server.cleanUp();
  }
}

const notes = await onBothDatabases(measure);
printTable(
  `listing and customer search: ${companyCount} companies × ${listingsPerCompany.toLocaleString('en')} listings and ${customersPerCompany.toLocaleString('en')} customers, ${seconds} s per cell, loopback`,
  rows,
);
for (const note of notes) console.log(`\n${note}`);
