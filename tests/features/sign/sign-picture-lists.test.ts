/**
 * The whole lists the contract pictures tab sends: a category's pictures after an upload, a
 * replacement, a deletion or a move, and the company's categories after 管理分类.
 */
import { describe, expect, it } from 'vitest';
import {
  addPicture,
  categoriesBody,
  checkCategories,
  moveCategory,
  movePicture,
  removePicture,
  replacePicture,
} from '../../../src/features/sign/sign-picture-lists';

describe('a category’s pictures as saved whole', () => {
  it('adds an upload at the end, once', () => {
    expect(addPicture(['/files/a'], '/files/b')).toEqual(['/files/a', '/files/b']);
    expect(addPicture(['/files/a'], '/files/a')).toEqual(['/files/a']);
  });

  it('replaces a picture in its place and drops a replacement already in the list', () => {
    expect(replacePicture(['/files/a', '/files/b', '/files/c'], '/files/b', '/files/x')).toEqual([
      '/files/a',
      '/files/x',
      '/files/c',
    ]);
    expect(replacePicture(['/files/a', '/files/b'], '/files/b', '/files/a')).toEqual(['/files/a']);
  });

  it('removes only the deleted picture', () => {
    expect(removePicture(['/files/a', '/files/b'], '/files/a')).toEqual(['/files/b']);
  });

  it('moves a picture out of one list into the other', () => {
    expect(movePicture(['/files/a', '/files/b'], ['/files/c'], '/files/a')).toEqual({
      from: ['/files/b'],
      to: ['/files/c', '/files/a'],
    });
  });
});

describe('the company’s categories as saved whole', () => {
  it('numbers the sort by position, trims names and marks new ones by leaving out categoryId', () => {
    expect(
      categoriesBody([
        { key: '2', categoryId: 2, name: ' 房产证 ' },
        { key: 'new-1', name: '补充协议' },
      ]),
    ).toEqual([
      { categoryId: 2, name: '房产证', sort: 0 },
      { name: '补充协议', sort: 1 },
    ]);
  });

  it('refuses empty, too long and repeated names and an empty list before sending', () => {
    expect(checkCategories([])).toBe('至少保留一个分类');
    expect(checkCategories([{ key: 'a', name: '  ' }])).toBe('第 1 个分类名称不能为空');
    expect(checkCategories([{ key: 'a', name: '一'.repeat(21) }])).toBe('第 1 个分类名称不能超过 20 个字');
    expect(
      checkCategories([
        { key: 'a', name: '收据' },
        { key: 'b', name: ' 收据' },
      ]),
    ).toBe('分类名称不能重复：收据');
    expect(checkCategories([{ key: 'a', name: '收据' }])).toBeNull();
  });

  it('moves a category one place up or down and leaves the ends alone', () => {
    expect(moveCategory(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveCategory(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveCategory(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveCategory(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
