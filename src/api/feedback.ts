/**
 * What the request layer tells the user (000 section 8): toasts, the 406 and 400020 modals, the
 * loading indicator, and "the session is gone". The shell's UI subscribes; nothing else does.
 */
export type Feedback =
  | { kind: 'toast'; text: string; tone: 'error' | 'success' | 'info' }
  | { kind: 'needPackage'; message: string }
  | { kind: 'identityWrong'; data: string }
  | { kind: 'loading'; visible: boolean; text: string }
  | { kind: 'sessionInvalid'; message: string };

type Listener = (feedback: Feedback) => void;
const listeners = new Set<Listener>();

export function emitFeedback(feedback: Feedback): void {
  for (const listener of listeners) listener(feedback);
}

export function onFeedback(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
