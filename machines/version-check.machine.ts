/**
 * The version check (000 section 7): POST /apicom/AppVersions/getMyVersion with this client's
 * version; code 100 with data means an update exists, otherwise 已是最新版本! The shell checks once
 * after login and the profile page on request. An update the server marks forceUpdate blocks the
 * app until it is taken (final state forcedUpdate: no event leaves it); an optional one can be
 * dismissed, and the shell remembers the dismissed version (the seed's "last version").
 */
import { assign, fromPromise, setup } from 'xstate';

export type AvailableUpdate = {
  version: string;
  versionCode: number;
  description: string;
  downloadUrl: string;
  /** The server's forceUpdate 1: the app cannot be used until updated. */
  isForced: boolean;
};
export type VersionCheckContext = { update: AvailableUpdate | null; error: string | null };

export const upToDateMessage = '已是最新版本!';
export const forcedUpdateMessage = '当前版本已停止使用，请更新后继续使用';

type DoneOutput = { output: AvailableUpdate | null };

export const versionCheckMachine = setup({
  types: { context: {} as VersionCheckContext, events: {} as { type: 'check' } | { type: 'dismiss' } },
  actors: {
    checkVersion: fromPromise<AvailableUpdate | null>(async () => {
      throw new Error('checkVersion is provided by the app');
    }),
  },
  guards: {
    isForcedUpdate: ({ event }) => (event as unknown as DoneOutput).output?.isForced === true,
    hasUpdate: ({ event }) => (event as unknown as DoneOutput).output !== null,
  },
}).createMachine({
  id: 'versionCheck',
  context: { update: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { check: 'checking' } },
    checking: {
      invoke: {
        id: 'checkVersion',
        src: 'checkVersion',
        onDone: [
          {
            guard: 'isForcedUpdate',
            target: 'forcedUpdate',
            actions: assign({ update: ({ event }) => event.output, error: null }),
          },
          {
            guard: 'hasUpdate',
            target: 'updateAvailable',
            actions: assign({ update: ({ event }) => event.output, error: null }),
          },
          { target: 'upToDate', actions: assign({ update: null, error: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    upToDate: { on: { check: 'checking' } },
    updateAvailable: { on: { check: 'checking', dismiss: 'idle' } },
    /** Taking the update leaves the app (the download link); nothing else does. */
    forcedUpdate: { type: 'final' },
    failed: { on: { check: 'checking' } },
  },
});
