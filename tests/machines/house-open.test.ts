import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { failureOf, followUpRequiredCode, houseOpenMachine } from '../../machines/house-open.machine';
import { startHarness } from '../support/machine-harness';
import { houseDetailSample } from '../models/house-open.model';

const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
const question = '您查看过该房源的关键信息后尚未写跟进，请先写跟进';
const followUp = { houseId: 11, category: 2 as const, content: '电话联系业主，确认周六可看房' };

async function openListing() {
  const harness = await startHarness(houseOpenMachine, { input: { houseId: 11 } });
  await harness.done('loadHouse', houseDetailSample);
  return harness;
}

async function askedForFollowUp() {
  const harness = await startHarness(houseOpenMachine, { input: { houseId: 11 } });
  await harness.fail('loadHouse', failure(followUpRequiredCode, question));
  return harness;
}

describe('house-open machine, rules a user relies on', () => {
  it('a failed call keeps the code the server gave and its message', () => {
    expect(followUpRequiredCode).toBe(4001001);
    expect(failureOf(failure(405, '无权限'))).toStrictEqual({ code: 405, message: '无权限' });
    expect(failureOf(new Error('网络异常'))).toStrictEqual({ code: null, message: '网络异常' });
    expect(failureOf({ code: '405', message: 7 })).toStrictEqual({ code: null, message: '7' });
    expect(failureOf('超时')).toStrictEqual({ code: null, message: '超时' });
    expect(failureOf(null)).toStrictEqual({ code: null, message: 'null' });
    expect(failureOf({ code: 405 })).toStrictEqual({ code: null, message: '[object Object]' });
  });

  it('opens the listing the page was opened for and shows it', async () => {
    const harness = await startHarness(houseOpenMachine, { input: { houseId: 11 } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadHouse')?.input).toStrictEqual({ houseId: 11 });
    await harness.done('loadHouse', houseDetailSample);
    expect(harness.value()).toBe('shown');
    expect(harness.context()).toMatchObject({ detail: houseDetailSample, error: null, question: null });
    const withoutId = createActor(houseOpenMachine, { input: undefined });
    expect(withoutId.getSnapshot().context).toStrictEqual({
      houseId: 0,
      detail: null,
      revealed: {},
      protectionType: null,
      question: null,
      notice: null,
      error: null,
    });
  });

  it('a listing that cannot be read shows the message, and 重试 reads it again', async () => {
    const harness = await startHarness(houseOpenMachine, { input: { houseId: 11 } });
    await harness.fail('loadHouse', failure(404, '房源不存在或已被删除'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('房源不存在或已被删除');
    expect(harness.context()['question']).toBeNull();
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
    await harness.done('loadHouse', houseDetailSample);
    expect(harness.context()['error']).toBeNull();
  });

  it("after viewing key information without a follow-up, the server's question is asked before the listing opens", async () => {
    const harness = await askedForFollowUp();
    expect(harness.value()).toBe('followUpRequired');
    expect(harness.context()['question']).toBe(question);
    expect(harness.context()['detail']).toBeNull();
    await harness.send({ type: 'open.cancel' });
    expect(harness.value()).toBe('closed');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
  });

  it('去跟进 then saving the follow-up opens the listing; 取消 on the form goes back to the question', async () => {
    const harness = await askedForFollowUp();
    await harness.send({ type: 'followUp.start' });
    expect(harness.value()).toBe('writingFollowUp');
    await harness.send({ type: 'followUp.cancel' });
    expect(harness.value()).toBe('followUpRequired');
    await harness.send({ type: 'followUp.start' });
    await harness.send({ type: 'followUp.save', value: followUp });
    expect(harness.value()).toBe('savingFollowUp');
    expect(harness.lastCall('saveFollowUp')?.input).toStrictEqual({ value: followUp });
    await harness.done('saveFollowUp', { followId: 1 });
    expect(harness.value()).toBe('loading');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '跟进已保存' });
    expect(harness.lastCall('loadHouse')?.input).toStrictEqual({ houseId: 11 });
    await harness.done('loadHouse', houseDetailSample);
    expect(harness.value()).toBe('shown');
    expect(harness.context()['question']).toBeNull();
  });

  it('a follow-up the server refuses keeps the form open with its message', async () => {
    const harness = await openListing();
    await harness.send({ type: 'followUp.start' });
    await harness.send({ type: 'followUp.save', value: followUp });
    await harness.fail('saveFollowUp', failure(405, '请输入跟进内容（content）'));
    expect(harness.value()).toBe('writingFollowUp');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请输入跟进内容（content）' });
    await harness.send({ type: 'followUp.start' });
    expect(harness.value()).toBe('writingFollowUp');
  });

  it('on the open listing a follow-up can be written any time; 取消 goes back to the listing', async () => {
    const harness = await openListing();
    await harness.send({ type: 'reveal', protectionType: 1 });
    await harness.fail('revealInfo', failure(405, '无权限'));
    expect(harness.context()['notice']).not.toBeNull();
    await harness.send({ type: 'followUp.start' });
    expect(harness.value()).toBe('writingFollowUp');
    expect(harness.context()['notice']).toBeNull();
    await harness.send({ type: 'followUp.cancel' });
    expect(harness.value()).toBe('shown');
    await harness.send({ type: 'reload' });
    expect(harness.value()).toBe('loading');
  });

  it('reveals a protected field on request and keeps what was revealed by type', async () => {
    const harness = await openListing();
    await harness.send({ type: 'reveal', protectionType: 1 });
    expect(harness.value()).toBe('revealing');
    expect(harness.context()['protectionType']).toBe(1);
    expect(harness.lastCall('revealInfo')?.input).toStrictEqual({ houseId: 11, protectionType: 1 });
    const phone = { houseId: 11, type: 1, ownerPhone: '13912345678' };
    await harness.done('revealInfo', phone);
    expect(harness.value()).toBe('shown');
    await harness.send({ type: 'reveal', protectionType: 2 });
    expect(harness.lastCall('revealInfo')?.input).toStrictEqual({ houseId: 11, protectionType: 2 });
    const room = { houseId: 11, type: 2, houseRoomNo: '1801' };
    await harness.done('revealInfo', room);
    expect(harness.context()['revealed']).toStrictEqual({ 1: phone, 2: room });
  });

  it("a refused reveal shows the server's message and keeps the listing; the next request clears it", async () => {
    const harness = await openListing();
    await harness.send({ type: 'reveal', protectionType: 1 });
    await harness.fail('revealInfo', failure(405, '今日查看关键信息的次数已达上限（1 次），请明天再查看'));
    expect(harness.value()).toBe('shown');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '今日查看关键信息的次数已达上限（1 次），请明天再查看',
    });
    expect(harness.context()['revealed']).toStrictEqual({});
    await harness.send({ type: 'reveal', protectionType: 1 });
    expect(harness.context()['notice']).toBeNull();
  });
});
