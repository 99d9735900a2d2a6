/**
 * A list screen while its next page loads: the rows of the last answer stay in view but are marked
 * busy and inert, so none of them can be clicked or focused until the new page has come.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListTable, type Column } from '../../src/ui/list-page/list-table';

type Row = { id: number; name: string };

const columns: Column<Row>[] = [
  {
    key: 'name',
    header: '名称',
    isRowHeader: true,
    cell: (row) => createElement('button', { type: 'button' }, row.name),
  },
];

function table(status: 'loading' | 'loaded'): string {
  return renderToStaticMarkup(
    createElement(ListTable<Row>, {
      list: {
        rows: [
          { id: 1, name: '旧的第一行' },
          { id: 2, name: '旧的第二行' },
        ],
        total: 40,
        page: 1,
        pageSize: 15,
        status,
        hasLoaded: true,
        error: null,
        setPage: () => {},
        retry: () => {},
      },
      columns,
      rowKey: (row) => row.id,
      emptyText: '暂无数据',
    }),
  );
}

/** The element that holds the rows, as markup up to its first child. */
function rowsBox(markup: string): string {
  const start = markup.indexOf('data-testid="list-rows"');
  expect(start).toBeGreaterThan(-1);
  return markup.slice(markup.lastIndexOf('<', start), markup.indexOf('>', start) + 1);
}

describe('the rows of a list while a page loads', () => {
  it('are kept in view but inert, inside a list marked busy', () => {
    const markup = table('loading');
    expect(markup).toContain('旧的第一行');
    expect(markup).toContain('aria-busy="true"');
    expect(rowsBox(markup)).toMatch(/\sinert(="")?[\s>]/);
  });

  it('are usable again once the answer has come, and the list is no longer busy', () => {
    const markup = table('loaded');
    expect(markup).toContain('aria-busy="false"');
    expect(rowsBox(markup)).not.toMatch(/\sinert/);
  });

  it('leave the pager usable while loading (only the rows are inert)', () => {
    const markup = table('loading');
    const pagerAt = markup.indexOf('下一页');
    expect(pagerAt).toBeGreaterThan(-1);
    expect(pagerAt).toBeGreaterThan(rowsBoxEnd(markup));
  });
});

/** Where the element holding the rows closes (its div's matching </div>). */
function rowsBoxEnd(markup: string): number {
  const open = markup.lastIndexOf('<', markup.indexOf('data-testid="list-rows"'));
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = open;
  let depth = 0;
  for (let tag = tags.exec(markup); tag; tag = tags.exec(markup)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return tag.index;
  }
  return markup.length;
}
