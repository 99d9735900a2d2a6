/**
 * What the management settings ask of a login (管理设置): a non-manager logs in only inside the
 * login time window, and with 单设备登录 a new login ends the account's other sessions.
 */
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { beijingWeekdayAndTime } from '../../format';
import { revokeUserSessions } from '../user/sessions';
import { isLoginAllowedAt, loginWindowMessage } from '../../../domain/manage-settings';
import { readManageSetting } from './manage-settings';

type LoginUser = { id: number; companyId: number; isManager: boolean };

/** Refuses (405, naming the allowed window) a non-manager outside the window; returns what to do after. */
export async function checkLoginPolicy(db: Db, clock: Clock, user: LoginUser) {
  const setting = await readManageSetting(db, user.companyId);
  if (!user.isManager) {
    const { weekday, time } = beijingWeekdayAndTime(clock.now());
    if (!isLoginAllowedAt(setting.loginTimeLimit, weekday, time))
      throw businessError(loginWindowMessage(setting.loginTimeLimit));
  }
  return {
    /** Call before issuing the new session. */
    endOtherSessions: async () => {
      if (setting.singleDeviceLogin === 1) await revokeUserSessions(db, clock, user.id);
    },
  };
}
