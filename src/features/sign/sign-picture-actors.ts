/**
 * The calls of the contract pictures tab: a category's pictures saved whole (signPictrueUpdateV2),
 * a picture moved to another category (the target saved first, so it is never lost), and the
 * company's categories saved whole (signPictrueCategoryUpdateV2, 351).
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { SignPicture, SignPictureCategory } from './sign-actors';
import { categoriesBody, movePicture, type CategoryDraft } from './sign-picture-lists';

async function fetchPictures(contractId: number, categoryId: number): Promise<SignPicture[]> {
  return (
    (await ok(api.GET('/sign/getSignPictrueV2', { params: { query: { contractId, categoryId } } }))).data ??
    []
  );
}

async function putPictures(contractId: number, categoryId: number, pictures: string[]) {
  return (
    (await ok(api.POST('/sign/signPictrueUpdateV2', { body: { contractId, categoryId, pictures } }))).data ??
    []
  );
}

/** What the tab asks of one category: its new list, or one picture moved to another category. */
export type PictureChange =
  { kind: 'set'; pictures: string[] } | { kind: 'move'; url: string; toCategoryId: number };

/** Saves a change of one category and answers its pictures as the server now keeps them. */
export function savePictureChange(contractId: number, categoryId: number) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }) => {
    const change = input.value as PictureChange;
    if (change.kind === 'set') return putPictures(contractId, categoryId, change.pictures);
    const [from, to] = await Promise.all([
      fetchPictures(contractId, categoryId),
      fetchPictures(contractId, change.toCategoryId),
    ]);
    const moved = movePicture(
      from.map((p) => p.url),
      to.map((p) => p.url),
      change.url,
    );
    await putPictures(contractId, change.toCategoryId, moved.to);
    return putPictures(contractId, categoryId, moved.from);
  });
}

/** Saves the company's categories, then answers them with this contract's counts. */
export function saveCategoryList(contractId: number) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }): Promise<SignPictureCategory[]> => {
    const drafts = input.value as CategoryDraft[];
    await ok(api.POST('/sign/signPictrueCategoryUpdateV2', { body: { categories: categoriesBody(drafts) } }));
    return (
      (await ok(api.GET('/sign/getSignPictrueCategoryV2', { params: { query: { contractId } } }))).data ?? []
    );
  });
}
