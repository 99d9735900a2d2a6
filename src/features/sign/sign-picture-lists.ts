/**
 * The lists the contract pictures tab sends whole (signPictrueUpdateV2 replaces a category's
 * pictures, signPictrueCategoryUpdateV2 the company's categories): each edit is a new list built
 * from the one shown, so the request says exactly what the person sees after it.
 */

/** The category's pictures with one replaced in place (its position kept). */
export function replacePicture(urls: readonly string[], oldUrl: string, newUrl: string): string[] {
  if (urls.includes(newUrl)) return urls.filter((url) => url !== oldUrl);
  return urls.map((url) => (url === oldUrl ? newUrl : url));
}

export function removePicture(urls: readonly string[], url: string): string[] {
  return urls.filter((candidate) => candidate !== url);
}

/** A picture added at the end, once. */
export function addPicture(urls: readonly string[], url: string): string[] {
  return urls.includes(url) ? [...urls] : [...urls, url];
}

/** Moving a picture to another category: the target's list with it (saved first), the source's without it. */
export function movePicture(
  from: readonly string[],
  to: readonly string[],
  url: string,
): { from: string[]; to: string[] } {
  return { from: removePicture(from, url), to: addPicture(to, url) };
}

/** A category as edited in 管理分类: categoryId absent for a new one. */
export type CategoryDraft = { key: string; categoryId?: number; name: string };

/** What signPictrueCategoryUpdateV2 receives: names trimmed, sort by position. */
export function categoriesBody(drafts: readonly CategoryDraft[]) {
  return drafts.map((draft, sort) => ({
    ...(draft.categoryId === undefined ? {} : { categoryId: draft.categoryId }),
    name: draft.name.trim(),
    sort,
  }));
}

/** The first problem the server would refuse, in its words, or null. */
export function checkCategories(drafts: readonly CategoryDraft[]): string | null {
  if (drafts.length === 0) return '至少保留一个分类';
  const seen = new Set<string>();
  for (const [index, draft] of drafts.entries()) {
    const name = draft.name.trim();
    if (!name) return `第 ${index + 1} 个分类名称不能为空`;
    if (name.length > 20) return `第 ${index + 1} 个分类名称不能超过 20 个字`;
    if (seen.has(name)) return `分类名称不能重复：${name}`;
    seen.add(name);
  }
  return null;
}

/** The list with one entry moved one place up (-1) or down (1); unchanged at either end. */
export function moveCategory<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
