/**
 * A screen not built yet says so with its title and never prints its internal page path (issue 38:
 * users never see internal page paths).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import NotBuiltPage from '../../src/app/not-built-page';

describe('the not-built page', () => {
  it('names the screen and says it is not open yet, without its path', () => {
    const html = renderToStaticMarkup(
      createElement(NotBuiltPage, { title: '推广', path: '/views/promotion/index', params: {} }),
    );
    expect(html).toContain('推广');
    expect(html).toContain('此功能尚未开放');
    expect(html).not.toContain('/views');
    expect(html).not.toContain('promotion');
  });
});
