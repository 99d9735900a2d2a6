/**
 * The layer check (.dependency-cruiser.cjs, `npm run layers:check`) fails on each kind of violation:
 * a small tree that breaks every rule once is written to a temporary folder and cruised with the
 * project's own configuration, as the test command runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const projectRoot = join(import.meta.dirname, '..', '..');
const depcruise = join(projectRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const config = join(projectRoot, '.dependency-cruiser.cjs');

const tree = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(path: string, text: string) {
  const file = join(tree, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Cruises one project-shaped folder of the tree from its root, as `npm run layers:check` does. */
async function cruise(folder: string): Promise<{ failed: boolean; report: string }> {
  write(`${folder}/tsconfig.json`, tsconfig);
  write(`${folder}/node_modules/react/package.json`, JSON.stringify({ name: 'react', main: 'index.js' }));
  write(`${folder}/node_modules/react/index.js`, 'export const useState = 1;\n');
  try {
    const { stdout } = await run(
      process.execPath,
      [depcruise, '.', '--config', config, '--output-type', 'err'],
      {
        cwd: join(tree, folder),
      },
    );
    return { failed: false, report: stdout };
  } catch (error) {
    const { stdout } = error as { stdout: string };
    return { failed: true, report: stdout };
  }
}

const tsconfig = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' },
});

describe('the layer check', () => {
  it('passes a tree that keeps every rule', async () => {
    write('ok/domain/rule.ts', 'export const rule = 1;\n');
    write(
      'ok/machines/flow.machine.ts',
      "import { rule } from '../domain/rule';\nexport const flow = rule;\n",
    );
    write(
      'ok/src/features/a/page.tsx',
      "import { flow } from '../../../machines/flow.machine';\nexport const page = flow;\n",
    );
    write(
      'ok/server/areas/a/service.ts',
      "import { rule } from '../../../domain/rule';\nexport const service = rule;\n",
    );
    const { failed, report } = await cruise('ok');
    expect(report).toContain('no dependency violations found');
    expect(failed).toBe(false);
  });

  it.each([
    ['domain-is-pure', 'domain/rule.ts', "import { x } from '../src/x';\nexport const rule = x;\n"],
    [
      'machines-import-domain-and-types-only',
      'machines/flow.machine.ts',
      "import { x } from '../server/x';\nexport const f = x;\n",
    ],
    [
      'machines-no-react',
      'machines/view.machine.ts',
      "import { useState } from 'react';\nexport const f = useState;\n",
    ],
    [
      'client-not-server',
      'src/features/a/page.tsx',
      "import { x } from '../../../server/x';\nexport const p = x;\n",
    ],
    [
      'server-not-client',
      'server/areas/a/service.ts',
      "import { x } from '../../../src/x';\nexport const s = x;\n",
    ],
    [
      'server-no-react',
      'server/areas/b/service.ts',
      "import { useState } from 'react';\nexport const s = useState;\n",
    ],
    [
      'features-do-not-import-each-other',
      'src/features/b/page.tsx',
      "import { p } from '../a/page';\nexport const q = p;\n",
    ],
    [
      'shared-client-not-features',
      'src/ui/button.tsx',
      "import { p } from '../features/a/page';\nexport const b = p;\n",
    ],
    ['no-circular', 'server/areas/c/one.ts', "import { two } from './two';\nexport const one = () => two;\n"],
  ])('fails on a violation of %s and names the rule', async (rule, path, text) => {
    const folder = `bad-${rule}`;
    write(`${folder}/src/x.ts`, 'export const x = 1;\n');
    write(`${folder}/server/x.ts`, 'export const x = 1;\n');
    write(`${folder}/src/features/a/page.tsx`, 'export const p = 1;\n');
    write(`${folder}/server/areas/c/two.ts`, "import { one } from './one';\nexport const two = () => one;\n");
    write(`${folder}/${path}`, text);
    const { failed, report } = await cruise(folder);
    expect(failed).toBe(true);
    expect(report).toContain(`error ${rule}:`);
  });
});
