/**
 * The company's estate basic settings (小区基础设置) as screens read them: the community archive
 * hides what the settings would refuse, the listing entry form asks for a dictionary community when
 * the company requires one. Null until loaded (or when the read failed: nothing guarded shows).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { api, ok } from '../api/client';
import { inspect } from '../inspector/inspection-store';
import type { EstateSetting } from '../../domain/estate-rules';

async function loadEstateSetting(): Promise<EstateSetting | null> {
  return (await ok(api.GET('/community/getEstateSetting'))).data ?? null;
}

export function useEstateSetting(): EstateSetting | null {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadEstateSetting) } }),
  );
  const [state] = useMachine(machine, { inspect });
  return state.context.data as EstateSetting | null;
}
