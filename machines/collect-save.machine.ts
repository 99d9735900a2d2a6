/**
 * Saving a collected market listing (云采集 → 保存, /gather/save): the listing becomes a private
 * listing of the user after the same duplicate check as hand entry. A duplicate is not an error to
 * read and forget: it opens the duplicate dialog with the server's message, 去查看 (the existing
 * listing) or 取消, as the entry form does (001 section 8). Any other refusal is a notice.
 */
import { assign, fromPromise, setup } from 'xstate';

export type CollectSaveResult = { gatherId: number; houseId: number; houseNo: string };
export type DuplicateListing = { message: string; houseId: number; houseType: 1 | 2 };

export type CollectSaveEvent =
  | { type: 'gather.save'; gatherId: number; houseType: 1 | 2 }
  | { type: 'duplicate.view' }
  | { type: 'duplicate.dismiss' }
  | { type: 'notice.dismiss' };

export type CollectSaveContext = {
  gatherId: number | null;
  houseType: 1 | 2;
  notice: { kind: 'error' | 'success'; text: string } | null;
  duplicate: DuplicateListing | null;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The existing listing a duplicate refusal names (code 405 with data.houseId), if it is one. */
export function duplicateHouseId(error: unknown): number | null {
  const data = (error as { data?: { duplicate?: number; houseId?: number } } | null)?.data;
  return data?.duplicate === 1 && typeof data.houseId === 'number' ? data.houseId : null;
}

export const collectSaveMachine = setup({
  types: { context: {} as CollectSaveContext, events: {} as CollectSaveEvent },
  actors: {
    saveGathered: fromPromise<CollectSaveResult, { gatherId: number }>(async () => {
      throw new Error('saveGathered is provided by the app');
    }),
  },
  actions: {
    /** The list marks the listing 已转入 (the screen reloads it). */
    listingSaved: () => {},
    /** Opens the existing listing's detail (the screen's tab). */
    openListing: (_, _params: { houseId: number; houseType: 1 | 2 }) => {},
  },
  guards: {
    isDuplicate: ({ event }) => duplicateHouseId((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'collectSave',
  context: { gatherId: null, houseType: 1, notice: null, duplicate: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'gather.save': {
          target: 'saving',
          actions: assign({
            gatherId: ({ event }) => event.gatherId,
            houseType: ({ event }) => event.houseType,
            notice: null,
          }),
        },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveGathered',
        src: 'saveGathered',
        input: ({ context }) => ({ gatherId: context.gatherId ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              notice: ({ event }) => ({
                kind: 'success' as const,
                text: `已转入本公司房源（私盘），房源编号 ${event.output.houseNo}`,
              }),
            }),
            'listingSaved',
          ],
        },
        onError: [
          {
            guard: 'isDuplicate',
            target: 'duplicate',
            actions: assign({
              duplicate: ({ event, context }) => ({
                message: errorText(event.error),
                houseId: duplicateHouseId(event.error) ?? 0,
                houseType: context.houseType,
              }),
            }),
          },
          {
            target: 'idle',
            actions: assign({
              notice: ({ event }) => ({ kind: 'error' as const, text: errorText(event.error) }),
            }),
          },
        ],
      },
    },
    duplicate: {
      on: {
        'duplicate.view': {
          target: 'idle',
          actions: [
            {
              type: 'openListing',
              params: ({ context }) => ({
                houseId: context.duplicate?.houseId ?? 0,
                houseType: context.duplicate?.houseType ?? 1,
              }),
            },
            assign({ duplicate: null }),
          ],
        },
        'duplicate.dismiss': { target: 'idle', actions: assign({ duplicate: null }) },
      },
    },
  },
});
