/** What the wizard's steps share: the machine's send, and how a party is named. */
import type { useMachine } from '@xstate/react';
import type { QuickActor } from '../../../machines/quick-file-sign-context';
import type { createQuickSignMachine } from './quick-sign-actors';

export function actorLabel(actor: QuickActor): string {
  return actor.actorType === 2 ? `${actor.cropName ?? ''}（经办人 ${actor.name || '未填写'}）` : actor.name;
}

export type Send = ReturnType<typeof useMachine<ReturnType<typeof createQuickSignMachine>>>[1];
