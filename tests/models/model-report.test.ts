import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestCase, TestSpecification } from 'vitest/node';
import { deriveTestMachine, generatePaths, transitionsTaken, type ModelPath } from '../support/machine-model';
import type { EventSource, PathRecord, StepRecord } from '../support/observed-coverage';
import ModelPathReporter from '../support/model-path-reporter';
import { readMergedRecords } from '../support/vitest-model-runs';
import { approvalModel } from './approval.model';
import { collectModelCoverage, coverageRows } from '../../scripts/model-coverage-data';
import { buildModelReport, renderPage } from '../../scripts/model-report-html';

const root = join(import.meta.dirname, '..', '..');
const testMachine = deriveTestMachine(approvalModel.machine);
const paths = generatePaths(approvalModel);

/** A path's record as the runners write it: every step's states and transitions. */
function recordOf(
  path: ModelPath,
  overrides: Partial<PathRecord>,
  source: (step: number, transitions: string[]) => { source: EventSource; reason?: string } = () => ({
    source: 'machine',
  }),
): PathRecord {
  const steps: StepRecord[] = path.steps.map((step, index) => {
    const transitions = step.event.type === 'xstate.init' ? [] : transitionsTaken(testMachine, step);
    return {
      event: step.event.type,
      ...source(index, transitions),
      states: step.state._nodes.map((node) => node.id),
      transitions,
    };
  });
  return {
    machine: 'approval',
    file: 'tests/machines/approval.model.test.ts',
    test: `approval machine, model-based > follows the model: ${path.description}`,
    path: path.description,
    completed: true,
    status: 'passed',
    retry: 0,
    steps,
    ...overrides,
  };
}

const cancel = 'approval.pending.confirmingRevoke on revoke.cancel #0';
const takes = (path: ModelPath, transition: string) =>
  path.steps.some(
    (step) => step.event.type !== 'xstate.init' && transitionsTaken(testMachine, step).includes(transition),
  );
const failureMessage =
  'step 4 (revoke.cancel): machine is in ["revoking"], model expects [{"pending":"idle"}]';

/** The vitest run: every path passes but those through 取消撤回, which fail there; one more is skipped. */
function vitestRecords(): PathRecord[] {
  const records = paths.map((path) => {
    if (!takes(path, cancel)) return recordOf(path, {});
    const full = recordOf(path, {});
    const at = full.steps.findIndex((step) => step.transitions.includes(cancel));
    return {
      ...full,
      steps: full.steps.slice(0, at),
      completed: false,
      status: 'failed',
      error: failureMessage,
    };
  });
  const skipped: PathRecord = {
    machine: '',
    file: 'tests/machines/approval.model.test.ts',
    test: 'approval machine, model-based > follows the model: (skipped)',
    path: 'xstate.init → approval.reload',
    completed: false,
    status: 'skipped',
    retry: 0,
    steps: [],
  };
  return [...records, skipped];
}

const revokedDone = 'approval.pending.revoking on xstate.done.actor.revokeApproval #0';
const loadError = 'approval.loading on xstate.error.actor.loadApproval #0';
const approve = 'approval.pending.idle on approval.approve #0';
const forgedReason = '真实服务器给不出：测试用的伪造原因';

/** The browser run: one path driven, one on a forged answer, one forced, one failed. */
function browserRecords() {
  const through = (transition: string) => {
    const path = paths.find((p) => takes(p, transition));
    if (!path) throw new Error(`no path takes ${transition}`);
    return path;
  };
  const driven = recordOf(through(revokedDone), { file: 'e2e/approval.model.spec.ts' }, () => ({
    source: 'ui',
  }));
  const forged = recordOf(through(loadError), { file: 'e2e/approval.model.spec.ts' }, (_, taken) =>
    taken.includes(loadError) ? { source: 'network', reason: forgedReason } : { source: 'ui' },
  );
  const forced = recordOf(through(approve), { file: 'e2e/approval.model.spec.ts' }, (_, taken) =>
    taken.includes(approve) ? { source: 'inspector' } : { source: 'ui' },
  );
  const failed = {
    ...recordOf(paths.at(-1) as ModelPath, { file: 'e2e/approval.model.spec.ts' }, () => ({ source: 'ui' })),
    status: 'failed',
    completed: false,
    error: 'expect(locator).toBeVisible() failed: 审批通过',
  };
  return { records: [driven, forged, forced, failed], driven, forged, forced };
}

