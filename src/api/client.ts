/**
 * The one typed API client (openapi-fetch over the generated contract) and its middleware:
 * headers, host routing, the code table of 000 section 8, the 800 ms loading indicator (数据提交中...
 * at once for uploads) and the 60 s timeout.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/generated/api';
import { publicPaths } from '../../openapi/generated/routing';
import {
  ClientFailure,
  clientFailureCodes,
  clientFailureMessages,
  failureOfRejection,
  transferFailureMessages,
} from './client-failures';
import { readCredentials } from './credentials';
import { emitFeedback } from './feedback';
import { hostBaseUrl, hostOfPath } from './hosts';

export const requestTimeoutMs = 60_000;
export const loadingDelayMs = 800;
export const apiMessages = {
  requestFailed: '请求失败',
  notLoggedIn: '您还没有登录，请先登录！',
  timeout: clientFailureMessages[clientFailureCodes.timeout],
  network: '网络异常，请检查网络连接',
} as const;

/** A business code other than 200; the request layer has already shown what 000 section 8 says. */
export class ApiCodeError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

function isOnLoginPage(): boolean {
  return typeof location !== 'undefined' && /^#\/layout\/login2?\b/.test(location.hash);
}

/** 请求中... once a request has taken 800 ms; 数据提交中... at once while a file is uploading. */
export const loadingTexts = { request: '请求中...', upload: '数据提交中...' } as const;

let pending = 0;
let uploads = 0;
let isDelayPassed = false;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;

function isUpload(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
}

function showLoading(): void {
  emitFeedback({
    kind: 'loading',
    visible: uploads > 0 || isDelayPassed,
    text: uploads > 0 ? loadingTexts.upload : loadingTexts.request,
  });
}

function startLoading(isFile: boolean): void {
  pending += 1;
  if (isFile) uploads += 1;
  if (pending === 1)
    loadingTimer = setTimeout(() => {
      isDelayPassed = true;
      showLoading();
    }, loadingDelayMs);
  if (isFile) showLoading();
}

function stopLoading(isFile: boolean): void {
  pending = Math.max(0, pending - 1);
  if (isFile) uploads = Math.max(0, uploads - 1);
  if (pending === 0) {
    clearTimeout(loadingTimer);
    isDelayPassed = false;
  }
  showLoading();
}

const requestHandling: Middleware = {
  async onRequest({ request, schemaPath }) {
    const isPublic = publicPaths.includes(schemaPath);
    const credentials = readCredentials();
    // 000 section 8: not logged in on any page but login: the toast, login after 1.5 s (the
    // session machine's sessionInvalid), and the request is not sent.
    if (!isPublic && !credentials) {
      if (!isOnLoginPage()) {
        emitFeedback({ kind: 'toast', text: apiMessages.notLoggedIn, tone: 'error' });
        emitFeedback({ kind: 'sessionInvalid', message: apiMessages.notLoggedIn });
      }
      throw new ApiCodeError(400, apiMessages.notLoggedIn, null);
    }
    const mainBase = hostBaseUrl('main');
    const hostBase = hostBaseUrl(hostOfPath(schemaPath));
    let url = request.url;
    if (hostBase !== mainBase)
      url = url.replace(new URL(mainBase, location.href).href, new URL(hostBase, location.href).href);
    const headers = new Headers(request.headers);
    if (!isPublic && credentials) {
      headers.set('token', credentials.token);
      headers.set('sessionid', credentials.sessionid);
    }
    // Read the body out rather than re-streaming it: a streamed upload needs HTTP/2 in Chromium.
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    startLoading(isUpload(request));
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(requestTimeoutMs)]);
    return new Request(url, { method: request.method, headers, body, signal });
  },
  async onResponse({ request, response }) {
    const isFile = isUpload(request);
    stopLoading(isFile);
    if (response.status !== 200) {
      emitFeedback({ kind: 'toast', text: apiMessages.requestFailed, tone: 'error' });
      throw new ApiCodeError(response.status, apiMessages.requestFailed, null);
    }
    const body = (await response.clone().json()) as { code?: number; message?: string; data?: unknown };
    const message = body.message ?? '';
    switch (body.code) {
      case 400:
        if (!isOnLoginPage()) {
          emitFeedback({ kind: 'toast', text: message, tone: 'error' });
          emitFeedback({ kind: 'sessionInvalid', message });
        }
        break;
      case 405:
        emitFeedback({ kind: 'toast', text: message, tone: 'error' });
        break;
      case 406:
        emitFeedback({ kind: 'needPackage', message });
        break;
      case 400020:
        emitFeedback({ kind: 'identityWrong', data: typeof body.data === 'string' ? body.data : '' });
        break;
      default:
        // An upload's refusal is always said (000 section 8); other calls leave it to their screen.
        if (isFile && body.code !== 200 && message)
          emitFeedback({ kind: 'toast', text: message, tone: 'error' });
        break;
    }
    return response;
  },
  onError({ request, error }) {
    const isFile = isUpload(request);
    stopLoading(isFile);
    const code = failureOfRejection(error);
    // A cancelled request has nobody waiting for its answer: it fails quietly (600003).
    if (code === clientFailureCodes.aborted) return new ClientFailure(code);
    const failure =
      code === clientFailureCodes.timeout
        ? new ClientFailure(code)
        : isFile
          ? new ClientFailure(clientFailureCodes.transfer, transferFailureMessages.upload)
          : new Error(apiMessages.network);
    emitFeedback({ kind: 'toast', text: failure.message, tone: 'error' });
    return failure;
  },
};

export const api = createClient<paths>({ baseUrl: hostBaseUrl('main') });
api.use(requestHandling);

/** The envelope of a call whose code is 200; any other code throws ApiCodeError with the server's message. */
export async function ok<T extends { code: number; message: string; data?: unknown }>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data } = await call;
  if (!data) throw new ApiCodeError(0, apiMessages.requestFailed, null);
  if (data.code !== 200) throw new ApiCodeError(data.code, data.message, data.data);
  return data;
}
