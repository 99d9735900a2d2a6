/**
 * Shows what the request layer reports (000 section 8): toasts (1.5 s), 请求中... after 800 ms or 数据提交中... while uploading, the
 * 406 modal (取消 / 去购买) and the 400020 modal (取消 / 去修改).
 */
import { useEffect, useState } from 'react';
import { AlertDialog, Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { onFeedback, type Feedback } from '../api/feedback';

export const toastDurationMs = 1500;

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
          setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), toastDurationMs);
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
      <AlertDialog.Root open={needPackage !== null} onOpenChange={(open) => !open && setNeedPackage(null)}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>提示</AlertDialog.Title>
          <AlertDialog.Description>{needPackage}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={onBuy}>去购买</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
      <AlertDialog.Root
        open={identityWrong !== null}
        onOpenChange={(open) => !open && setIdentityWrong(null)}
      >
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>提示</AlertDialog.Title>
          <AlertDialog.Description>{`${identityWrong ?? ''} 身份信息填写错误 请填写正确信息再提交`}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button>去修改</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
