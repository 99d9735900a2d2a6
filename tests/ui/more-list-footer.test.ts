/** The bottom of a "load more" list says where the list stands (000 section 4). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoreListFooter } from '../../src/ui/list-page/more-list-footer';
import type { MoreListBottom } from '../../src/ui/list-page/use-more-list';

function footer(bottom: MoreListBottom, error: string | null = null): string {
  return renderToStaticMarkup(
    createElement(MoreListFooter, { list: { bottom, error, loadMore: () => {}, retry: () => {} } }),
  );
}

describe('the bottom of a load-more list', () => {
  it('says 没有更多了 once an empty page came back, and offers no 加载更多', () => {
    expect(footer('ended')).toContain('没有更多了');
    expect(footer('ended')).not.toContain('加载更多');
  });

  it('offers 加载更多 while more may come, and the failure with 重试 when a page failed', () => {
    expect(footer('more')).toContain('加载更多');
    expect(footer('more')).not.toContain('没有更多了');
    expect(footer('failed', '请求超时，请稍后再试')).toContain('请求超时，请稍后再试');
    expect(footer('failed', '请求超时，请稍后再试')).toContain('重试');
    expect(footer('loading')).toContain('加载中...');
  });
});
