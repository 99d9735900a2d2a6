import type { Reporter, TestModule, Vitest } from 'vitest/node';

type Task = {
  type: string;
  name: string;
  mode: string;
  tasks?: Task[];
  result?: { state?: string; errors?: unknown[] };
};
type FileTask = Task & { filepath: string; id: string };

function hasTests(task: Task): boolean {
  return (task.tasks ?? []).some((child) => child.type === 'test' || hasTests(child));
}

/**
 * For the mutation run only (vitest.mutation.config.ts). StrykerJS's vitest runner (9.6.1) builds a
 * mutant's result from the tests vitest collected, and a test file whose import throws collects none:
 * a mutant that stops a machine from being created (an initial state renamed to '', a missing target)
 * would count as survived although every test of that machine fails. This reporter gives such a file
 * one failed test carrying its load error, so the mutant counts as killed.
 */
export default class LoadFailureReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    for (const file of (this.vitest?.state.getFiles() ?? []) as unknown as FileTask[]) {
      if (file.result?.state !== 'fail' || hasTests(file)) continue;
      const loadFailure = {
        type: 'test',
        name: 'the test file loads',
        mode: 'run',
        id: `${file.id}_load`,
        file,
        suite: file,
        meta: {},
        result: {
          state: 'fail',
          errors: file.result.errors ?? [{ message: 'the test file failed to load' }],
        },
      };
      (file.tasks ??= []).push(loadFailure);
    }
  }
}
