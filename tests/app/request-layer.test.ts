/**
 * The request layer's answers to a call that has no session or no server answer (000 section 8):
 * not logged in (toast, then the session machine's way to login; nothing sent), the client failure
 * codes 5 (timeout), 600003 (aborted, no toast) and 602001 (a file transfer failed), and the 60 s
 * download of a file.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const origin = vi.hoisted(() => {
  const base = 'http://client.test/api';
  globalThis.__APP_CONFIG__ = {
    apiHosts: {
      main: base,
      secondary: base,
      note: base,
      website: base,
      push: base,
      help: base,
      seal: base,
      collect: base,
    },
  };
  return base;
});

import { api, ApiCodeError } from '../../src/api/client';
import { ClientFailure, clientFailureCodes, isAborted } from '../../src/api/client-failures';
import { downloadFile, downloadTimeoutMs } from '../../src/api/download';
import { onFeedback, type Feedback } from '../../src/api/feedback';

type FakeFetch = (request: Request) => Promise<Response>;

let seen: Feedback[] = [];
let stop: () => void = () => {};
const store = new Map<string, string>();

function toasts(): string[] {
  return seen.flatMap((feedback) => (feedback.kind === 'toast' ? [feedback.text] : []));
}

function signIn() {
  store.set('userToken', JSON.stringify({ token: 't'.repeat(32), sessionid: 's'.repeat(32) }));
}

function rejectWith(name: string): FakeFetch {
  return () => Promise.reject(new DOMException('stopped', name));
}

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  vi.stubGlobal('location', { hash: '#/layout/index', href: `${origin}/` });
  seen = [];
  stop = onFeedback((feedback) => seen.push(feedback));
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('a call made without a session (000 section 8)', () => {
  it('says 您还没有登录，请先登录！, ends the session (login after 1.5 s) and sends nothing', async () => {
    const fetch = vi.fn<FakeFetch>();
    await expect(api.GET('/base/systemInfo', { fetch })).rejects.toBeInstanceOf(ApiCodeError);
    expect(fetch).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['您还没有登录，请先登录！']);
    expect(seen).toContainEqual({ kind: 'sessionInvalid', message: '您还没有登录，请先登录！' });
  });

  it('stays quiet on the login page, where signing in is what the user is doing', async () => {
    vi.stubGlobal('location', { hash: '#/layout/login', href: `${origin}/` });
    const fetch = vi.fn<FakeFetch>();
    await expect(api.GET('/base/systemInfo', { fetch })).rejects.toBeInstanceOf(ApiCodeError);
    expect(fetch).not.toHaveBeenCalled();
    expect(seen.filter((feedback) => feedback.kind !== 'loading')).toEqual([]);
  });

  it('sends a signed-in call with its token and sessionid', async () => {
    signIn();
    const fetch = vi.fn<FakeFetch>(() =>
      Promise.resolve(Response.json({ code: 200, message: 'ok', data: null })),
    );
    await api.GET('/base/systemInfo', { fetch });
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.headers.get('token')).toBe('t'.repeat(32));
    expect(request?.headers.get('sessionid')).toBe('s'.repeat(32));
    expect(toasts()).toEqual([]);
  });
});

describe('client failure codes (000 section 8)', () => {
  it('a call with no answer in time fails with code 5 and says 请求超时', async () => {
    signIn();
    const failure = await api
      .GET('/base/systemInfo', { fetch: rejectWith('TimeoutError') })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientFailure);
    expect((failure as ClientFailure).code).toBe(5);
    expect(toasts()).toEqual(['请求超时，请稍后再试']);
  });

  it('a cancelled call fails with code 600003 and shows no error', async () => {
    signIn();
    const failure = await api
      .GET('/base/systemInfo', { fetch: rejectWith('AbortError') })
      .catch((error: unknown) => error);
    expect(isAborted(failure)).toBe(true);
    expect((failure as ClientFailure).code).toBe(clientFailureCodes.aborted);
    expect(toasts()).toEqual([]);
  });

  it('an upload that fails on the network fails with 602001 and says so; a plain call says 网络异常', async () => {
    signIn();
    const broken: FakeFetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const upload = await api
      .POST('/base/uploadPhoto', { body: { file: '' } as never, bodySerializer: () => form, fetch: broken })
      .catch((error: unknown) => error);
    expect((upload as ClientFailure).code).toBe(602001);
    const plain = await api.GET('/base/systemInfo', { fetch: broken }).catch((error: unknown) => error);
    expect(plain).not.toBeInstanceOf(ClientFailure);
    expect(toasts()).toEqual(['网络异常，文件上传失败', '网络异常，请检查网络连接']);
  });
});

describe('downloading a file (the PDF preview)', () => {
  const waitForAbort = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });

  it('gives up after the download timeout (60 000 ms) with code 5 and 请求超时', async () => {
    expect(downloadTimeoutMs).toBe(60_000);
    const failure = await downloadFile('/files/a.pdf', { timeoutMs: 20, fetch: waitForAbort }).catch(
      (error: unknown) => error,
    );
    expect((failure as ClientFailure).code).toBe(5);
    expect(toasts()).toEqual(['请求超时，请稍后再试']);
  });

  it('a download the preview cancels fails quietly with 600003', async () => {
    const controller = new AbortController();
    const download = downloadFile('/files/a.pdf', { signal: controller.signal, fetch: waitForAbort });
    controller.abort();
    const failure = await download.catch((error: unknown) => error);
    expect(isAborted(failure)).toBe(true);
    expect(toasts()).toEqual([]);
  });

  it('a network failure is 602001 (文件下载失败); a status other than 200 is 请求失败; a file comes back whole', async () => {
    const broken = await downloadFile('/files/a.pdf', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    }).catch((error: unknown) => error);
    expect((broken as ClientFailure).code).toBe(602001);
    const missing = await downloadFile('/files/b.pdf', {
      fetch: () => Promise.resolve(new Response('gone', { status: 404 })),
    }).catch((error: unknown) => error);
    expect((missing as ApiCodeError).code).toBe(404);
    const bytes = await downloadFile('/files/c.pdf', {
      fetch: () => Promise.resolve(new Response(new Uint8Array([37, 80, 68, 70]))),
    });
    expect([...bytes]).toEqual([37, 80, 68, 70]);
    expect(toasts()).toEqual(['网络异常，文件下载失败', '请求失败']);
  });
});
