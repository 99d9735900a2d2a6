/**
 * Writes the records of the model paths vitest ran (put in each test's meta by runPathOnMachine,
 * tests/support/run-machine-path.ts) with the test's outcome to reports/model-runs/vitest.jsonl, one
 * line per path. This reporter runs in vitest's main process, the only writer of the file: workers
 * and the two projects (pglite, postgres) only fill their tests' meta, so their records cannot
 * interleave. A run replaces the records of the test files it runs and keeps those of the files it
 * does not run (each line says when its run started), so running one server test does not erase
 * the model paths; lines of test files that no longer exist are dropped. A skipped path test is
 * written too (status skipped, no steps). `npm run model:coverage` and `npm run model:report` read it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestCase, TestSpecification } from 'vitest/node';
import type { ModelPathMeta } from './run-machine-path';
import { pathTestPrefix, type PathRecord } from './observed-coverage';

export default class ModelPathReporter implements Reporter {
  private readonly outputFile: string;
  private readonly root: string;
  private startedAt = new Date().toISOString();

  constructor(options: { outputFile?: string; root?: string } = {}) {
    this.root = options.root ?? process.cwd();
    this.outputFile = join(this.root, options.outputFile ?? 'reports/model-runs/vitest.jsonl');
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.startedAt = new Date().toISOString();
    const running = new Set(
      specifications.map((s) => `${s.project.name} ${relative(this.root, s.moduleId)}`),
    );
    const kept = existsSync(this.outputFile)
      ? readFileSync(this.outputFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .filter((line) => {
            try {
              const record = JSON.parse(line) as PathRecord;
              return (
                !running.has(`${record.project ?? ''} ${record.file}`) &&
                existsSync(join(this.root, record.file))
              );
            } catch {
              return false;
            }
          })
      : [];
    mkdirSync(dirname(this.outputFile), { recursive: true });
    // A new file put in place at once: a reader never sees it half written.
    const temporary = `${this.outputFile}.${process.pid}.tmp`;
    writeFileSync(temporary, kept.map((line) => `${line}\n`).join(''));
    renameSync(temporary, this.outputFile);
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const file = relative(this.root, testCase.module.moduleId);
    const common = {
      file,
      test: testCase.fullName,
      project: testCase.project.name,
      status: result.state,
      retry: testCase.diagnostic()?.retryCount ?? 0,
      at: this.startedAt,
    };
    const error = result.state === 'failed' ? result.errors[0]?.message : undefined;
    const paths = (testCase.meta() as ModelPathMeta).modelPaths ?? [];
    const lines: PathRecord[] = paths.map((path) => ({
      ...path,
      ...common,
      ...(error !== undefined ? { error } : {}),
    }));
    if (paths.length === 0 && result.state === 'skipped' && testCase.name.startsWith(pathTestPrefix)) {
      // The path never ran: its machine is the one of the file's model (resolved by the report).
      lines.push({
        machine: '',
        path: testCase.name.slice(pathTestPrefix.length),
        completed: false,
        steps: [],
        ...common,
      });
    }
    if (lines.length > 0)
      appendFileSync(this.outputFile, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  }
}
