/**
 * Copy actions (000 section 8): 复制成功 when copied; 文本内容为空 for empty text, 文件链接为空 for an
 * empty file link; when the browser refuses, the text is shown so the user can copy it by hand.
 */
import { emitFeedback } from '../api/feedback';

export const copyMessages = {
  copied: '复制成功',
  emptyText: '文本内容为空',
  emptyLink: '文件链接为空',
} as const;

/** Copies text (or a file link); answers whether it was copied. */
export async function copyText(
  text: string | null | undefined,
  kind: 'text' | 'link' = 'text',
): Promise<boolean> {
  const value = (text ?? '').trim();
  if (!value) {
    emitFeedback({
      kind: 'toast',
      text: kind === 'link' ? copyMessages.emptyLink : copyMessages.emptyText,
      tone: 'error',
    });
    return false;
  }
  try {
    await navigator.clipboard.writeText(value);
    emitFeedback({ kind: 'toast', text: copyMessages.copied, tone: 'success' });
    return true;
  } catch {
    emitFeedback({ kind: 'toast', text: `复制失败，请手动复制：${value}`, tone: 'error' });
    return false;
  }
}
