/**
 * Shows what the request layer reports (000 section 8): toasts (1.5 s, or the 2.5 s a flow asks for), 请求中... after 800 ms or 数据提交中... while uploading, the
 * 406 modal (取消 / 去购买) and the 400020 modal (取消 / 去修改), those two in feedback-dialogs.tsx.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner, Text } from '@radix-ui/themes';
import { onFeedback, toastDurations, type Feedback } from '../api/feedback';

// The two modals load when one is first needed (always after a server answer): the dialog code is
// not part of what the login page needs at first load (issue 19's 150 KB for the login route).
const FeedbackDialogs = lazy(() => import('./feedback-dialogs'));

export const toastDurationMs = toastDurations.short;

type Toast = { id: number; text: string; tone: 'error' | 'success' | 'info' };

export function FeedbackHost({ onBuy }: { onBuy: () => void }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [loading, setLoading] = useState<string | null>(null);
  const [needPackage, setNeedPackage] = useState<string | null>(null);
  const [identityWrong, setIdentityWrong] = useState<string | null>(null);

  useEffect(() => {
    let nextId = 1;
    return onFeedback((feedback: Feedback) => {
      switch (feedback.kind) {
        case 'toast': {
          if (!feedback.text) return;
          const id = nextId++;
          // The same message from several calls at once shows once.
          setToasts((list) =>
            list.some((t) => t.text === feedback.text)
              ? list
              : [...list.slice(-3), { id, text: feedback.text, tone: feedback.tone }],
          );
          setTimeout(
            () => setToasts((list) => list.filter((t) => t.id !== id)),
            feedback.durationMs ?? toastDurationMs,
          );
          return;
        }
        case 'loading':
          setLoading(feedback.visible ? feedback.text : null);
          return;
        case 'needPackage':
          setNeedPackage(feedback.message);
          return;
        case 'identityWrong':
          setIdentityWrong(feedback.data);
          return;
        case 'sessionInvalid':
          return;
      }
    });
  }, []);

  return (
    <>
      <div className="toast-stack" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast">
            {toast.text}
          </div>
        ))}
      </div>
      {loading && (
        <div className="loading-indicator" data-testid="loading">
          <Spinner /> <Text size="2">{loading}</Text>
        </div>
      )}
      {(needPackage !== null || identityWrong !== null) && (
        <Suspense fallback={null}>
          <FeedbackDialogs
            needPackage={needPackage}
            identityWrong={identityWrong}
            onBuy={onBuy}
            onCloseNeedPackage={() => setNeedPackage(null)}
            onCloseIdentityWrong={() => setIdentityWrong(null)}
          />
        </Suspense>
      )}
    </>
  );
}
