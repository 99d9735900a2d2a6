import { describe, expect, it } from 'vitest';
import { ApiCodeError } from '../../src/api/client';
import { becameInoperable, readRecordState } from '../../src/core/record-watch';

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
