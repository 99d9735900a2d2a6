/**
 * Handlers of the template operations (openapi/paths/template.yaml). Managing templates needs
 * 模板管理 (6/0/356); the list of groups, the recommended templates and the field list are for
 * everyone who starts contracts (the field list only for templates in the user's range).
 */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import {
  addGroup,
  deleteGroup,
  deleteTemplate,
  findTemplate,
  listGroups,
  listManagedTemplates,
  recommendTemplates,
  renameGroup,
  requireUsableTemplate,
  setShelfState,
} from './templates';
import {
  readCustomizeSettings,
  readOtherSettings,
  readTemplateSettings,
  saveCustomizeSettings,
  saveOtherSettings,
  saveTemplateRange,
  saveTemplateSettings,
} from './template-settings';

export const templateHandlers = {
  async templateManagementPosts({ query }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    return listManagedTemplates(context.db, session.companyId, query);
  },
  async templatesRecommend({ query }, context) {
    return recommendTemplates(context.db, requireSession(context), context.clock.now(), query);
  },
  async templateUpAndDown({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await setShelfState(context.db, session.companyId, body.boxId, body.state);
    return { message: body.state === 1 ? '模板已上架' : '模板已下架' };
  },
  async templateDelete({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await deleteTemplate(context.db, session.companyId, body.boxId);
    return { message: '模板已删除' };
  },
  async templateGroupPosts(_input, context) {
    return listGroups(context.db, requireSession(context).companyId);
  },
  async templateGroupAdd({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    return { data: await addGroup(context.db, session.companyId, body.groupName), message: '分组已添加' };
  },
  async templateGroupEdit({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await renameGroup(context.db, session.companyId, body.groupId, body.groupName);
    return { message: '分组已保存' };
  },
  async templateGroupDel({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await deleteGroup(context.db, session.companyId, body.groupId);
    return { message: '分组已删除' };
  },
  async templateFieldList({ query }, context) {
    const session = requireSession(context);
    const template = await requireUsableTemplate(context.db, session, query.boxId);
    return { data: template.fields, total: template.fields.length };
  },
  async getTemplateSettings({ query }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    return { data: await readTemplateSettings(context.db, session, query.boxId, context.clock.now()) };
  },
  async templateSettings({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await saveTemplateSettings(context.db, session.companyId, body);
    return { message: '模板设置已保存' };
  },
  async getTemplateCustomizeSettings({ query }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    return { data: await readCustomizeSettings(context.db, session.companyId, query.boxId) };
  },
  async templateCustomizeSettings({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await saveCustomizeSettings(context.db, session.companyId, body);
    return { message: '字段设置已保存' };
  },
  async getTemplateOtherSettings({ query }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    return { data: await readOtherSettings(context.db, session.companyId, query.boxId) };
  },
  async templateOtherSettings({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await saveOtherSettings(context.db, session.companyId, body);
    return { message: '其他设置已保存' };
  },
  async templateRangeSetting({ body }, context) {
    const session = requireSession(context);
    await requireSignAuth(context.db, session, SignAuth.templates);
    await findTemplate(context.db, session.companyId, body.boxId);
    await saveTemplateRange(context.db, session.companyId, body);
    return { message: '使用范围已保存' };
  },
} satisfies HandlerMap;
