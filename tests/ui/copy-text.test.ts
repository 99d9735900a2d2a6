import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFeedback, type Feedback } from '../../src/api/feedback';
import { copyMessages, copyText } from '../../src/ui/copy-text';
import { signingLinkAddress } from '../../src/shared/signing-link-actions';

function collect(): { seen: Feedback[]; stop: () => void } {
  const seen: Feedback[] = [];
  return { seen, stop: onFeedback((feedback) => seen.push(feedback)) };
}

describe('copy actions (000 section 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says 文本内容为空 or 文件链接为空 and copies nothing when there is nothing to copy', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { seen, stop } = collect();
    expect(await copyText('  ')).toBe(false);
    expect(await copyText(null, 'link')).toBe(false);
    stop();
    expect(seen).toEqual([
      { kind: 'toast', text: copyMessages.emptyText, tone: 'error' },
      { kind: 'toast', text: copyMessages.emptyLink, tone: 'error' },
    ]);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says 复制成功 once copied, and shows the text when the browser refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { seen, stop } = collect();
    expect(await copyText('https://example.com/a')).toBe(true);
    expect(await copyText('合同编号 XS001')).toBe(false);
    stop();
    expect(writeText).toHaveBeenCalledWith('https://example.com/a');
    expect(seen.map((feedback) => (feedback.kind === 'toast' ? feedback.text : ''))).toEqual([
      '复制成功',
      '复制失败，请手动复制：合同编号 XS001',
    ]);
  });

  it('复制链接 of a signing party without a link yet says 文件链接为空 (not a link to nothing)', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { seen, stop } = collect();
    expect(await copyText(signingLinkAddress('https://anjuqian.test', ''), 'link')).toBe(false);
    expect(await copyText(signingLinkAddress('https://anjuqian.test', 'a1b2'), 'link')).toBe(true);
    stop();
    expect(seen.map((feedback) => (feedback.kind === 'toast' ? feedback.text : ''))).toEqual([
      '文件链接为空',
      '复制成功',
    ]);
    expect(writeText).toHaveBeenCalledWith('https://anjuqian.test/#/views/sign/to-be-signed?hash=a1b2');
  });
});
