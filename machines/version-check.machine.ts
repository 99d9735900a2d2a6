/**
 * The version check of the profile page (000 section 7): POST /apicom/AppVersions/getMyVersion with
 * this client's version; code 100 with data means an update exists, otherwise 已是最新版本!
 */
import { assign, fromPromise, setup } from 'xstate';

export type AvailableUpdate = {
  version: string;
  versionCode: number;
  description?: string;
  downloadUrl?: string;
};
export type VersionCheckContext = { update: AvailableUpdate | null; error: string | null };

export const upToDateMessage = '已是最新版本!';

export const versionCheckMachine = setup({
  types: { context: {} as VersionCheckContext, events: {} as { type: 'check' } | { type: 'dismiss' } },
  actors: {
    checkVersion: fromPromise<AvailableUpdate | null>(async () => {
      throw new Error('checkVersion is provided by the app');
    }),
  },
  guards: {
    hasUpdate: ({ event }) => (event as unknown as { output: AvailableUpdate | null }).output !== null,
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
    upToDate: { on: { check: 'checking', dismiss: 'idle' } },
    updateAvailable: { on: { check: 'checking', dismiss: 'idle' } },
    failed: { on: { check: 'checking', dismiss: 'idle' } },
  },
});
