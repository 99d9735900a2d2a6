/**
 * The shell's navigation rules of 000 sections 2 and 8: a tab whose page the product does not have
 * shows the not-found page (naming the tab, never its path) instead of a blank or the not-built
 * page; 返回 is offered above pages opened from another page, not on home or the menu's pages; a page
 * opened by its address refuses to open itself again (the navigation lock).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageContent } from '../../src/app/main-layout';
import { isOpenedFromPage } from '../../src/app/back-bar';
import { isSameAddress } from '../../src/app/standalone-page';
import { homeTab, type MenuItem, type PageTab } from '../../machines/tabs.machine';

const menu: MenuItem[] = [
  { appType: 6, appId: 0, name: '在线签约', path: '/views/sign/index.vue' },
  {
    appType: 88,
    appId: 0,
    name: '管理',
    path: '',
    children: [{ appType: 88, appId: 1, name: '印章管理', path: '/views/manager/seal' }],
  },
];

function tab(path: string, name: string, params: Record<string, string> = {}): PageTab {
  return { appType: 6, appId: 0, name, path, params };
}

describe('a tab whose page does not exist', () => {
  it('shows 页面不存在 with the tab’s name, 返回 and 回到首页 — not the not-built page, not its path', () => {
    const html = renderToStaticMarkup(
      createElement(PageContent, { tab: tab('/views/sign/gone-away.vue', '旧的签约页') }),
    );
    expect(html).toContain('页面不存在');
    expect(html).toContain('页面 「旧的签约页」 不存在');
    expect(html).toContain('返回');
    expect(html).toContain('回到首页');
    expect(html).not.toContain('尚未开放');
    expect(html).not.toContain('/views');
    expect(html).not.toContain('gone-away');
  });
});

describe('返回 (the back action)', () => {
  it('is offered above a page opened from another page (a detail, a preview)', () => {
    expect(isOpenedFromPage(tab('/views/sign/detail.vue', '签约详情', { contractId: '12' }), menu)).toBe(
      true,
    );
    expect(isOpenedFromPage(tab('/views/public/pdf-view', 'PDF 预览'), menu)).toBe(true);
  });

  it('is not offered on home or on a page of the menu, at any depth, with or without .vue', () => {
    expect(isOpenedFromPage(homeTab, menu)).toBe(false);
    expect(isOpenedFromPage(tab('/views/sign/index', '在线签约'), menu)).toBe(false);
    expect(isOpenedFromPage(tab('/views/manager/seal.vue', '印章管理'), menu)).toBe(false);
  });
});

describe('the navigation lock of a page opened by its address', () => {
  it('the same page with the same parameters is the same address, in any order', () => {
    expect(
      isSameAddress('/views/sign/detail?contractId=12&type=1', '/views/sign/detail.vue?type=1&contractId=12'),
    ).toBe(true);
    expect(isSameAddress('/views/sign/detail?contractId=12', '/views/sign/detail?contractId=13')).toBe(false);
    expect(isSameAddress('/views/sign/detail', '/views/sign/index')).toBe(false);
  });
});
