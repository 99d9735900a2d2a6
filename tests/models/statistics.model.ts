/** The statistics page machine's model: payload samples for its events (vitest and coverage). */
import { statisticsMachine, type StatisticsContext } from '../../machines/statistics.machine';
import type { ModelSpec } from '../support/machine-model';

const view = (total: number) => ({ summary: { totals: { newSaleCount: total } }, rows: [], total });

export const statisticsModel: ModelSpec = {
  machine: statisticsMachine,
  // What the page reads: the page shown, whether figures are shown, the failure, the progress and the notice.
  serializeContext: (context) => {
    const c = context as StatisticsContext;
    return [c.page, c.view?.total ?? null, c.error, c.progress?.done ?? null, c.notice];
  },
  // In the browser, states by value and whether the search shown has rows (the export guard).
  browserSerializeContext: (context) => {
    const c = context as StatisticsContext;
    return [c.view === null ? null : c.view.total > 0];
  },
  events: {
    // A search with figures, and one with nothing (its export is refused: 没有可导出的数据).
    'xstate.done.actor.load': [
      { type: 'xstate.done.actor.load', output: view(23) },
      { type: 'xstate.done.actor.load', output: view(0) },
    ],
    'xstate.error.actor.load': [
      { type: 'xstate.error.actor.load', error: new Error('网络异常，请检查网络连接') },
    ],
    'filter.apply': [{ type: 'filter.apply', search: { type: 2, dateType: 4, deptIds: [2], userIds: [4] } }],
    'page.change': [{ type: 'page.change', page: 2 }],
    retry: [{ type: 'retry' }],
    'export.start': [{ type: 'export.start' }],
    'export.progress': [{ type: 'export.progress', done: 15, total: 23 }],
    'export.dismiss': [{ type: 'export.dismiss' }],
    'xstate.done.actor.exportTable': [{ type: 'xstate.done.actor.exportTable', output: null }],
    'xstate.error.actor.exportTable': [
      { type: 'xstate.error.actor.exportTable', error: new Error('导出失败：网络异常，请检查网络连接') },
    ],
  },
};
