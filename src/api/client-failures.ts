/**
 * The client's own failure codes (000 section 8, "Client failures"): a request that never got a
 * server answer rejects with one of these instead of a business code. What each does:
 * - 5, timeout: no answer within 60 000 ms (requests, uploads and downloads alike): 请求超时 toast;
 * - 600003, aborted: the caller (or the page going away) cancelled it: rejected quietly, no toast,
 *   since nobody waits for the answer any more;
 * - 602001, a file upload or download that failed on the network: the transfer's own toast;
 * - 600009 and 10002, a socket that cannot connect or is not open: the product opens no socket
 *   (unread counts and queued work are read again on timers), so no call meets them; they are kept
 *   here with their words so that a socket added later reports them the same way.
 */
export const clientFailureCodes = {
  timeout: 5,
  aborted: 600003,
  transfer: 602001,
  socketConnect: 600009,
  socketNotOpen: 10002,
} as const;

export type ClientFailureCode = (typeof clientFailureCodes)[keyof typeof clientFailureCodes];

export const clientFailureMessages: Record<ClientFailureCode, string> = {
  5: '请求超时，请稍后再试',
  600003: '请求已取消',
  602001: '网络异常，文件传输失败',
  600009: '网络异常，无法连接服务器',
  10002: '网络异常，连接尚未建立',
};

/** 602001 names the transfer that failed. */
export const transferFailureMessages = {
  upload: '网络异常，文件上传失败',
  download: '网络异常，文件下载失败',
} as const;

/** A request that failed before the server answered; `code` is one of clientFailureCodes. */
export class ClientFailure extends Error {
  readonly code: ClientFailureCode;
  constructor(code: ClientFailureCode, message: string = clientFailureMessages[code]) {
    super(message);
    this.code = code;
  }
}

/** The failure of a fetch that rejected: a timeout, an abort, or (null) a plain network failure. */
export function failureOfRejection(error: unknown): ClientFailureCode | null {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : null;
  if (name === 'TimeoutError') return clientFailureCodes.timeout;
  if (name === 'AbortError') return clientFailureCodes.aborted;
  return null;
}

/** Whether a failure is a cancelled request, which no screen reports. */
export function isAborted(error: unknown): boolean {
  return error instanceof ClientFailure && error.code === clientFailureCodes.aborted;
}
