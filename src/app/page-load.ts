/**
 * Loading a lazy screen (000 section 9: async page load delay 200 ms, timeout 60 000 ms): the loading
 * text shows only after 200 ms, and a screen that has not arrived after 60 s fails with a message the
 * page's error boundary shows beside 重试.
 */
export const pageLoadDelayMs = 200;
export const pageLoadTimeoutMs = 60_000;
export const pageLoadMessages = {
  timeout: '页面加载超时，请检查网络后重试',
  failed: '页面加载失败，请检查网络后重试',
} as const;

/** The address of the screen's code in a failed dynamic import's message, if it names one. */
export function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.js)\b/.exec(message)?.[1] ?? null;
}

/**
 * Imports the screen again: the browser keeps a failed module import for its address, so a retry
 * asks for the same file under a new query (its own imports load as usual).
 */
export function importAgain<T>(url: string): Promise<T> {
  return import(/* @vite-ignore */ `${url}?retry=${Date.now()}`) as Promise<T>;
}

/** The module, or a rejection after `timeoutMs` (a chunk import failure reads as 页面加载失败). */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = pageLoadTimeoutMs,
  onChunkFailure: (url: string) => void = () => {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(pageLoadMessages.timeout)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.error('page chunk failed to load', error);
        const url = failedChunkUrl(error);
        if (url) onChunkFailure(url);
        reject(new Error(pageLoadMessages.failed));
      },
    );
  });
}
