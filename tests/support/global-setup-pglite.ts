/**
 * Vitest global setup of the pglite project: its prepared databases (database-templates.ts) and the
 * server bundle that tests of real server processes start (server-process.ts), built once per run.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server';
import { preparePgliteTemplates, removePgliteTemplates } from './database-templates';

export default async function setup(project: TestProject) {
  const folder = `.tmp/vitest-templates-${process.pid}`;
  project.provide('pgliteTemplates', await preparePgliteTemplates(folder));
  const bundle = await buildServer('server/main.ts', `.tmp/vitest-server-${process.pid}-pglite.mjs`);
  project.provide('serverBundle', bundle);
  return () => {
    removePgliteTemplates(folder);
    rmSync(bundle, { force: true });
  };
}
