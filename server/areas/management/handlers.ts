/** Handlers of the management centre (openapi/paths/management.yaml) implemented so far: the login record. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { listLoginRecords } from './login-records';

export const managementHandlers = {
  async loginRecord({ body }, context) {
    return listLoginRecords(context.db, requireSession(context), context.clock.now(), body);
  },
} satisfies HandlerMap;
