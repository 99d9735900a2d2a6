/**
 * npm run bench (last part) — what the browser downloads to show the login page, from the client
 * build already made (`npm run build`, or CLIENT_DIR=<folder> npx vite build): it builds nothing.
 * Reads CLIENT_DIR (default dist/client): index.html's entry script, its modulepreloads and
 * stylesheets, every chunk those import statically, and the login screen's lazy chunk
 * (login-page-*.js) with the files Vite preloads beside it (its __vite__mapDeps list) and their
 * static imports. Prints each file and the JS and CSS totals, raw and gzip (level 9, what a server
 * compressing ahead of time sends), against the targets of issue 19.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const targets = { js: 150 * 1024, css: 60 * 1024 };
const folder = process.env['CLIENT_DIR'] ?? 'dist/client';
const indexPath = join(folder, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`client-size: ${indexPath} is missing; build the client first (npm run build).`);
  process.exit(1);
}

/** Site paths (/assets/x.js) of the files the login route loads, in the order they were found. */
const loaded = new Set<string>();
const read = (sitePath: string) => readFileSync(join(folder, sitePath));

/** A chunk and, recursively, what it imports statically (`import … from"./x.js"`, `import"./x.js"`). */
function addWithStaticImports(sitePath: string): void {
  if (loaded.has(sitePath)) return;
  loaded.add(sitePath);
  if (!sitePath.endsWith('.js')) return;
  const code = read(sitePath).toString('utf8');
  const pattern = /(?:\bimport|\bexport|\bfrom)\s*["'`](\.{1,2}\/[^"'`]+\.(?:js|css))["'`]/g;
  for (const match of code.matchAll(pattern)) {
    addWithStaticImports(posix.join(posix.dirname(sitePath), match[1]!));
  }
}

const html = readFileSync(indexPath, 'utf8');
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const entries: string[] = [];
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  const src = attribute(tag, 'src');
  if (src && /type="module"/.test(tag)) entries.push(src);
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  const rel = attribute(tag, 'rel');
  const href = attribute(tag, 'href');
  if (href && (rel === 'modulepreload' || rel === 'stylesheet')) entries.push(href);
}
if (!entries.some((path) => path.endsWith('.js'))) throw new Error('index.html names no module script');
for (const path of entries) addWithStaticImports(path);

// The login screen: the chunk the router imports lazily, with the files Vite preloads for it.
const staticChunks = [...loaded].filter((path) => path.endsWith('.js'));
let loginChunk: string | undefined;
for (const chunk of staticChunks) {
  const code = read(chunk).toString('utf8');
  const lazy =
    /import\(\s*["'`](\.\/login-page-[^"'`]+\.js)["'`]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/.exec(
      code,
    );
  if (!lazy) continue;
  loginChunk = posix.join(posix.dirname(chunk), lazy[1]!);
  const list = /__vite__mapDeps=[^]*?m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  if (lazy[2] && list) {
    const files = JSON.parse(list) as string[];
    for (const index of lazy[2].split(',').map(Number)) {
      const file = files[index];
      if (file) addWithStaticImports(`/${file.replace(/^\//, '')}`);
    }
  }
  addWithStaticImports(loginChunk);
  break;
}
if (!loginChunk) throw new Error('no chunk imports the login screen (login-page-*.js) lazily');

type Row = { file: string; kind: 'js' | 'css'; raw: number; gzip: number };
const rows: Row[] = [...loaded]
  .filter((path) => path.endsWith('.js') || path.endsWith('.css'))
  .map((path) => {
    const bytes = read(path);
    return {
      file: path,
      kind: path.endsWith('.css') ? 'css' : 'js',
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    };
  });

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (kind: Row['kind']) => rows.filter((row) => row.kind === kind);
const sum = (list: Row[], key: 'raw' | 'gzip') => list.reduce((n, row) => n + row[key], 0);
const width = Math.max(...rows.map((row) => row.file.length), 4);
console.log(`client: what the login route loads, from ${folder} (${rows.length} files)`);
console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}`);
}
console.log('');
console.log('kind  files  raw KB  gzip KB  target gzip KB  met');
for (const kind of ['js', 'css'] as const) {
  const list = total(kind);
  const gzip = sum(list, 'gzip');
  console.log(
    `${kind.padEnd(4)}  ${String(list.length).padStart(5)}  ${kb(sum(list, 'raw')).padStart(6)}  ${kb(gzip).padStart(7)}  ${kb(
      targets[kind],
    ).padStart(14)}  ${gzip <= targets[kind] ? 'yes' : 'NO'}`,
  );
}
