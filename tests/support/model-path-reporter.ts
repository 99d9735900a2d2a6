/**
 * Writes the records of the model paths vitest ran (put in each test's meta by runPathOnMachine,
 * tests/support/run-machine-path.ts) with the test's outcome, one record per path, as this run's own
 * file in reports/model-runs/vitest/ (tests/support/vitest-model-runs.ts). The reporter runs in
 * vitest's main process: workers and the two projects (pglite, postgres) only fill their tests' meta.
 * The records are kept in memory and written at the end of the run in one go (temporary name, then
 * rename), so two vitest processes at once each write their own complete file and a reader never
 * sees half a run; an interrupted run writes nothing. A skipped path test is recorded too (status
 * skipped, no steps). `npm run model:coverage` and `npm run model:report` read the merged runs: per
 * test file, the latest run that ran it.
 */
import { join, relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSpecification } from 'vitest/node';
import type { ModelPathMeta } from './run-machine-path';
import { pathTestPrefix, type PathRecord } from './observed-coverage';
import { fileKey, newRunId, pruneRuns, writeRun } from './vitest-model-runs';

export default class ModelPathReporter implements Reporter {
  private readonly outputDir: string;
  private readonly root: string;
  private startedAt = new Date();
  private files: string[] = [];
  private records: PathRecord[] = [];

  constructor(options: { outputDir?: string; root?: string } = {}) {
    this.root = options.root ?? process.cwd();
    this.outputDir = join(this.root, options.outputDir ?? 'reports/model-runs/vitest');
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.startedAt = new Date();
    this.files = [
      ...new Set(specifications.map((s) => fileKey(s.project.name, relative(this.root, s.moduleId)))),
    ];
    this.records = [];
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const common = {
      file: relative(this.root, testCase.module.moduleId),
      test: testCase.fullName,
      project: testCase.project.name,
      status: result.state,
      retry: testCase.diagnostic()?.retryCount ?? 0,
      at: this.startedAt.toISOString(),
    };
    const error = result.state === 'failed' ? result.errors[0]?.message : undefined;
    const paths = (testCase.meta() as ModelPathMeta).modelPaths ?? [];
    for (const path of paths)
      this.records.push({ ...path, ...common, ...(error !== undefined ? { error } : {}) });
    if (paths.length === 0 && result.state === 'skipped' && testCase.name.startsWith(pathTestPrefix)) {
      // The path never ran: its machine is the one of the file's model (resolved by the report).
      this.records.push({
        machine: '',
        path: testCase.name.slice(pathTestPrefix.length),
        completed: false,
        steps: [],
        ...common,
      });
    }
  }

  onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    _errors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): void {
    // Half a run would replace the records of files whose tests it never finished.
    if (reason === 'interrupted') return;
    const header = {
      id: newRunId(this.startedAt),
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      files: this.files,
    };
    writeRun(this.outputDir, header, this.records);
    pruneRuns(this.outputDir);
  }
}