function fixtureDir(vitest: PathRecord[] | null, browser: PathRecord[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'model-report-'));
  const lines = (records: PathRecord[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (vitest) writeFileSync(join(dir, 'vitest.jsonl'), lines(vitest));
  writeFileSync(join(dir, 'browser.jsonl'), lines(browser));
  return dir;
}

/** The cells of a machine's row in the report's totals table (the first table naming it). */
function reportCells(html: string, machine: string): Record<string, string> {
  const row = new RegExp(`<tr data-machine="${machine}"[^>]*>(.*?)</tr>`).exec(html)?.[1];
  if (!row) throw new Error(`no row of ${machine}`);
  const cells: Record<string, string> = {};
  for (const match of row.matchAll(/<td data-figure="([^"]+)">([^<]*)<\/td>/g))
    cells[match[1] ?? ''] = match[2] ?? '';
  return cells;
}

describe('model-coverage report from the records of a run', () => {
  const browser = browserRecords();
  const options = (dir: string, withVitest = true) => ({
    root,
    machines: ['approval'],
    ...(withVitest ? { vitestRecordsFile: join(dir, 'vitest.jsonl') } : {}),
    browserRecordsFile: join(dir, 'browser.jsonl'),
  });

  it('shows the approval machine with the figures model:coverage prints for the same records', async () => {
    const dir = fixtureDir(vitestRecords(), browser.records);
    const data = await collectModelCoverage(options(dir));
    const [row] = coverageRows(data);
    const html = await buildModelReport(options(dir));
    const cells = reportCells(html, 'approval');

    // vitest: the failed paths were the only ones through 取消撤回: 25 of 26 transitions, every state.
    expect(data.vitestSource).toBe('records');
    const failedCount = paths.filter((p) => takes(p, cancel)).length;
    // The column counts the passed paths of all the machine's records (the skipped one too).
    expect(row?.slice(0, 4)).toEqual([
      'approval',
      `${paths.length - failedCount}/${paths.length + 1}`,
      '12/12',
      '25/26',
    ]);
    expect(cells['states-vitest']).toBe('12/12');
    expect(cells['transitions-vitest']).toBe('25/26');
    expect(cells['paths-vitest']).toBe(`${paths.length - failedCount} / ${failedCount} / 跳过 1`);

    // Chromium: what the driven path took, apart from the forged and the forced step.
    const drivenTransitions = new Set(
      [browser.driven, browser.forged, browser.forced].flatMap((r) =>
        r.steps.filter((s) => s.source === 'ui').flatMap((s) => s.transitions),
      ),
    );
    const drivenStates = new Set(
      [browser.driven, browser.forged, browser.forced].flatMap((r) =>
        r.steps.filter((s) => s.source === 'ui').flatMap((s) => s.states.filter((x) => x !== 'approval')),
      ),
    );
    expect(drivenTransitions.has(loadError)).toBe(false);
    expect(drivenTransitions.has(approve)).toBe(false);
    expect(cells['transitions-chromium']).toBe(`${drivenTransitions.size}/26`);
    expect(cells['states-chromium']).toBe(`${drivenStates.size}/12`);
    expect(row?.[5]).toBe(`${drivenStates.size}/12`);
    expect(row?.[6]).toBe(`${drivenTransitions.size}/26`);
    expect(cells['transitions-forged']).toBe('1');
    expect(cells['transitions-forced']).toBe('1');
    expect(row?.[7]).toBe('1 (3.8%)');
    expect(row?.[8]).toBe('1 (3.8%)');
    expect(cells['paths-chromium']).toBe('3 / 1');
    // Not covered anywhere: neither vitest (all but 取消撤回) nor Chromium took 取消撤回.
    expect(drivenTransitions.has(cancel)).toBe(false);
    expect(cells['transitions-none']).toBe('1');
    expect(cells['states-none']).toBe('0');
  });

  it('shows a failed path with its message and the step it stopped at, and a forged transition with its reason', async () => {
    const dir = fixtureDir(vitestRecords(), browser.records);
    const html = await buildModelReport(options(dir));
    expect(html).toContain(failureMessage.replaceAll('"', '&quot;'));
    expect(html).toContain('expect(locator).toBeVisible() failed: 审批通过');
    expect(html).toMatch(/<code>revoke\.cancel<\/code><\/td><td colspan="3">✗ 在这一步停止/);
    expect(html).toMatch(
      new RegExp(`<li><code>${loadError.replaceAll('.', '\\.')}</code>：${forgedReason}</li>`),
    );
    // The graph: the uncovered transition is drawn as such, and the page needs nothing from outside.
    expect(html).toMatch(
      new RegExp(`<g class="transition cov-none" data-transition="${cancel.replaceAll('.', '\\.')}"`),
    );
    expect(html).toMatch(
      new RegExp(`<g class="transition cov-forged" data-transition="${loadError.replaceAll('.', '\\.')}"`),
    );
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(https?:/);
  });

  // Generating every machine's paths takes 15 s alone, 40 s on a loaded 2-core machine.
  it('has, for every machine, the figures model:coverage prints', { timeout: 180_000 }, async () => {
    // Every machine of tests/models: vitest figures computed (no vitest records), Chromium from the approval run.
    const dir = fixtureDir(null, browser.records);
    const all = {
      root,
      vitestRecordsFile: join(dir, 'vitest.jsonl'),
      browserRecordsFile: join(dir, 'browser.jsonl'),
    };
    const data = await collectModelCoverage(all);
    const html = renderPage(data, [], new Date(0));
    const rows = coverageRows(data);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const [id, , states, transitions, , browserStates, browserTransitions, forced, forged] = row;
      const cells = reportCells(html, id ?? '');
      const count = (cell: string | undefined) => (cell === '—' ? '—' : (cell ?? '').split(' ')[0]);
      expect([id, cells['states-vitest'], cells['transitions-vitest']]).toEqual([id, states, transitions]);
      expect([id, cells['states-chromium'], cells['transitions-chromium']]).toEqual([
        id,
        browserStates,
        browserTransitions,
      ]);
      expect([id, cells['transitions-forced'], cells['transitions-forged']]).toEqual([
        id,
        count(forced),
        count(forged),
      ]);
    }
    expect(rows.find((row) => row[0] === 'approval')?.[7]).toBe('1 (3.8%)');
  });

  it('says when the vitest figures are computed because there are no vitest records', async () => {
    const dir = fixtureDir(null, browser.records);
    const data = await collectModelCoverage(options(dir, false));
    // Not in the repository's reports: the fixture directory holds no vitest.jsonl.
    const html = await buildModelReport({
      ...options(dir, false),
      vitestRecordsFile: join(dir, 'vitest.jsonl'),
    });
    expect(html).toContain('数字由生成的路径推算，不是运行结果');
    const computed = await collectModelCoverage({
      ...options(dir, false),
      vitestRecordsFile: join(dir, 'vitest.jsonl'),
    });
    expect(computed.vitestSource).toBe('computed');
    expect(computed.machines[0]?.vitest.transitions).toEqual({ covered: 26, total: 26 });
    expect(data.machines[0]?.id).toBe('approval');
  });
});

