import { describe, expect, it } from 'vitest';
import { ApiCodeError } from '../../src/api/client';
import { becameInoperable, isEditStateRefusal, readRecordState } from '../../src/core/record-watch';
import { editStateRefused } from '../../domain/page-state';

const voided = [4];

describe('becameInoperable: when a record page gets 当前页面状态不可操作', () => {
  it('a record gone from the server disables the page, also on a first read (a saved tab)', () => {
    expect(becameInoperable(7, 'gone', voided)).toBe(true);
    expect(becameInoperable(undefined, 'gone', voided)).toBe(true);
  });

  it('a record this page itself deleted (shown as gone) does not', () => {
    expect(becameInoperable('gone', 'gone', voided)).toBe(false);
  });

  it('moving into an inoperable state elsewhere disables the page', () => {
    expect(becameInoperable(7, 4, voided)).toBe(true);
    expect(becameInoperable(1, 4, voided)).toBe(true);
  });

  it('a record first seen inoperable, unchanged, or moved between operable states does not', () => {
    expect(becameInoperable(undefined, 4, voided)).toBe(false);
    expect(becameInoperable(4, 4, voided)).toBe(false);
    expect(becameInoperable(7, 7, voided)).toBe(false);
    expect(becameInoperable(1, 7, voided)).toBe(false);
    expect(becameInoperable(7, 8, [])).toBe(false);
  });

  it('a record restored after this page saw it gone does not', () => {
    expect(becameInoperable('gone', 1, voided)).toBe(false);
  });
});

describe('readRecordState', () => {
  it('answers the state, gone for a 404, and nothing for any other failure', async () => {
    await expect(readRecordState(async () => 7)).resolves.toBe(7);
    await expect(
      readRecordState(async () => {
        throw new ApiCodeError(404, '签约合同不存在或已被删除', null);
      }),
    ).resolves.toBe('gone');
    await expect(
      readRecordState(async () => {
        throw new ApiCodeError(405, '请求失败', null);
      }),
    ).resolves.toBeNull();
    await expect(
      readRecordState(async () => {
        throw new Error('网络异常，请检查网络连接');
      }),
    ).resolves.toBeNull();
  });
});

describe('isEditStateRefusal: 405 on the edit-state check disables the page (001 section 8)', () => {
  it('a 405 marked by the edit-state check is a refusal', () => {
    expect(isEditStateRefusal(new ApiCodeError(405, '该审批已结束，不能撤回', editStateRefused))).toBe(true);
    expect(isEditStateRefusal(new ApiCodeError(405, '当前状态不允许此操作！', { editState: 0 }))).toBe(true);
  });

  it('a 405 about the input, another code or another error is not', () => {
    expect(isEditStateRefusal(new ApiCodeError(405, '请填写作废原因', null))).toBe(false);
    expect(isEditStateRefusal(new ApiCodeError(405, '请填写作废原因', { editState: 1 }))).toBe(false);
    expect(isEditStateRefusal(new ApiCodeError(409, '合同状态已变化，请刷新后重试', editStateRefused))).toBe(
      false,
    );
    expect(isEditStateRefusal(new Error('当前状态不允许此操作！'))).toBe(false);
  });
});
