/**
 * What the request layer tells the user (000 section 8): toasts, the 406 and 400020 modals, the
 * loading indicator, and "the session is gone". The shell's UI subscribes; nothing else does.
 */
/** 000 section 9: a toast shows 1500 ms by default, 2.5 s in some flows (the trial's follow-up). */
export const toastDurations = { short: 1500, long: 2500 } as const;

export type Feedback =
  | { kind: 'toast'; text: string; tone: 'error' | 'success' | 'info'; durationMs?: number }
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
