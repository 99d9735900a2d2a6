/**
 * Handlers of the organisation directory, ranks (openapi/paths/org.yaml), and the role and
 * management-setting operations of base.yaml.
 */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import {
  addDepartment,
  deleteDepartment,
  editDepartment,
  listSubDepartments,
  readDepartmentDetail,
  readDepartmentTree,
} from './departments';
import {
  addStaff,
  editStaff,
  listResignedStaff,
  listStaff,
  readStaffDetail,
  reinstateStaff,
  resignStaff,
  previewResignation,
} from './staff';
import { addPosition, deletePosition, editPosition, listPositions } from './positions';
import {
  addRole,
  deleteRole,
  editRole,
  listRoleOptions,
  listRoles,
  readRoleAuth,
  updateRoleAuth,
} from './roles';
import { listMoreCities, listOpenCities, saveOpenCities } from './open-cities';
import {
  addRank,
  addRankGroup,
  deleteRank,
  deleteRankGroup,
  listRankGroups,
  listRanks,
  updateRank,
  updateRankGroup,
} from './ranks';
import { readManageSetting, saveManageSetting } from './manage-settings';
import {
  approveApply,
  cancelInvite,
  countApplies,
  createInvite,
  joinByInvite,
  listInvites,
  listMyApplies,
  listPendingApplies,
  readApplyStatus,
  readPublicInvite,
  rejectApply,
} from './applications';

