import { describe, expect, it, vi } from 'vitest';
import { faceCheckMachine, faceMessages, facePollIntervalMs } from '../../machines/face-check.machine';
import { startHarness } from '../support/machine-harness';
import { faceId, faceStatus, identity } from '../models/face-check.model';

const started = { faceId, faceUrl: `/#/sandbox/face?faceId=${faceId}`, expireTime: '2026-11-23 10:10:00' };

const cleared = { identity: null, faceId: null, faceUrl: null, expireTime: null, notice: null };

const waitingNotice = { kind: 'info', text: '请在打开的核身页面完成人脸核身，本页每 5 秒自动查询结果' };

/** A check whose face page was opened: the first poll is 5 s away. */
async function openFaceCheck(openFaceUrl = vi.fn()) {
  const harness = await startHarness(faceCheckMachine, { actions: { openFaceUrl } });
  await harness.send({ type: 'face.start', identity });
  await harness.done('startFace', started);
  return harness;
}

/** A check that was polled once and answered with this status. */
async function answeredWith(status: 0 | 1 | 2 | 3) {
  const harness = await openFaceCheck();
  await harness.send({ type: 'face.check' });
  await harness.done('readFaceStatus', faceStatus(status));
  return harness;
}

describe('face check machine, rules a user relies on', () => {
  it('starts with nothing asked and no identity', async () => {
    const harness = await startHarness(faceCheckMachine);
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toStrictEqual(cleared);
    expect(harness.calls).toEqual([]);
  });

  it('refuses to ask for a face check without a name or a valid ID number, and says which', async () => {
    const harness = await startHarness(faceCheckMachine);
    await harness.send({ type: 'face.start', identity: { name: ' ', idNo: identity.idNo } });
    expect(harness.value()).toBe('idle');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请输入姓名' });
    expect(harness.context()['identity']).toBeNull();
    await harness.send({ type: 'face.start', identity: { name: '王店长', idNo: '440304198501011230' } });
    expect(harness.value()).toBe('idle');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '身份证号码格式不正确' });
    expect(harness.lastCall('startFace')).toBeUndefined();
  });

  it('asks the provider with the name trimmed and the ID number upper-cased, and the hash only when given', async () => {
    const harness = await startHarness(faceCheckMachine);
    await harness.send({ type: 'face.start', identity: { name: '', idNo: identity.idNo } });
    await harness.send({
      type: 'face.start',
      identity: { name: ' 王店长 ', idNo: ` ${identity.idNo.toLowerCase()} ` },
    });
    expect(harness.value()).toBe('requesting');
    expect(harness.lastCall('startFace')?.input).toStrictEqual({
      identity: { name: '王店长', idNo: identity.idNo },
    });
    expect(harness.context()).toStrictEqual({
      ...cleared,
      identity: { name: '王店长', idNo: identity.idNo },
    });

    const forLink = await startHarness(faceCheckMachine);
    await forLink.send({ type: 'face.start', identity: { ...identity, hash: 'a'.repeat(32) } });
    expect(forLink.lastCall('startFace')?.input).toStrictEqual({
      identity: { ...identity, hash: 'a'.repeat(32) },
    });
  });

  it('a refused request (wrong identity, 400020) returns to editing with the server message', async () => {
    const harness = await startHarness(faceCheckMachine);
    await harness.send({ type: 'face.start', identity });
    await harness.fail('startFace', new Error('王店长 身份信息填写错误 请填写正确信息再提交'));
    expect(harness.value()).toBe('idle');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '王店长 身份信息填写错误 请填写正确信息再提交',
    });
    await harness.send({ type: 'face.start', identity });
    await harness.fail('startFace', '网络异常');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
  });

  it('opens the face page the provider answered, again on request, and says what to do there', async () => {
    const openFaceUrl = vi.fn();
    const harness = await openFaceCheck(openFaceUrl);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()).toStrictEqual({ identity, ...started, notice: waitingNotice });
    expect(faceMessages.waiting).toBe(waitingNotice.text);
    expect(openFaceUrl).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'face.open' });
    expect(openFaceUrl).toHaveBeenCalledTimes(2);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
  });

  it('polls the result every 5 s, or at once on 查询, with the face id', async () => {
    expect(facePollIntervalMs).toBe(5000);
    const harness = await openFaceCheck();
    await harness.advance(4999);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.lastCall('readFaceStatus')).toBeUndefined();
    await harness.advance(1);
    expect(harness.value()).toEqual({ waiting: 'polling' });
    expect(harness.lastCall('readFaceStatus')?.input).toStrictEqual({ faceId });
    await harness.done('readFaceStatus', faceStatus(0));
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()['notice']).toStrictEqual(waitingNotice);
    await harness.send({ type: 'face.check' });
    expect(harness.value()).toEqual({ waiting: 'polling' });
    expect(harness.calls.filter((call) => call.src === 'readFaceStatus')).toHaveLength(2);
  });

  it('a network error while polling says so and keeps polling', async () => {
    const harness = await openFaceCheck();
    await harness.send({ type: 'face.check' });
    await harness.fail('readFaceStatus', new Error('网络错误'));
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '网络异常，正在重新查询核身结果…',
    });
    await harness.advance(facePollIntervalMs);
    expect(harness.running()).toEqual(['readFaceStatus']);
    await harness.done('readFaceStatus', faceStatus(0));
    expect(harness.context()['notice']).toStrictEqual(waitingNotice);
  });

  it('a passed check says so and stops polling; a reset clears it', async () => {
    const harness = await answeredWith(1);
    expect(harness.value()).toBe('passed');
    expect(harness.context()).toStrictEqual({
      identity,
      ...started,
      notice: { kind: 'success', text: '人脸核身通过' },
    });
    await harness.advance(facePollIntervalMs * 3);
    expect(harness.running()).toEqual([]);
    expect(harness.can({ type: 'face.start', identity })).toBe(false);
    await harness.send({ type: 'face.reset' });
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toStrictEqual(cleared);
  });

  it('a failed check says why and may be started again with the same identity, or reset', async () => {
    const harness = await answeredWith(2);
    expect(harness.value()).toBe('failed');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '人脸核身未通过：人脸比对未通过，请重新核身',
    });
    await harness.advance(facePollIntervalMs * 3);
    expect(harness.running()).toEqual([]);
    await harness.send({ type: 'face.start', identity: { ...identity, name: ' 王店长 ' } });
    expect(harness.value()).toBe('requesting');
    expect(harness.lastCall('startFace')?.input).toStrictEqual({ identity });
    expect(harness.context()).toStrictEqual({ ...cleared, identity });

    const withoutReason = await openFaceCheck();
    await withoutReason.send({ type: 'face.check' });
    await withoutReason.done('readFaceStatus', { ...faceStatus(2), message: null });
    expect(withoutReason.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '人脸核身未通过，请重新核身',
    });
    await withoutReason.send({ type: 'face.reset' });
    expect(withoutReason.value()).toBe('idle');
    expect(withoutReason.context()).toStrictEqual(cleared);
  });

  it('an expired check says so and may be started again, or reset', async () => {
    const harness = await answeredWith(3);
    expect(harness.value()).toBe('expired');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '核身已过期，请重新发起' });
    await harness.advance(facePollIntervalMs * 3);
    expect(harness.running()).toEqual([]);
    await harness.send({ type: 'face.start', identity });
    expect(harness.value()).toBe('requesting');
    expect(harness.context()).toStrictEqual({ ...cleared, identity });

    const reset = await answeredWith(3);
    await reset.send({ type: 'face.reset' });
    expect(reset.value()).toBe('idle');
    expect(reset.context()).toStrictEqual(cleared);
  });

  it('a new identity while waiting stops polling and starts afresh', async () => {
    const harness = await openFaceCheck();
    await harness.send({ type: 'face.check' });
    await harness.send({ type: 'face.reset' });
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toStrictEqual(cleared);
    expect(harness.running()).toEqual([]);
    await harness.advance(facePollIntervalMs * 2);
    expect(harness.calls.filter((call) => call.src === 'readFaceStatus')).toHaveLength(1);
  });
});