describe('the vitest reporter of model paths', () => {
  const approvalFile = 'tests/machines/approval.model.test.ts';
  const tabsFile = 'tests/machines/tabs.model.test.ts';
  function testCase(
    dir: string,
    file: string,
    name: string,
    state: 'passed' | 'failed' | 'skipped',
    meta: object,
  ): TestCase {
    return {
      name,
      fullName: `suite > ${name}`,
      module: { moduleId: join(dir, file) },
      project: { name: 'pglite' },
      result: () => (state === 'failed' ? { state, errors: [{ message: 'boom' }] } : { state }),
      diagnostic: () => ({ retryCount: 0 }),
      meta: () => meta,
    } as unknown as TestCase;
  }
  const specification = (dir: string, file: string) =>
    ({ project: { name: 'pglite' }, moduleId: join(dir, file) }) as unknown as TestSpecification;
  const modelPath = (machine: string, path: string) => ({
    machine,
    path,
    completed: true,
    steps: [],
  });
  const passedWith = (dir: string, file: string, machine: string, path: string) =>
    testCase(dir, file, `follows the model: ${path}`, 'passed', { modelPaths: [modelPath(machine, path)] });
  function repository(): { dir: string; runs: string } {
    const dir = mkdtempSync(join(tmpdir(), 'model-reporter-'));
    mkdirSync(join(dir, 'tests', 'machines'), { recursive: true });
    for (const file of [approvalFile, tabsFile]) writeFileSync(join(dir, file), '');
    return { dir, runs: join(dir, 'out') };
  }
  const merged = (runs: string, dir: string) =>
    (readMergedRecords(runs, dir)?.records ?? []).map((r) => `${r.machine} ${r.path} ${r.status}`).sort();

  it('writes a run’s records with outcome and message in one file, only when the run ends', () => {
    const { dir, runs } = repository();
    const reporter = new ModelPathReporter({ outputDir: 'out', root: dir });
    reporter.onTestRunStart([specification(dir, approvalFile)]);
    const path = { machine: 'approval', path: 'a → b', completed: false, steps: [] };
    reporter.onTestCaseResult(
      testCase(dir, approvalFile, 'follows the model: a → b', 'failed', { modelPaths: [path] }),
    );
    reporter.onTestCaseResult(testCase(dir, approvalFile, 'follows the model: c', 'skipped', {}));
    reporter.onTestCaseResult(testCase(dir, approvalFile, 'a rule without a path', 'passed', {}));
    // Nothing on disk while the run goes on.
    expect(readMergedRecords(runs, dir)).toBeNull();
    reporter.onTestRunEnd([], [], 'failed');

    const files = readdirSync(runs);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.jsonl$/);
    const [header, ...lines] = readFileSync(join(runs, files[0] ?? ''), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toMatchObject({ run: { files: [`pglite ${approvalFile}`] } });
    expect(lines.map((line) => line['path'])).toEqual(['a → b', 'c']);
    expect(lines[0]).toMatchObject({
      status: 'failed',
      error: 'boom',
      project: 'pglite',
      file: approvalFile,
      completed: false,
    });
    expect(lines[1]).toMatchObject({ status: 'skipped', machine: '', steps: [] });
  });

  it('keeps two runs at once apart: each writes its own complete file, and the latest run of each test file counts', () => {
    const { dir, runs } = repository();
    // First, one run of both files.
    const first = new ModelPathReporter({ outputDir: 'out', root: dir });
    first.onTestRunStart([specification(dir, approvalFile), specification(dir, tabsFile)]);
    first.onTestCaseResult(passedWith(dir, approvalFile, 'approval', 'old'));
    first.onTestCaseResult(passedWith(dir, tabsFile, 'tabs', 'kept'));
    first.onTestRunEnd([], [], 'passed');

    // Then two processes at once, their calls interleaved: A runs approval, B runs tabs.
    const a = new ModelPathReporter({ outputDir: 'out', root: dir });
    const b = new ModelPathReporter({ outputDir: 'out', root: dir });
    a.onTestRunStart([specification(dir, approvalFile)]);
    b.onTestRunStart([specification(dir, tabsFile)]);
    a.onTestCaseResult(passedWith(dir, approvalFile, 'approval', 'a1'));
    b.onTestCaseResult(passedWith(dir, tabsFile, 'tabs', 'b1'));
    a.onTestCaseResult(passedWith(dir, approvalFile, 'approval', 'a2'));
    // A reader while both run sees the first run whole, nothing of A or B.
    expect(merged(runs, dir)).toEqual(['approval old passed', 'tabs kept passed']);
    b.onTestRunEnd([], [], 'passed');
    // B has finished: tabs is B's; approval is still the first run's.
    expect(merged(runs, dir)).toEqual(['approval old passed', 'tabs b1 passed']);
    // A run still being written (its temporary file) is not read.
    writeFileSync(join(runs, 'half.jsonl.tmp'), '{"run":{"id":"half","files":["pglite x"]');
    a.onTestRunEnd([], [], 'passed');
    expect(merged(runs, dir)).toEqual(['approval a1 passed', 'approval a2 passed', 'tabs b1 passed']);
    // The first run is wholly superseded and pruned; A's and B's files stay.
    expect(readdirSync(runs).filter((name) => name.endsWith('.jsonl'))).toHaveLength(2);

    // An interrupted run writes nothing; a test file that is gone loses its records.
    const c = new ModelPathReporter({ outputDir: 'out', root: dir });
    c.onTestRunStart([specification(dir, tabsFile)]);
    c.onTestCaseResult(passedWith(dir, tabsFile, 'tabs', 'interrupted'));
    c.onTestRunEnd([], [], 'interrupted');
    rmSync(join(dir, approvalFile));
    expect(merged(runs, dir)).toEqual(['tabs b1 passed']);
  });

  it('is what model:coverage reads: the merged runs of the runs’ directory', async () => {
    const { dir, runs } = repository();
    const reporter = new ModelPathReporter({ outputDir: 'out', root: dir });
    reporter.onTestRunStart([specification(dir, approvalFile)]);
    for (const record of vitestRecords()) {
      reporter.onTestCaseResult(
        record.status === 'skipped'
          ? testCase(dir, approvalFile, record.test.replace(/^.*> /, ''), 'skipped', {})
          : testCase(
              dir,
              approvalFile,
              record.test.replace(/^.*> /, ''),
              record.status === 'failed' ? 'failed' : 'passed',
              {
                modelPaths: [
                  {
                    machine: record.machine,
                    path: record.path,
                    completed: record.completed,
                    steps: record.steps,
                  },
                ],
              },
            ),
      );
    }
    reporter.onTestRunEnd([], [], 'failed');
    const data = await collectModelCoverage({
      root,
      machines: ['approval'],
      vitestRunsDir: runs,
      browserRecordsFile: join(dir, 'no-browser.jsonl'),
    });
    // The records name tests/machines/approval.model.test.ts, which the repository has: they are kept.
    expect(data.vitestSource).toBe('records');
    expect(data.vitestRecords).toMatchObject({ exists: true, records: paths.length + 1 });
    const [row] = coverageRows(data);
    expect(row?.slice(2, 4)).toEqual(['12/12', '25/26']);
  });
});
