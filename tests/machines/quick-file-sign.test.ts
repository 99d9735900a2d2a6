import { describe, expect, it } from 'vitest';
import { quickFileSignMachine } from '../../machines/quick-file-sign.machine';
import {
  quickFileSignDefaults,
  type QuickActor,
  type QuickPosition,
  type QuickRecord,
} from '../../machines/quick-file-sign-context';
import {
  allowedExtensions,
  arePositionsComplete,
  isAllowedFile,
  maxFileBytes,
  upsertActor,
} from '../../machines/quick-file-sign-rules';
import {
  companyActor,
  companySealBox,
  personActor,
  personBox,
  quickFile,
} from '../models/quick-file-sign.model';
import { startHarness } from '../support/machine-harness';

const sysId = quickFile.contractsysId;

function record(
  actors: QuickActor[],
  positions: QuickPosition[],
  contractId: number | null = null,
): QuickRecord {
  return {
    contractsysId: sysId,
    contractId,
    contractName: '房屋租赁合同',
    file: quickFile,
    signDeadline: 5,
    signOrder: 1,
    showSignDate: 0,
    watermarkType: 1,
    watermark: '',
    actors,
    positions,
    updateTime: '2026-11-23 10:00:00',
  };
}

const unfinished = {
  contractsysId: sysId,
  contractName: '房屋租赁合同',
  fileName: '房屋租赁合同.pdf',
  actorCount: 2,
  updateTime: '2026-11-23 10:00:00',
};

/** A fresh wizard (no unfinished record) on its upload step. */
async function onUpload() {
  const harness = await startHarness(quickFileSignMachine);
  await harness.done('loadUnfinished', { state: 0, record: null });
  return harness;
}

/** A fresh wizard whose file was uploaded: on the parties step. */
async function onParties() {
  const harness = await onUpload();
  await harness.send({ type: 'file.choose', file: { name: '房屋租赁合同.pdf', size: 20_000 } });
  await harness.done('uploadFile', quickFile);
  return harness;
}

/** 继续 of an unfinished record: the wizard resumes where the record stopped. */
async function restored(saved: QuickRecord) {
  const harness = await startHarness(quickFileSignMachine);
  await harness.done('loadUnfinished', { state: 1, record: unfinished });
  await harness.send({ type: 'unfinished.continue' });
  await harness.done('loadRecord', saved);
  return harness;
}

const complete = () => record([personActor, companyActor(1)], [personBox, companySealBox]);

describe('quick file-sign rules', () => {
  it('takes doc, docx, pdf, png, jpg, jpeg, webp and gif by name, in any case, and nothing else', () => {
    for (const extension of allowedExtensions)
      expect(isAllowedFile({ name: `合同.${extension}`, size: 1 })).toBe(true);
    expect(allowedExtensions).toEqual(['doc', 'docx', 'pdf', 'png', 'jpg', 'jpeg', 'webp', 'gif']);
    expect(isAllowedFile({ name: '合同.PDF', size: 1 })).toBe(true);
    expect(isAllowedFile({ name: '合同.v2.Docx', size: 1 })).toBe(true);
    expect(isAllowedFile({ name: '说明.txt', size: 1 })).toBe(false);
    // A name without a dot has no extension, whatever it spells.
    expect(isAllowedFile({ name: 'pdf', size: 1 })).toBe(false);
    expect(isAllowedFile({ name: '合同', size: 1 })).toBe(false);
    expect(isAllowedFile({ name: '合同.pdf.exe', size: 1 })).toBe(false);
    expect(maxFileBytes).toBe(20 * 1024 * 1024);
  });

  it('boxes are complete when every party has one, a company a seal box, a person only signature boxes', () => {
    expect(arePositionsComplete([], [])).toBe(false);
    expect(arePositionsComplete([personActor], [personBox])).toBe(true);
    expect(arePositionsComplete([personActor], [])).toBe(false);
    expect(arePositionsComplete([personActor], [companySealBox])).toBe(false);
    expect(arePositionsComplete([personActor], [personBox, { ...personBox, positionType: 2 }])).toBe(false);
    expect(arePositionsComplete([personActor, companyActor(1)], [personBox])).toBe(false);
    expect(arePositionsComplete([personActor, companyActor(1)], [personBox, companySealBox])).toBe(true);
    const companySignature = { ...companySealBox, positionType: 1 as const };
    expect(arePositionsComplete([companyActor(1)], [companySignature])).toBe(false);
    expect(arePositionsComplete([companyActor(1)], [companySignature, companySealBox])).toBe(true);
  });

  it('a saved party replaces the one with its id in place, or joins the end', () => {
    const renamed = { ...personActor, name: '陈二' };
    expect(upsertActor([personActor, companyActor(0)], renamed)).toEqual([renamed, companyActor(0)]);
    expect(upsertActor([companyActor(0), personActor], renamed)).toEqual([companyActor(0), renamed]);
    expect(upsertActor([personActor], companyActor(0))).toEqual([personActor, companyActor(0)]);
  });
});

