/** The sign-seal-choice machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  signSealChoiceMachine,
  type SealChoiceContext,
  type SelectableBody,
} from '../../machines/sign-seal-choice.machine';
import type { ModelSpec } from '../support/machine-model';

const seal = (sealId: number, sealType: 1 | 2 | 3, sealTitle: string, corpName: string) => ({
  sealId,
  sealTitle,
  sealUrl: `/files/seal-${sealId}.png`,
  sealType,
  etcomid: `E${sealId}`,
  corpName,
  source: 1 as const,
  createTime: '2026-11-25 10:00:00',
});

/** Two verified bodies: the default one with a contract and a finance seal, a second with a contract seal. */
export const sealBodies: SelectableBody[] = [
  {
    signBodyId: 1,
    corpName: '签约房产经纪有限公司',
    isDefault: 1,
    seals: [
      seal(11, 2, '合同专用章', '签约房产经纪有限公司'),
      seal(12, 3, '财务专用章', '签约房产经纪有限公司'),
    ],
  },
  {
    signBodyId: 2,
    corpName: '签约房产第二分公司',
    isDefault: 0,
    seals: [seal(21, 2, '合同专用章', '签约房产第二分公司')],
  },
];

export const signSealChoiceModel: ModelSpec = {
  machine: signSealChoiceMachine,
  serializeContext: (context) => {
    const c = context as SealChoiceContext;
    return [c.choice?.signBodyId ?? null, c.choice?.sealId ?? null, c.error === null ? 0 : 1];
  },
  browserSerializeContext: () => 0,
  events: {
    'xstate.done.actor.loadBodies': [
      { type: 'xstate.done.actor.loadBodies', output: sealBodies },
      { type: 'xstate.done.actor.loadBodies', output: [] },
    ],
    'xstate.error.actor.loadBodies': [
      { type: 'xstate.error.actor.loadBodies', error: new Error('网络异常，请稍后重试') },
    ],
    'body.pick': [{ type: 'body.pick', signBodyId: 2 }],
    'seal.pick': [{ type: 'seal.pick', sealId: 12 }],
  },
};
