/** Every implemented operation, by operationId. The rest answer 501 未实现 (see npm run contract:status). */
import type { HandlerMap } from './contract/types';
import { userHandlers } from './areas/user/handlers';
import { sandboxHandlers } from './areas/sandbox/handlers';
import { authHandlers } from './areas/auth/handlers';
import { regionHandlers } from './areas/regions/handlers';
import { orgHandlers } from './areas/org/handlers';
import { rechargeHandlers } from './areas/recharge/handlers';
import { systemHandlers } from './areas/system/handlers';
import { oaHandlers } from './areas/oa/handlers';
import { contractLedgerHandlers } from './areas/contract-ledger/handlers';
import { contractSettingHandlers } from './areas/contract-settings/handlers';
import { signHandlers } from './areas/sign/handlers';
import { signExtraHandlers } from './areas/sign/extra-handlers';
import { signMaterialHandlers } from './areas/sign/material-handlers';
import { templateHandlers } from './areas/template/handlers';
import { signingHandlers } from './areas/signing/handlers';
import { messageHandlers } from './areas/messages/handlers';
import { fileSignHandlers } from './areas/file-sign/handlers';
import { communityHandlers } from './areas/community/handlers';
import { managementHandlers } from './areas/management/handlers';
import { housingHandlers } from './areas/housing/handlers';
import { customerHandlers } from './areas/customer/handlers';
import { promotionHandlers } from './areas/promotion/handlers';
import { verifyHandlers } from './areas/verify/handlers';

export const handlers: HandlerMap = {
  ...userHandlers,
  ...sandboxHandlers,
  ...authHandlers,
  ...regionHandlers,
  ...orgHandlers,
  ...rechargeHandlers,
  ...systemHandlers,
  ...oaHandlers,
  ...contractLedgerHandlers,
  ...contractSettingHandlers,
  ...signHandlers,
  ...signExtraHandlers,
  ...signMaterialHandlers,
  ...templateHandlers,
  ...signingHandlers,
  ...messageHandlers,
  ...fileSignHandlers,
  ...communityHandlers,
  ...managementHandlers,
  ...housingHandlers,
  ...customerHandlers,
  ...promotionHandlers,
  ...verifyHandlers,
};
