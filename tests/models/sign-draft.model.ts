/** The sign-draft machine's model: payload samples for its events (the same for vitest and coverage). */
import { hasHouseInfo, signDraftMachine, type SignDraftContext } from '../../machines/sign-draft.machine';
import type { ModelSpec } from '../support/machine-model';

const withHouse = { houseInfo: { houseName: '阳光花园' }, property: { houseName: '阳光花园' } };
const withoutHouse = { houseInfo: {}, property: { address: '幸福路 1 号' } };

export const signDraftModel: ModelSpec = {
  machine: signDraftMachine,
  serializeContext: (context) => {
    const c = context as SignDraftContext;
    return { isDirty: c.isDirty, draftCode: c.draftCode !== null, savable: hasHouseInfo(c.content) };
  },
  // The browser needs only what the guards read: whether a change came in during the save, and
  // whether the form holds a house (what a resumed autosave saves).
  browserSerializeContext: (context) => {
    const c = context as SignDraftContext;
    return { isDirty: c.isDirty, savable: hasHouseInfo(c.content) };
  },
  events: {
    'draft.change': [
      { type: 'draft.change', boxid: 1, content: withHouse },
      { type: 'draft.change', boxid: 1, content: withoutHouse },
    ],
    'draft.stop': [{ type: 'draft.stop' }],
    'draft.resume': [{ type: 'draft.resume' }],
    'xstate.done.actor.saveDraft': [
      { type: 'xstate.done.actor.saveDraft', output: { draftCode: 'D20261123093000123' } },
    ],
    'xstate.error.actor.saveDraft': [
      {
        type: 'xstate.error.actor.saveDraft',
        error: new Error('请至少填写楼盘名称、楼栋号或房号后再保存草稿'),
      },
    ],
  },
};
