/**
 * The global error handler (000 section 8: it swallows errors): an error no screen handled (a
 * rejected promise nobody awaited, an exception in an event handler) is logged for developers and
 * kept from the user; what the user must see is shown by the request layer's toasts and the pages'
 * error boundaries.
 */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('[unhandled rejection]', event.reason);
    event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    console.error('[uncaught error]', event.error ?? event.message);
    event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
