import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  failedChunkUrl,
  loadWithTimeout,
  pageLoadMessages,
  pageLoadTimeoutMs,
} from '../../src/app/page-load';

describe('loading a lazy screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives the screen that arrives within 60 000 ms', async () => {
    const screen = { default: 'page' };
    const loaded = loadWithTimeout(() => new Promise((resolve) => setTimeout(() => resolve(screen), 59_000)));
    await vi.advanceTimersByTimeAsync(59_000);
    await expect(loaded).resolves.toBe(screen);
  });

  it('fails with 页面加载超时 once 60 000 ms have passed', async () => {
    expect(pageLoadTimeoutMs).toBe(60_000);
    const loaded = loadWithTimeout(() => new Promise(() => {}));
    const outcome = expect(loaded).rejects.toThrow(pageLoadMessages.timeout);
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
  });

  it('reads a failed chunk import as 页面加载失败', async () => {
    await expect(
      loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toThrow(pageLoadMessages.failed);
  });
});

describe('a failed screen import', () => {
  it('names the file, so 重试 can ask for it again', () => {
    expect(
      failedChunkUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: http://127.0.0.1:8181/assets/house-page-Ab1_x.js',
        ),
      ),
    ).toBe('http://127.0.0.1:8181/assets/house-page-Ab1_x.js');
    expect(failedChunkUrl(new Error('页面加载超时'))).toBeNull();
  });
});
