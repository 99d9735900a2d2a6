/**
 * Compiles a server entry (server/main.ts by default) into one ES module for plain `node`: the
 * project's TypeScript bundled, its npm packages left as imports. `npm start`, the browser tests and
 * the benchmarks run the server this way; running it through tsx kept about 125 MB more in memory
 * (its transform cache and source maps) for the same code. The bundle is not minified, so a stack
 * trace in the log still names the functions.
 *
 *   tsx scripts/build-server.ts [entry] [outfile]
 */
import { build } from 'esbuild';

export async function buildServer(
  entry = 'server/main.ts',
  outfile = 'dist/server/main.mjs',
): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [entry, outfile] = process.argv.slice(2);
  console.log(`server built: ${await buildServer(entry, outfile)}`);
}
