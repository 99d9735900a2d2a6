import { describe, expect, it } from 'vitest';
import {
  approvalProblem,
  templateCustomizeMachine,
  templateCustomizeMessages,
  type TemplateCustomization,
} from '../../machines/template-customize.machine';
import { startHarness } from '../support/machine-harness';
import { shippedSale, withParkingField, withUntitledField } from '../models/template-customize.model';

const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
const savedParking: TemplateCustomization = {
  ...withParkingField,
  fields: withParkingField.fields.map((f, i) => (i === 1 ? { ...f, fieldName: 'fieldsList_6' } : f)),
};

async function openTemplate() {
  const harness = await startHarness(templateCustomizeMachine, { input: { boxId: 7 } });
  await harness.done('loadCustomization', shippedSale);
  return harness;
}

describe('template-customize machine, rules a user relies on', () => {
  it('reads the template the dialog was opened for, as the saved settings and the draft', async () => {
    const harness = await startHarness(templateCustomizeMachine, { input: { boxId: 7 } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadCustomization')?.input).toStrictEqual({ boxId: 7 });
    await harness.done('loadCustomization', shippedSale);
    expect(harness.value()).toEqual({ editing: 'clean' });
    expect(harness.context()).toStrictEqual({
      boxId: 7,
      saved: shippedSale,
      draft: shippedSale,
      error: null,
      isSavedNotice: false,
    });

    const withoutId = await startHarness(templateCustomizeMachine);
    expect(withoutId.lastCall('loadCustomization')?.input).toStrictEqual({ boxId: 0 });
    expect(withoutId.context()).toStrictEqual({
      boxId: 0,
      saved: null,
      draft: null,
      error: null,
      isSavedNotice: false,
    });
  });

  it('settings that cannot be read show the message; 重试 reads again, and closing closes', async () => {
    const harness = await startHarness(templateCustomizeMachine, { input: { boxId: 7 } });
    await harness.fail('loadCustomization', failure(0, '网络异常，请检查网络连接'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('网络异常，请检查网络连接');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadCustomization')).toHaveLength(2);
    await harness.fail('loadCustomization', '超时');
    expect(harness.context()['error']).toBe('超时');
    await harness.send({ type: 'retry' });
    await harness.done('loadCustomization', shippedSale);
    expect(harness.context()['error']).toBeNull();

    const closing = await startHarness(templateCustomizeMachine, { input: { boxId: 7 } });
    await closing.fail('loadCustomization', failure(404, '合同模板不存在或已被删除'));
    await closing.send({ type: 'close' });
    expect(closing.value()).toBe('closed');
    expect(closing.actor.getSnapshot().status).toBe('done');
  });

  it('closing without changes closes at once', async () => {
    const harness = await openTemplate();
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('closed');
    expect(harness.actor.getSnapshot().status).toBe('done');
  });

  it('an edit makes the draft unsaved; 保存 checks it first and names the problem', async () => {
    expect(templateCustomizeMessages).toStrictEqual({
      unsaved: '自定义设置有未保存的修改，确定放弃修改并关闭吗？',
      approverRequired: '开启审批时请至少设置一级审批人',
      approverIncomplete: '请为每一级审批选择审批成员或角色',
      saved: '已保存',
    });
    const harness = await openTemplate();
    await harness.send({ type: 'edit', draft: withUntitledField });
    expect(harness.value()).toEqual({ editing: 'dirty' });
    expect(harness.context()['draft']).toStrictEqual(withUntitledField);
    expect(harness.context()['saved']).toStrictEqual(shippedSale);
    await harness.send({ type: 'save' });
    expect(harness.value()).toEqual({ editing: 'dirty' });
    expect(harness.context()['error']).toBe('请输入字段名称');
    expect(harness.lastCall('saveCustomization')).toBeUndefined();

    const noApprover = { ...shippedSale, approval: { oaState: 1 as const, approvers: [], sendCopy: [] } };
    await harness.send({ type: 'edit', draft: noApprover });
    expect(harness.context()['error']).toBeNull();
    await harness.send({ type: 'save' });
    expect(harness.context()['error']).toBe('开启审批时请至少设置一级审批人');
    expect(harness.lastCall('saveCustomization')).toBeUndefined();
  });

  it('a valid draft is saved with what was read, and 已保存 shows until the next edit', async () => {
    const harness = await openTemplate();
    await harness.send({ type: 'edit', draft: withUntitledField });
    await harness.send({ type: 'save' });
    await harness.send({ type: 'edit', draft: withParkingField });
    await harness.send({ type: 'save' });
    expect(harness.value()).toBe('saving');
    expect(harness.context()['error']).toBeNull();
    expect(harness.lastCall('saveCustomization')?.input).toStrictEqual({
      saved: shippedSale,
      draft: withParkingField,
    });
    await harness.done('saveCustomization', savedParking);
    expect(harness.value()).toEqual({ editing: 'clean' });
    expect(harness.context()).toStrictEqual({
      boxId: 7,
      saved: savedParking,
      draft: savedParking,
      error: null,
      isSavedNotice: true,
    });
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('closed');

    const editedAgain = await openTemplate();
    await editedAgain.send({ type: 'edit', draft: withParkingField });
    await editedAgain.send({ type: 'save' });
    await editedAgain.done('saveCustomization', savedParking);
    await editedAgain.send({ type: 'edit', draft: shippedSale });
    expect(editedAgain.context()['isSavedNotice']).toBe(false);
    expect(editedAgain.value()).toEqual({ editing: 'dirty' });
  });

  it('a refused save shows why and keeps the changes unsaved', async () => {
    const harness = await openTemplate();
    await harness.send({ type: 'edit', draft: withParkingField });
    await harness.send({ type: 'save' });
    await harness.fail('saveCustomization', failure(404, '合同模板不存在或已被删除'));
    expect(harness.value()).toEqual({ editing: 'dirty' });
    expect(harness.context()['error']).toBe('合同模板不存在或已被删除');
    expect(harness.context()['draft']).toStrictEqual(withParkingField);
    expect(harness.context()['saved']).toStrictEqual(shippedSale);
    expect(harness.context()['isSavedNotice']).toBe(false);
    // Saving again clears the refusal while the save runs.
    await harness.send({ type: 'save' });
    expect(harness.value()).toBe('saving');
    expect(harness.context()['error']).toBeNull();
    await harness.fail('saveCustomization', '超时');
    expect(harness.context()['error']).toBe('超时');
    // A new edit clears the refusal.
    await harness.send({ type: 'edit', draft: withParkingField });
    expect(harness.context()['error']).toBeNull();
  });

  it('撤销修改 puts the draft back to what was saved', async () => {
    const harness = await openTemplate();
    await harness.send({ type: 'edit', draft: withUntitledField });
    await harness.send({ type: 'save' });
    await harness.send({ type: 'reset' });
    expect(harness.value()).toEqual({ editing: 'clean' });
    expect(harness.context()['draft']).toStrictEqual(shippedSale);
    expect(harness.context()['error']).toBeNull();
  });

  it('closing with unsaved changes asks first: 放弃修改 closes, cancelling keeps the changes', async () => {
    const harness = await openTemplate();
    await harness.send({ type: 'edit', draft: withParkingField });
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('confirmingDiscard');
    await harness.send({ type: 'discard.cancel' });
    expect(harness.value()).toEqual({ editing: 'dirty' });
    expect(harness.context()['draft']).toStrictEqual(withParkingField);
    await harness.send({ type: 'close' });
    await harness.send({ type: 'discard.confirm' });
    expect(harness.value()).toBe('closed');
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.lastCall('saveCustomization')).toBeUndefined();
  });

  it('an approval that is on needs a member or a role at every step; off needs nothing', () => {
    const on = (approvers: TemplateCustomization['approval']['approvers']) => ({
      oaState: 1 as const,
      approvers,
      sendCopy: [],
    });
    expect(approvalProblem({ oaState: 0, approvers: [{ approverType: 1 }], sendCopy: [] })).toBeNull();
    expect(approvalProblem(on([]))).toBe('开启审批时请至少设置一级审批人');
    expect(approvalProblem(on([{ approverType: 1, userId: 5 }]))).toBeNull();
    expect(approvalProblem(on([{ approverType: 2, roleId: 3 }]))).toBeNull();
    expect(approvalProblem(on([{ approverType: 3 }]))).toBeNull();
    expect(approvalProblem(on([{ approverType: 1, userId: 5 }, { approverType: 1 }]))).toBe(
      '请为每一级审批选择审批成员或角色',
    );
    expect(approvalProblem(on([{ approverType: 2, userId: 5 }]))).toBe('请为每一级审批选择审批成员或角色');
    expect(approvalProblem(on([{ approverType: 1, roleId: 3 }]))).toBe('请为每一级审批选择审批成员或角色');
  });
});
