/** The version-check machine's model: payload samples for its events (vitest and coverage). */
import {
  versionCheckMachine,
  type AvailableUpdate,
  type VersionCheckContext,
} from '../../machines/version-check.machine';
import type { ModelSpec } from '../support/machine-model';

const update = (isForced: boolean): AvailableUpdate => ({
  version: isForced ? '5.2.0' : '5.1.0',
  versionCode: isForced ? 520 : 510,
  description: '合同打印修复\n签署速度提升',
  downloadUrl: '/',
  isForced,
});

export const versionCheckModel: ModelSpec = {
  machine: versionCheckMachine,
  serializeContext: (context) => {
    const c = context as VersionCheckContext;
    return [c.update?.versionCode ?? null, c.error];
  },
  events: {
    check: [{ type: 'check' }],
    dismiss: [{ type: 'dismiss' }],
    'xstate.done.actor.checkVersion': [
      { type: 'xstate.done.actor.checkVersion', output: null },
      { type: 'xstate.done.actor.checkVersion', output: update(false) },
      { type: 'xstate.done.actor.checkVersion', output: update(true) },
    ],
    'xstate.error.actor.checkVersion': [
      { type: 'xstate.error.actor.checkVersion', error: new Error('网络异常，请检查网络连接') },
    ],
  },
};
