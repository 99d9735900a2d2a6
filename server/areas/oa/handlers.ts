/** Handlers of the approvals (openapi/paths/oa.yaml); services take the database so tests can call them directly. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { createGroup, deleteGroup, editGroup, listGroups, requireOaSettings, sortGroups } from './groups';
import {
  createDefinition,
  deleteDefinition,
  editDefinition,
  listDefinitionsByGroup,
  listOaApps,
  listOaItems,
  readDefinition,
  switchDefinition,
} from './definitions';
import {
  readAppFlow,
  readFileSignSetting,
  readSignFlow,
  readSignSetting,
  saveFileSignSetting,
  saveSignSetting,
} from './flows';
import { decideApproval, listApprovals, readApproval, revokeApproval } from './instances';

export const oaHandlers = {
  async groupList(_input, context) {
    const session = requireSession(context);
    await requireOaSettings(context.db, session);
    return { data: await listGroups(context.db, session) };
  },
  async groupCreate({ body }, context) {
    return {
      data: await createGroup(context.db, requireSession(context), body.groupName),
      message: '分组已添加',
    };
  },
  async groupEdit({ body }, context) {
    await editGroup(context.db, requireSession(context), body);
    return { message: '分组已保存' };
  },
  async groupSort({ body }, context) {
    await sortGroups(context.db, requireSession(context), body.groupIds);
    return { message: '排序已保存' };
  },
  async groupDel({ query }, context) {
    await deleteGroup(context.db, requireSession(context), query.groupId);
    return { message: '分组已删除' };
  },

  async oaApps(_input, context) {
    await requireOaSettings(context.db, requireSession(context));
    return { data: listOaApps() };
  },
  async oaItems({ body }, context) {
    return { data: await listOaItems(context.db, requireSession(context), body.appType) };
  },
  async oaApprovalList({ query }, context) {
    return { data: await listDefinitionsByGroup(context.db, requireSession(context), query.appType) };
  },
  async oaApprovalDetail({ query }, context) {
    return { data: await readDefinition(context.db, requireSession(context), query.oaApprovalId) };
  },
  async oaApprovalCreate({ body }, context) {
    return {
      data: await createDefinition(context.db, context.clock, requireSession(context), body),
      message: '审批已添加',
    };
  },
  async oaApprovalEdit({ body }, context) {
    return {
      data: await editDefinition(context.db, context.clock, requireSession(context), body),
      message: '审批已保存',
    };
  },
  async oaApprovalDel({ query }, context) {
    await deleteDefinition(context.db, requireSession(context), query.oaApprovalId);
    return { message: '审批已删除' };
  },
  async oaApprovalEnableSwitch({ body }, context) {
    await switchDefinition(context.db, context.clock, requireSession(context), body);
    return { message: body.state === 1 ? '审批已启用' : '审批已停用' };
  },

  async getAppSignOaApproval({ query }, context) {
    return { data: await readSignFlow(context.db, requireSession(context), query) };
  },
  async getAppOaApproval({ query }, context) {
    return { data: await readAppFlow(context.db, requireSession(context), query) };
  },
  async oaApprovalSignDetail({ query }, context) {
    return { data: await readSignSetting(context.db, requireSession(context), query.boxId) };
  },
  async oaApprovalSignUpdate({ body }, context) {
    return {
      data: await saveSignSetting(context.db, context.clock, requireSession(context), body),
      message: '审批设置已保存',
    };
  },
  async oaApprovalFileSignDetail(_input, context) {
    return { data: await readFileSignSetting(context.db, requireSession(context)) };
  },
  async oaApprovalFileSignUpdate({ body }, context) {
    return {
      data: await saveFileSignSetting(context.db, context.clock, requireSession(context), body),
      message: '审批设置已保存',
    };
  },

  async companyOaApprovalList({ query }, context) {
    return listApprovals(context.db, requireSession(context), query);
  },
  async companyOaApprovalDetail({ query }, context) {
    return { data: await readApproval(context.db, requireSession(context), query.approvalId) };
  },
  async approvalBtn({ body }, context) {
    const data = await decideApproval(context.db, context.clock, requireSession(context), body, context);
    return { data, message: body.result === 'approve' ? '已通过' : '已拒绝' };
  },
  async approvalRevoke({ body }, context) {
    await revokeApproval(context.db, context.clock, requireSession(context), body.approvalId, context);
    return { message: '审批已撤回' };
  },
} satisfies HandlerMap;
