/** Handlers of 合同基础设置 (openapi/paths/contract-settings.yaml). */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { nextContractNumber, readContractSetting, saveContractSetting } from './settings';

export const contractSettingHandlers = {
  async getContractSetting(_input, context) {
    const session = requireSession(context);
    return { data: await readContractSetting(context.db, session.companyId) };
  },
  async contractSetting({ body }, context) {
    await saveContractSetting(context.db, context.clock, requireSession(context), body);
    return { message: '保存成功' };
  },
  async contractNoSuggest({ query }, context) {
    const session = requireSession(context);
    const contractNo = await nextContractNumber(
      context.db,
      session.companyId,
      query.contractType,
      query.signDate,
    );
    return { data: { contractNo } };
  },
} satisfies HandlerMap;
