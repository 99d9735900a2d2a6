import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * For the mutation run only (vitest.mutation.config.ts). StrykerJS stops a mutant's run at its first
 * failed test (bail), so the order of the test files decides how long a killed mutant takes, not
 * whether it is killed: a survivor runs every file either way. The rule tests (tests/domain,
 * tests/core, tests/machines/<workflow>.test.ts) load fast and kill most mutants; the model test
 * files generate their paths when they load and come last.
 */
export default class MutationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isModel = (file: TestSpecification) => file.moduleId.endsWith('.model.test.ts');
    return [...sorted.filter((file) => !isModel(file)), ...sorted.filter(isModel)];
  }
}
