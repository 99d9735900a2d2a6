/**
 * Downloading a file of the product (a contract PDF for the preview): 000 section 9's 60 000 ms
 * download timeout, and section 8's failures said once by the request layer's toasts — 请求超时 (5)
 * when the file takes longer, 网络异常，文件下载失败 (602001) when the network fails, 请求失败 for an
 * HTTP status other than 200, nothing for a download the caller cancelled (600003).
 */
import { apiMessages, ApiCodeError } from './client';
import {
  ClientFailure,
  clientFailureCodes,
  failureOfRejection,
  transferFailureMessages,
} from './client-failures';
import { emitFeedback } from './feedback';

export const downloadTimeoutMs = 60_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The file's bytes; rejects with ClientFailure (5, 600003, 602001) or ApiCodeError (HTTP status). */
export async function downloadFile(
  url: string,
  options: { signal?: AbortSignal; timeoutMs?: number; fetch?: Fetch } = {},
): Promise<Uint8Array> {
  const signals = [AbortSignal.timeout(options.timeoutMs ?? downloadTimeoutMs)];
  if (options.signal) signals.push(options.signal);
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  try {
    const response = await doFetch(url, { signal: AbortSignal.any(signals) });
    if (response.status !== 200) {
      emitFeedback({ kind: 'toast', text: apiMessages.requestFailed, tone: 'error' });
      throw new ApiCodeError(response.status, apiMessages.requestFailed, null);
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof ApiCodeError) throw error;
    const code = failureOfRejection(error);
    if (code === clientFailureCodes.aborted) throw new ClientFailure(code);
    const failure =
      code === clientFailureCodes.timeout
        ? new ClientFailure(code)
        : new ClientFailure(clientFailureCodes.transfer, transferFailureMessages.download);
    emitFeedback({ kind: 'toast', text: failure.message, tone: 'error' });
    throw failure;
  }
}
