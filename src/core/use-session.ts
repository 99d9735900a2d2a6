import { useSelector } from '@xstate/react';
import { sessionActor } from './session';

export function useSessionSnapshot() {
  return useSelector(sessionActor, (snapshot) => snapshot);
}

export function sendSession(event: Parameters<typeof sessionActor.send>[0]): void {
  sessionActor.send(event);
}