describe('quick file-sign machine, rules a user relies on', () => {
  it('starts on the upload step with the seed settings when there is no unfinished record', async () => {
    const harness = await startHarness(quickFileSignMachine);
    expect(harness.value()).toBe('checking');
    await harness.done('loadUnfinished', { state: 0, record: null });
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().settings).toEqual({
      contractName: '',
      signDeadline: 7,
      signOrder: 2,
      showSignDate: 1,
      watermarkType: 2,
      watermark: '',
    });
    expect(harness.context()).toMatchObject({
      contractsysId: null,
      contractId: null,
      file: null,
      actors: [],
      positions: [],
      unfinished: null,
      nextType: null,
      result: null,
      notice: null,
    });
  });

  it('a failed check of unfinished records still offers the upload, with the reason', async () => {
    const harness = await startHarness(quickFileSignMachine);
    await harness.fail('loadUnfinished', new Error('请求失败'));
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请求失败' });
  });

  it('an unfinished record is offered: 重新填写 forgets it and starts from the upload', async () => {
    const harness = await startHarness(quickFileSignMachine);
    await harness.done('loadUnfinished', { state: 1, record: unfinished });
    expect(harness.value()).toBe('prompt');
    expect(harness.context().unfinished).toEqual(unfinished);
    await harness.send({ type: 'unfinished.refill' });
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context()).toMatchObject({ unfinished: null, contractsysId: null });
  });

  it('继续 reads that record and resumes on the step it stopped at, with every step restored', async () => {
    const noParties = await restored(record([], []));
    expect(noParties.lastCall('loadRecord')?.input).toEqual({ contractsysId: sysId });
    expect(noParties.value()).toEqual({ parties: 'idle' });
    expect(noParties.context()).toMatchObject({
      contractsysId: sysId,
      file: quickFile,
      actors: [],
      settings: { contractName: '房屋租赁合同', signDeadline: 5 },
      unfinished: null,
    });
    const noBoxes = await restored(record([personActor, companyActor(1)], []));
    expect(noBoxes.value()).toBe('positions');
    const incomplete = await restored(record([personActor, companyActor(0)], [personBox, companySealBox]));
    expect(incomplete.value()).toBe('positions');
    const full = await restored(complete());
    expect(full.value()).toBe('settings');
    expect(full.context()).toMatchObject({
      contractsysId: sysId,
      contractId: null,
      file: quickFile,
      actors: [personActor, companyActor(1)],
      positions: [personBox, companySealBox],
      settings: {
        contractName: '房屋租赁合同',
        signDeadline: 5,
        signOrder: 1,
        showSignDate: 0,
        watermarkType: 1,
        watermark: '',
      },
      unfinished: null,
      notice: null,
    });
  });

  it('a record that cannot be read returns to the prompt with the reason', async () => {
    const harness = await startHarness(quickFileSignMachine);
    await harness.done('loadUnfinished', { state: 1, record: unfinished });
    await harness.send({ type: 'unfinished.continue' });
    expect(harness.value()).toBe('restoring');
    await harness.fail('loadRecord', new Error('快速签署记录不存在'));
    expect(harness.value()).toBe('prompt');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '快速签署记录不存在' });
  });

  it('refuses a file of another type or over 20 MB before uploading, and uploads one of exactly 20 MB', async () => {
    const harness = await onUpload();
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toEqual({ upload: 'idle' });
    await harness.send({ type: 'file.choose', file: { name: '说明.txt', size: 100 } });
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().notice).toEqual({
      kind: 'error',
      text: '仅支持 doc、docx、pdf、png、jpg、jpeg、webp、gif 格式的文件',
    });
    await harness.send({ type: 'file.choose', file: { name: '扫描件.png', size: maxFileBytes + 1 } });
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '文件过大，不能超过 20 MB' });
    expect(harness.calls.filter((call) => call.src === 'uploadFile')).toEqual([]);
    const file = { name: '扫描件.png', size: maxFileBytes };
    await harness.send({ type: 'file.choose', file });
    expect(harness.value()).toEqual({ upload: 'uploading' });
    expect(harness.context().notice).toBeNull();
    expect(harness.lastCall('uploadFile')?.input).toEqual({ file, contractsysId: null });
  });

  it('an uploaded file names the contract after it (without extension, 50 characters) and clears the boxes', async () => {
    const harness = await onUpload();
    await harness.send({ type: 'file.choose', file: { name: '合同.pdf', size: 20_000 } });
    const longName = `${'长'.repeat(60)}.v2.pdf`;
    await harness.done('uploadFile', { ...quickFile, fileName: longName });
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context()).toMatchObject({
      contractsysId: sysId,
      file: { ...quickFile, fileName: longName },
      positions: [],
      notice: null,
    });
    expect(harness.context().settings.contractName).toBe('长'.repeat(50));
    const short = await onUpload();
    await short.send({ type: 'file.choose', file: { name: '合同.pdf', size: 20_000 } });
    await short.done('uploadFile', { ...quickFile, fileName: '租赁.合同.pdf' });
    expect(short.context().settings.contractName).toBe('租赁.合同');
  });

  it('a new file keeps a contract name already typed and the record it belongs to, and drops the old boxes', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toEqual({ upload: 'idle' });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'file.choose', file: { name: '新合同.pdf', size: 1 } });
    expect(harness.lastCall('uploadFile')?.input).toEqual({
      file: { name: '新合同.pdf', size: 1 },
      contractsysId: sysId,
    });
    await harness.done('uploadFile', { ...quickFile, fileName: '新合同.pdf' });
    expect(harness.context().settings.contractName).toBe('房屋租赁合同');
    expect(harness.context().positions).toEqual([]);
    expect(harness.context().actors).toEqual([personActor, companyActor(1)]);
  });

  it('a refused upload stays on the upload step with the server words', async () => {
    const harness = await onUpload();
    await harness.send({ type: 'file.choose', file: { name: '合同.pdf', size: 1 } });
    await harness.fail('uploadFile', new Error('文件内容与扩展名不符，请重新选择'));
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '文件内容与扩展名不符，请重新选择' });
  });

  it('下一步 from the parties needs a party, and a company with its operator', async () => {
    const harness = await onParties();
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请添加签署方' });
    const actor = { fillMethods: 2 as const, name: '陈一', phone: '13711112222' };
    await harness.send({ type: 'party.savePersonal', actor });
    expect(harness.context().notice).toBeNull();
    expect(harness.value()).toEqual({ parties: 'savingPersonal' });
    expect(harness.lastCall('savePersonalActor')?.input).toEqual({ contractsysId: sysId, actor });
    await harness.done('savePersonalActor', personActor);
    expect(harness.context().actors).toEqual([personActor]);
    await harness.send({
      type: 'party.addCompany',
      company: { cropName: '好房', name: '王经办', phone: '137' },
    });
    await harness.done('addCompany', companyActor(0));
    await harness.fail('addOperator', new Error('请输入经办人人名'));
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请完善企业签署方的经办人' });
    await harness.send({
      type: 'party.updateCompany',
      company: { actorId: 2, cropName: '好房', name: '王经办', phone: '137' },
    });
    expect(harness.context().notice).toBeNull();
    await harness.done('updateCompany', companyActor(1));
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toBeNull();
  });

  it('a company is added in two calls: the company (with the picked contact), then its operator', async () => {
    const harness = await onParties();
    await harness.send({
      type: 'party.addCompany',
      company: { cropName: '深圳市好房置业有限公司', contactsId: 9, name: '王经办', phone: '13722223333' },
    });
    expect(harness.value()).toEqual({ parties: 'addingCompany' });
    expect(harness.lastCall('addCompany')?.input).toEqual({
      contractsysId: sysId,
      cropName: '深圳市好房置业有限公司',
      contactsId: 9,
    });
    await harness.done('addCompany', companyActor(0));
    expect(harness.value()).toEqual({ parties: 'addingOperator' });
    expect(harness.context().actors).toEqual([companyActor(0)]);
    expect(harness.lastCall('addOperator')?.input).toEqual({
      contractsysId: sysId,
      actorId: 2,
      name: '王经办',
      phone: '13722223333',
    });
    await harness.done('addOperator', companyActor(1));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().actors).toEqual([companyActor(1)]);
    expect(harness.context().pendingCompany).toBeNull();
    await harness.send({
      type: 'party.addCompany',
      company: { cropName: '乙公司', name: '李', phone: '138' },
    });
    expect(harness.lastCall('addCompany')?.input).toStrictEqual({ contractsysId: sysId, cropName: '乙公司' });
  });

  it('a refused company or operator keeps the parties step with the reason and forgets the form', async () => {
    const harness = await onParties();
    await harness.send({ type: 'party.addCompany', company: { cropName: '好房', name: '王', phone: '137' } });
    await harness.fail('addCompany', new Error('企业「好房」已是本合同的签署方'));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '企业「好房」已是本合同的签署方' });
    await harness.send({ type: 'party.addCompany', company: { cropName: '好房', name: '王', phone: '137' } });
    await harness.done('addCompany', companyActor(0));
    await harness.fail('addOperator', new Error('请输入经办人人名'));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context()).toMatchObject({
      pendingCompany: null,
      actors: [companyActor(0)],
      notice: { kind: 'error', text: '请输入经办人人名' },
    });
    await harness.send({ type: 'party.savePersonal', actor: { fillMethods: 2, name: '', phone: '' } });
    await harness.fail('savePersonalActor', new Error('缺少必填字段：手机号（phone）'));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '缺少必填字段：手机号（phone）' });
    const company = { actorId: 2, cropName: '好房', name: '', phone: '' };
    await harness.send({ type: 'party.updateCompany', company });
    expect(harness.lastCall('updateCompany')?.input).toEqual({ contractsysId: sysId, company });
    await harness.fail('updateCompany', new Error('请输入经办人人名'));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请输入经办人人名' });
  });

  it('deleting a party asks first; confirmed, it goes with its boxes and the others are renumbered', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    await harness.send({ type: 'party.delete', actorId: 1 });
    expect(harness.value()).toEqual({ parties: 'confirmingDelete' });
    expect(harness.context().deletingActorId).toBe(1);
    await harness.send({ type: 'delete.cancel' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().deletingActorId).toBeNull();
    await harness.send({ type: 'party.delete', actorId: 1 });
    await harness.send({ type: 'delete.confirm' });
    expect(harness.lastCall('deleteActor')?.input).toEqual({ contractsysId: sysId, actorId: 1 });
    await harness.done('deleteActor');
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().actors).toEqual([{ ...companyActor(1), sortNo: 1 }]);
    expect(harness.context().positions).toEqual([companySealBox]);
    expect(harness.context().deletingActorId).toBeNull();
  });

  it('a refused delete keeps the party and says why', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'party.delete', actorId: 2 });
    await harness.send({ type: 'delete.confirm' });
    await harness.fail('deleteActor', new Error('当前状态不允许此操作！'));
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context()).toMatchObject({
      actors: [personActor, companyActor(1)],
      deletingActorId: null,
      notice: { kind: 'error', text: '当前状态不允许此操作！' },
    });
  });

  it('placing a box again on the same page and kind moves it; another page or kind adds one', async () => {
    const harness = await restored(record([personActor, companyActor(1)], []));
    expect(harness.value()).toBe('positions');
    await harness.send({ type: 'position.place', position: personBox });
    const moved = { ...personBox, x: 100 };
    await harness.send({ type: 'position.place', position: moved });
    expect(harness.context().positions).toEqual([moved]);
    const otherPage = { ...personBox, pageNo: 1 };
    const seal = { ...personBox, positionType: 2 as const };
    const otherActor = { ...personBox, actorId: 2 };
    await harness.send({ type: 'position.place', position: otherPage });
    await harness.send({ type: 'position.place', position: seal });
    await harness.send({ type: 'position.place', position: otherActor });
    expect(harness.context().positions).toEqual([moved, otherPage, seal, otherActor]);
    await harness.send({ type: 'position.remove', index: 1 });
    expect(harness.context().positions).toEqual([moved, seal, otherActor]);
  });

  it('下一步 from the boxes needs every box, then saves them as a draft before the settings', async () => {
    const harness = await restored(record([personActor, companyActor(1)], []));
    await harness.send({ type: 'position.place', position: personBox });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toEqual({
      kind: 'error',
      text: '请为每个签署方设置签署位置（企业签署方须有盖章位置）',
    });
    await harness.send({ type: 'position.place', position: companySealBox });
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('savingPositions');
    expect(harness.lastCall('saveDraft')?.input).toEqual({
      contractsysId: sysId,
      settings: harness.context().settings,
      positions: [personBox, companySealBox],
    });
    await harness.fail('savePositions', new Error('第 1 个签署位置超出第 1 页的范围'));
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '第 1 个签署位置超出第 1 页的范围' });
    await harness.send({ type: 'wizard.next' });
    expect(harness.context().notice).toBeNull();
    await harness.done('savePositions');
    expect(harness.value()).toBe('settings');
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('positions');
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toEqual({ parties: 'idle' });
  });

  it('下一步 from the settings needs a name and, for a custom watermark, its text; then saves the draft', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'settings.change', patch: { contractName: '  ' } });
    expect(harness.context().settings).toMatchObject({ contractName: '  ', signDeadline: 5 });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请输入合同名称' });
    await harness.send({
      type: 'settings.change',
      patch: { contractName: '房屋租赁合同', watermarkType: 2 },
    });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toEqual({
      kind: 'error',
      text: '请输入水印内容',
    });
    await harness.send({ type: 'settings.change', patch: { watermark: '  ' } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.context().notice).toEqual({
      kind: 'error',
      text: '请输入水印内容',
    });
    await harness.send({ type: 'settings.change', patch: { watermark: '仅供签约使用' } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('savingSettingsDraft');
    expect(harness.context().notice).toBeNull();
    expect(harness.lastCall('saveDraft')?.input).toEqual({
      contractsysId: sysId,
      settings: {
        contractName: '房屋租赁合同',
        signDeadline: 5,
        signOrder: 1,
        showSignDate: 0,
        watermarkType: 2,
        watermark: '仅供签约使用',
      },
      positions: [personBox, companySealBox],
    });
    await harness.fail('saveSettingsDraft', new Error('请求失败'));
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请求失败' });
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    expect(harness.value()).toBe('review');
  });

  it('no watermark or the company watermark needs no watermark text', async () => {
    for (const watermarkType of [0, 1] as const) {
      const harness = await restored(complete());
      await harness.send({ type: 'settings.change', patch: { watermarkType, watermark: '' } });
      await harness.send({ type: 'wizard.next' });
      expect(harness.value()).toBe('savingSettingsDraft');
    }
  });

  it('保存 saves the settings, boxes and party order, and offers what the server says comes next', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('settings');
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.submit' });
    expect(harness.value()).toBe('saving');
    expect(harness.lastCall('saveSettings')?.input).toEqual({
      contractsysId: sysId,
      contractId: null,
      settings: {
        contractName: '房屋租赁合同',
        signDeadline: 5,
        signOrder: 1,
        showSignDate: 0,
        watermarkType: 1,
        watermark: '',
      },
      positions: [personBox, companySealBox],
      actorOrder: [1, 2],
    });
    await harness.fail('saveSettings', new Error('请输入合同名称'));
    expect(harness.value()).toBe('review');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '请输入合同名称' });
    await harness.send({ type: 'wizard.submit' });
    expect(harness.context().notice).toBeNull();
    await harness.done('saveSettings', { contractId: 7, nextType: 1 });
    expect(harness.value()).toBe('ready');
    expect(harness.context()).toMatchObject({
      contractId: 7,
      nextType: 1,
      notice: { kind: 'success', text: '保存成功' },
    });
  });

  it('after 保存, going back saves again with the contract and no drafts', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.submit' });
    await harness.done('saveSettings', { contractId: 7, nextType: 1 });
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('positions');
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('settings');
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('review');
    expect(harness.calls.filter((call) => call.src === 'saveDraft')).toHaveLength(1);
    await harness.send({ type: 'wizard.submit' });
    expect(harness.lastCall('saveSettings')?.input).toMatchObject({ contractId: 7 });
  });

  it('nextType 1 offers only the signing, started as type 2; the page moves on 2500 ms after', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.submit' });
    await harness.done('saveSettings', { contractId: 7, nextType: 1 });
    expect(harness.can({ type: 'approval.start' })).toBe(false);
    await harness.send({ type: 'sign.start' });
    expect(harness.value()).toBe('startingSigning');
    expect(harness.context().notice).toBeNull();
    expect(harness.lastCall('startContract')?.input).toEqual({ contractId: 7, type: 2 });
    await harness.fail('startSigning', new Error('签约份数不足，请先购买签约份数'));
    expect(harness.value()).toBe('ready');
    expect(harness.context().notice).toEqual({ kind: 'error', text: '签约份数不足，请先购买签约份数' });
    await harness.send({ type: 'sign.start' });
    const result = { contractId: 7, state: 7, approvalId: null, signDeadlineTime: '2026-11-30 10:00:00' };
    await harness.done('startSigning', result);
    expect(harness.value()).toBe('started');
    expect(harness.context()).toMatchObject({
      result,
      notice: { kind: 'success', text: '已发起签署，已短信通知签署方' },
    });
    await harness.advance(2499);
    expect(harness.value()).toBe('started');
    await harness.advance(1);
    expect(harness.value()).toBe('done');
    expect(harness.actor.getSnapshot().status).toBe('done');
  });

  it('nextType 2 offers only the approval (type 1, item 49), with the remark when one is given', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.submit' });
    await harness.done('saveSettings', { contractId: 7, nextType: 2 });
    expect(harness.can({ type: 'sign.start' })).toBe(false);
    await harness.send({ type: 'approval.start', remark: '请审批' });
    expect(harness.value()).toBe('startingApproval');
    expect(harness.lastCall('startContract')?.input).toEqual({
      contractId: 7,
      type: 1,
      oaParam: { oaItemId: 49, oaReamrk: '请审批' },
    });
    await harness.fail('startApproval', new Error('快速签署未启用审批流程，请直接发起签署'));
    expect(harness.value()).toBe('ready');
    expect(harness.context().notice).toEqual({
      kind: 'error',
      text: '快速签署未启用审批流程，请直接发起签署',
    });
    await harness.send({ type: 'approval.start' });
    expect(harness.context().notice).toBeNull();
    expect(harness.lastCall('startContract')?.input).toStrictEqual({
      contractId: 7,
      type: 1,
      oaParam: { oaItemId: 49 },
    });
    const result = { contractId: 7, state: 2, approvalId: 3, signDeadlineTime: null };
    await harness.done('startApproval', result);
    expect(harness.value()).toBe('started');
    expect(harness.context()).toMatchObject({
      result,
      notice: { kind: 'success', text: '已发起审批' },
    });
  });

  it('the seed settings are the ones the wizard starts with', () => {
    expect(quickFileSignDefaults).toEqual({
      contractName: '',
      signDeadline: 7,
      signOrder: 2,
      showSignDate: 1,
      watermarkType: 2,
      watermark: '',
    });
  });

  it('an error shown on a step is cleared when the user moves to another step or starts another party', async () => {
    const failing = new Error('请求失败');
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.fail('saveSettingsDraft', failing);
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'position.remove', index: 1 });
    await harness.send({ type: 'wizard.next' });
    expect(harness.context().notice).not.toBeNull();
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toEqual({ parties: 'idle' });
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'party.addCompany', company: { cropName: '好房', name: '王', phone: '137' } });
    await harness.fail('addCompany', failing);
    await harness.send({ type: 'party.addCompany', company: { cropName: '好房', name: '王', phone: '137' } });
    expect(harness.context().notice).toBeNull();
    await harness.fail('addCompany', failing);
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toEqual({ upload: 'idle' });
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'wizard.next' });
    await harness.send({ type: 'party.delete', actorId: 9 });
    await harness.send({ type: 'delete.confirm' });
    await harness.fail('deleteActor', failing);
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toBeNull();
  });

  it('after 保存, an error on the earlier steps is cleared by moving on or back', async () => {
    const harness = await restored(complete());
    await harness.send({ type: 'wizard.next' });
    await harness.done('saveSettingsDraft');
    await harness.send({ type: 'wizard.submit' });
    await harness.done('saveSettings', { contractId: 7, nextType: 1 });
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'settings.change', patch: { contractName: '' } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.context().notice).not.toBeNull();
    await harness.send({ type: 'settings.change', patch: { contractName: '房屋租赁合同' } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('review');
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'wizard.back' });
    await harness.send({ type: 'settings.change', patch: { contractName: '' } });
    await harness.send({ type: 'wizard.next' });
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('positions');
    expect(harness.context().notice).toBeNull();
    // A seal box on the person is refused; removing it (the last box) makes the boxes complete.
    await harness.send({ type: 'position.place', position: { ...personBox, pageNo: 1, positionType: 2 } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.context().notice).not.toBeNull();
    await harness.send({ type: 'position.remove', index: 2 });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toBeNull();
    await harness.send({ type: 'settings.change', patch: { contractName: '房屋租赁合同' } });
    await harness.send({ type: 'wizard.next' });
    expect(harness.value()).toBe('review');
    await harness.send({ type: 'wizard.submit' });
    await harness.fail('saveSettings', new Error('请求失败'));
    await harness.send({ type: 'wizard.back' });
    expect(harness.value()).toBe('settings');
    expect(harness.context().notice).toBeNull();
  });
});
