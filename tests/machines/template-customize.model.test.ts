import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { shippedSale, templateCustomizeModel } from '../models/template-customize.model';
import { customizationProblem, type TemplateCustomization } from '../../machines/template-customize.machine';

const paths = generatePaths(templateCustomizeModel);

describe('template-customize machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(templateCustomizeModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(templateCustomizeModel, path);
    },
  );
});

describe('template customisation checks', () => {
  const field = (fieldTitle: string, type: 1 | 4 | 5, optionsData?: string[]) => ({
    fieldTitle,
    type,
    requiredStatus: 0 as const,
    optionStatus: 0 as const,
    ...(optionsData ? { optionsData } : {}),
  });
  const withFields = (fields: ReturnType<typeof field>[]) => ({ ...shippedSale, fields });

  it('names the first field without a title, a repeated title and a choice without options', () => {
    expect(customizationProblem(withFields([field(' ', 1)]))).toBe('请输入字段名称');
    expect(customizationProblem(withFields([field('车位', 1), field('车位 ', 1)]))).toBe(
      '字段名称「车位」重复',
    );
    expect(customizationProblem(withFields([field('朝向', 4, [''])]))).toBe('请填写「朝向」的选项');
    expect(customizationProblem(withFields([field('朝向', 5, ['南', '南'])]))).toBe('「朝向」的选项重复');
    expect(customizationProblem(withFields([field('朝向', 4, ['南', '北'])]))).toBeNull();
  });

  it('asks an approval that is on for a complete approver at every step', () => {
    const approval = (approvers: TemplateCustomization['approval']['approvers']) => ({
      ...shippedSale,
      approval: { oaState: 1 as const, approvers, sendCopy: [] },
    });
    expect(customizationProblem(approval([]))).toBe('开启审批时请至少设置一级审批人');
    expect(customizationProblem(approval([{ approverType: 1 }]))).toBe('请为每一级审批选择审批成员或角色');
    expect(customizationProblem(approval([{ approverType: 2, roleId: 3 }, { approverType: 3 }]))).toBeNull();
    expect(
      customizationProblem({ ...shippedSale, approval: { oaState: 0, approvers: [], sendCopy: [] } }),
    ).toBeNull();
  });
});
