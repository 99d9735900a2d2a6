/**
 * Where the project's own files are, wherever the server's code runs from: the TypeScript sources
 * (tsx, tests) or the compiled bundle in dist/server (npm start). The root is the nearest folder
 * above this module that holds the project's package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json')) && existsSync(join(folder, 'openapi'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no project root above ${from}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);

/** The database migrations (drizzle-kit's output). */
export const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');

/** The bundled OpenAPI document the server routes and validates by. */
export const contractPath = join(projectRoot, 'openapi', 'generated', 'openapi.json');

/** The client's production build. */
export const defaultClientDir = join(projectRoot, 'dist', 'client');
