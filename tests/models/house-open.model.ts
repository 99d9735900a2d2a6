/** The house-open machine's model: payload samples for its events (vitest, Playwright and coverage). */
import { houseOpenMachine, type HouseDetail, type HouseOpenContext } from '../../machines/house-open.machine';
import type { ModelSpec } from '../support/machine-model';

export const houseDetailSample = {
  requestData: {
    houseId: 11,
    houseNo: 'CS2026112400011',
    type: 1,
    communityName: '天健世纪花园',
    area: 98.5,
    price: 688,
    room: 3,
    hall: 2,
    bath: 1,
    houseState: 1,
    attribution: 2,
    ownerPhone: '139****5678',
  },
  attributeLabel: { siPan: 1, isLock: 0, isTop: 0, isSeal: 0, isKey: 0, isSoleAgency: 0, hasVr: 0 },
  attributor: null,
  teamInfo: [],
  pictures: [],
  vr: null,
} as unknown as HouseDetail;

const failure = (code: number, message: string) => Object.assign(new Error(message), { code });

export const houseOpenModel: ModelSpec = {
  machine: houseOpenMachine,
  serializeContext: (context) => {
    const c = context as HouseOpenContext;
    return [c.detail ? 1 : 0, c.notice?.kind ?? null];
  },
  browserSerializeContext: (context) => ((context as HouseOpenContext).detail ? 1 : 0),
  events: {
    'xstate.done.actor.loadHouse': [{ type: 'xstate.done.actor.loadHouse', output: houseDetailSample }],
    'xstate.error.actor.loadHouse': [
      {
        type: 'xstate.error.actor.loadHouse',
        error: failure(4001001, '您查看过该房源的关键信息后尚未写跟进，请先写跟进'),
      },
      { type: 'xstate.error.actor.loadHouse', error: failure(404, '房源不存在或已被删除') },
    ],
    reveal: [{ type: 'reveal', protectionType: 1 }],
    'xstate.done.actor.revealInfo': [
      { type: 'xstate.done.actor.revealInfo', output: { houseId: 11, type: 1, ownerPhone: '13912345678' } },
    ],
    'xstate.error.actor.revealInfo': [
      {
        type: 'xstate.error.actor.revealInfo',
        error: failure(405, '今日查看关键信息的次数已达上限（1 次），请明天再查看'),
      },
    ],
    'followUp.save': [
      { type: 'followUp.save', value: { houseId: 11, category: 2, content: '电话联系业主，确认周六可看房' } },
    ],
    'xstate.done.actor.saveFollowUp': [{ type: 'xstate.done.actor.saveFollowUp', output: { followId: 1 } }],
    'xstate.error.actor.saveFollowUp': [
      { type: 'xstate.error.actor.saveFollowUp', error: failure(405, '请输入跟进内容（content）') },
    ],
  },
};
