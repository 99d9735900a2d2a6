/**
 * Vitest global setup of the postgres project: its prepared databases (database-templates.ts) and the
 * server bundle that tests of real server processes start (server-process.ts), built once per run.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server';
import { dropPostgresTemplates, preparePostgresTemplates } from './database-templates';

export default async function setup(project: TestProject) {
  const templates = await preparePostgresTemplates();
  project.provide('postgresTemplates', templates);
  const bundle = await buildServer('server/main.ts', `.tmp/vitest-server-${process.pid}-postgres.mjs`);
  project.provide('serverBundle', bundle);
  return async () => {
    await dropPostgresTemplates(templates);
    rmSync(bundle, { force: true });
  };
}