export const orgHandlers = {
  async deptTree({ query }, context) {
    return { data: await readDepartmentTree(context.db, requireSession(context), query) };
  },
  async deptDetail({ query }, context) {
    return { data: await readDepartmentDetail(context.db, requireSession(context), query.deptId) };
  },
  async subDeptList({ query }, context) {
    return { data: await listSubDepartments(context.db, requireSession(context), query.deptId) };
  },
  async deptAdd({ body }, context) {
    return { data: await addDepartment(context.db, requireSession(context), body), message: '部门已添加' };
  },
  async deptEdit({ body }, context) {
    await editDepartment(context.db, requireSession(context), body);
    return { message: '部门已保存' };
  },
  async deptDel({ body }, context) {
    await deleteDepartment(context.db, requireSession(context), body.deptId);
    return { message: '部门已删除' };
  },

  async staffList({ query }, context) {
    return listStaff(context.db, requireSession(context), query);
  },
  async resignedStaffList({ query }, context) {
    return listResignedStaff(context.db, requireSession(context), query);
  },
  async staffDetail({ query }, context) {
    return { data: await readStaffDetail(context.db, requireSession(context), query.userId) };
  },
  async staffAdd({ body }, context) {
    return {
      data: await addStaff(context.db, context.clock, requireSession(context), body),
      message: '员工已添加',
    };
  },
  async staffEdit({ body }, context) {
    await editStaff(context.db, requireSession(context), body);
    return { message: '员工资料已保存' };
  },
  async staffResign({ body }, context) {
    await resignStaff(context.db, context.clock, requireSession(context), body, context.ip);
    return { message: '已办理离职' };
  },
  async staffResignPreview({ query }, context) {
    return { data: await previewResignation(context.db, requireSession(context), query) };
  },
  async staffReinstate({ body }, context) {
    await reinstateStaff(context.db, context.clock, requireSession(context), body);
    return { message: '已办理复职' };
  },

  async positionList(_input, context) {
    return { data: await listPositions(context.db, requireSession(context)) };
  },
  async positionAdd({ body }, context) {
    return { data: await addPosition(context.db, requireSession(context), body), message: '职位已添加' };
  },
  async positionEdit({ body }, context) {
    await editPosition(context.db, requireSession(context), body);
    return { message: '职位已保存' };
  },
  async positionDel({ body }, context) {
    await deletePosition(context.db, requireSession(context), body.positionId);
    return { message: '职位已删除' };
  },

  async inviteCreate({ body }, context) {
    return { data: await createInvite(context.db, context.clock, requireSession(context), body) };
  },
  async inviteList({ query }, context) {
    return listInvites(context.db, context.clock, requireSession(context), query);
  },
  async inviteCancel({ body }, context) {
    await cancelInvite(context.db, context.clock, requireSession(context), body.inviteId);
    return { message: '邀请已作废' };
  },
  async inviteDetail({ query }, context) {
    return { data: await readPublicInvite(context.db, context.clock, query.inviteCode) };
  },
  async inviteJoin({ body }, context) {
    const data = await joinByInvite(context.db, context.clock, body);
    return { data, message: data.state === 1 ? '申请已提交，请等待审核' : '已加入公司' };
  },
  async applyStatus({ query }, context) {
    return { data: await readApplyStatus(context.db, query) };
  },
  async applyCount(_input, context) {
    return { data: await countApplies(context.db, requireSession(context)) };
  },
  async pendingApplyList({ query }, context) {
    return listPendingApplies(context.db, requireSession(context), query);
  },
  async myApplyList({ query }, context) {
    return listMyApplies(context.db, requireSession(context), query);
  },
  async applyApprove({ body }, context) {
    return {
      data: await approveApply(context.db, context.clock, requireSession(context), body),
      message: '已通过申请',
    };
  },
  async applyReject({ body }, context) {
    await rejectApply(context.db, context.clock, requireSession(context), body);
    return { message: '已拒绝申请' };
  },

  async openCityList(_input, context) {
    return { data: await listOpenCities(context.db, requireSession(context)) };
  },
  async moreCityList({ query }, context) {
    return { data: await listMoreCities(context.db, requireSession(context), query.key) };
  },
  async openCitySave({ body }, context) {
    await saveOpenCities(context.db, requireSession(context), body);
    return { message: '开通城市已保存' };
  },

  async roleList(_input, context) {
    return { data: await listRoleOptions(context.db, requireSession(context)) };
  },
  async getRole(_input, context) {
    return { data: await listRoles(context.db, requireSession(context)) };
  },
  async getRoleAuth({ query }, context) {
    return { data: await readRoleAuth(context.db, requireSession(context), query.roleId, query.appType) };
  },
  async roleAdd({ body }, context) {
    return { data: await addRole(context.db, requireSession(context), body), message: '角色已添加' };
  },
  async roleEdit({ body }, context) {
    await editRole(context.db, requireSession(context), body);
    return { message: '角色已保存' };
  },
  async roleDel({ body }, context) {
    await deleteRole(context.db, requireSession(context), body.roleId);
    return { message: '角色已删除' };
  },
  async updateRoleAuth({ body }, context) {
    await updateRoleAuth(context.db, requireSession(context), body);
    return { message: '权限已保存' };
  },

  async rankGroupList(_input, context) {
    return { data: await listRankGroups(context.db, requireSession(context)) };
  },
  async addRankGroup({ body }, context) {
    return { data: await addRankGroup(context.db, requireSession(context), body), message: '职级序列已添加' };
  },
  async updateRankGroup({ body }, context) {
    await updateRankGroup(context.db, requireSession(context), body);
    return { message: '职级序列已保存' };
  },
  async deleteRankGroup({ query }, context) {
    await deleteRankGroup(context.db, requireSession(context), query.rankGroupId);
    return { message: '职级序列已删除' };
  },
  async rankList({ query }, context) {
    return { data: await listRanks(context.db, requireSession(context), query.rankGroupId) };
  },
  async addRank({ body }, context) {
    return { data: await addRank(context.db, requireSession(context), body), message: '职级已添加' };
  },
  async updateRank({ body }, context) {
    await updateRank(context.db, requireSession(context), body);
    return { message: '职级已保存' };
  },
  async deleteRank({ query }, context) {
    await deleteRank(context.db, requireSession(context), query.rankId);
    return { message: '职级已删除' };
  },

  async getManageSetting(_input, context) {
    return { data: await readManageSetting(context.db, requireSession(context).companyId) };
  },
  async manageSetting({ body }, context) {
    await saveManageSetting(context.db, context.clock, requireSession(context), body);
    return { message: '管理设置已保存' };
  },
} satisfies HandlerMap;
