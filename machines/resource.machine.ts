/**
 * One resource of a screen (a help page, a setting): loading, loaded, failed with retry, reload,
 * and saving a new value. The screen provides the `load` and `save` actors.
 */
import { assign, fromPromise, setup } from 'xstate';

export type ResourceContext = { data: unknown; error: string | null };
export type ResourceEvent = { type: 'reload' } | { type: 'retry' } | { type: 'save'; value: unknown };

export const resourceMachine = setup({
  types: { context: {} as ResourceContext, events: {} as ResourceEvent },
  actors: {
    load: fromPromise<unknown>(async () => {
      throw new Error('load is provided by the screen');
    }),
    save: fromPromise<unknown, { value: unknown }>(async () => {
      throw new Error('save is provided by the screen');
    }),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    loaded: { on: { reload: 'loading', save: 'saving' } },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => ({ value: (event as Extract<ResourceEvent, { type: 'save' }>).value }),
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'loaded',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
