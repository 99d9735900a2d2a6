import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestCase, TestSpecification } from 'vitest/node';
import { deriveTestMachine, generatePaths, transitionsTaken, type ModelPath } from '../support/machine-model';
import type { EventSource, PathRecord, StepRecord } from '../support/observed-coverage';
import ModelPathReporter from '../support/model-path-reporter';
import { approvalModel } from './approval.model';
import { collectModelCoverage, coverageRows } from '../../scripts/model-coverage-data';
import { buildModelReport } from '../../scripts/model-report-html';

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
  const file = 'tests/machines/approval.model.test.ts';
  function testCase(
    dir: string,
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

  it('replaces the records of the files it runs and keeps the others, with outcome and message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-reporter-'));
    mkdirSync(join(dir, 'tests', 'machines'), { recursive: true });
    writeFileSync(join(dir, 'tests/machines/tabs.model.test.ts'), '');
    const output = join(dir, 'out', 'vitest.jsonl');
    mkdirSync(join(dir, 'out'));
    const kept = {
      machine: 'tabs',
      file: 'tests/machines/tabs.model.test.ts',
      project: 'pglite',
      path: 'kept',
    };
    const replaced = { ...kept, machine: 'approval', file, path: 'old' };
    const gone = { ...kept, file: 'tests/machines/no-such.model.test.ts', path: 'gone' };
    writeFileSync(output, [kept, replaced, gone].map((r) => `${JSON.stringify(r)}\n`).join(''));

    const reporter = new ModelPathReporter({ outputFile: join('out', 'vitest.jsonl'), root: dir });
    reporter.onTestRunStart([
      { project: { name: 'pglite' }, moduleId: join(dir, file) } as unknown as TestSpecification,
    ]);
    const path = { machine: 'approval', path: 'a → b', completed: false, steps: [] };
    reporter.onTestCaseResult(testCase(dir, 'follows the model: a → b', 'failed', { modelPaths: [path] }));
    reporter.onTestCaseResult(testCase(dir, 'follows the model: c', 'skipped', {}));
    reporter.onTestCaseResult(testCase(dir, 'a rule without a path', 'passed', {}));

    const lines = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as PathRecord);
    expect(lines.map((line) => line.path)).toEqual(['kept', 'a → b', 'c']);
    expect(lines[1]).toMatchObject({
      status: 'failed',
      error: 'boom',
      project: 'pglite',
      file,
      completed: false,
    });
    expect(lines[2]).toMatchObject({ status: 'skipped', machine: '', steps: [] });
  });
});
