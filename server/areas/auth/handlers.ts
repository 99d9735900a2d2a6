/** Handlers of the permission operations (openapi/paths/user.yaml, tag auth) and the main menu. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { loadVisibleDepartments } from '../org/department-scope';
import { loadAuthSnapshot } from './auth-snapshot';
import { filterMenu, mainMenuDefinitions, settingMenuDefinitions } from './menus';

export const authHandlers = {
  async appNavigation(_input, context) {
    const snapshot = await loadAuthSnapshot(context.db, requireSession(context));
    return { data: filterMenu(snapshot, mainMenuDefinitions) };
  },

  async settingMenu(_input, context) {
    const snapshot = await loadAuthSnapshot(context.db, requireSession(context));
    return { data: filterMenu(snapshot, settingMenuDefinitions) };
  },

  async roleAuth(_input, context) {
    const snapshot = await loadAuthSnapshot(context.db, requireSession(context));
    return { data: { isManager: snapshot.isManager ? 1 : 0, apps: snapshot.apps } };
  },

  async getAppUserOperateAuth({ body }, context) {
    const snapshot = await loadAuthSnapshot(context.db, requireSession(context));
    const auth = snapshot.apps[String(body.appType)]?.[String(body.appItemId)] ?? {};
    return { data: { isManager: snapshot.isManager ? 1 : 0, auth } };
  },

  async manageAccountAuthInfo(_input, context) {
    const visible = await loadVisibleDepartments(context.db, requireSession(context));
    return {
      data: {
        allDepts: visible.allDepts ? 1 : 0,
        auth: visible.hasManageScope ? 1 : 0,
        deptIds: [...visible.deptIds].sort((a, b) => a - b),
      },
    };
  },
} satisfies HandlerMap;
