/**
 * One resource of a screen (a record, the options of a form) on the resource machine: the screen
 * gives the loader; it gets the data, the error, whether it is loading, and reload / retry.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { inspect } from '../inspector/inspection-store';

export type Resource<T> = {
  data: T | null;
  error: string | null;
  isLoading: boolean;
  isFailed: boolean;
  reload: () => void;
  retry: () => void;
};

export function useResource<T>(load: () => Promise<T>): Resource<T> {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => load()) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  return {
    data: state.context.data as T | null,
    error: state.context.error,
    isLoading: state.matches('loading'),
    isFailed: state.matches('failed'),
    reload: () => send({ type: 'reload' }),
    retry: () => send({ type: 'retry' }),
  };
}
