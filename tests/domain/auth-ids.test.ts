import { describe, expect, it } from 'vitest';
import {
  CommunityAuth,
  ContractAuth,
  CustomerAuth,
  HouseAuth,
  OrgAuth,
  SignAuth,
} from '../../domain/auth-ids';
import { permissionCatalogue } from '../../domain/permission-catalogue';

const nameIn = (appType: number, authId: number) => {
  const found = permissionCatalogue.find((e) => e.authId === authId);
  return found?.appType === appType && found.itemId === 0 ? found.name : undefined;
};

describe('the permission ids the screens ask and the server enforces', () => {
  it('name catalogue grants of their own app', () => {
    expect(nameIn(CommunityAuth.appType, CommunityAuth.view)).toBe('查看小区档案');
    expect(nameIn(CommunityAuth.appType, CommunityAuth.edit)).toBe('编辑小区档案');
    expect(
      [
        ContractAuth.view,
        ContractAuth.addSale,
        ContractAuth.addRent,
        ContractAuth.changeState,
        ContractAuth.remove,
      ].map((id) => nameIn(ContractAuth.appType, id)),
    ).toEqual(['查看合同', '新增买卖合同', '新增租赁合同', '变更合同状态', '删除合同']);
    expect(
      [
        SignAuth.settings,
        SignAuth.start,
        SignAuth.view,
        SignAuth.invalid,
        SignAuth.remove,
        SignAuth.templates,
      ].map((id) => nameIn(SignAuth.appType, id)),
    ).toEqual(['签约设置', '发起签约', '查看签约', '作废与撤销作废', '删除签约', '模板管理']);
    expect(
      [
        CustomerAuth.add,
        CustomerAuth.view,
        CustomerAuth.edit,
        CustomerAuth.remove,
        CustomerAuth.assign,
        CustomerAuth.pools,
      ].map((id) => nameIn(CustomerAuth.appType, id)),
    ).toEqual(['新增客源', '查看客源', '编辑客源', '删除客源', '分配客源', '转公客、拣入私客']);
    expect(
      [
        OrgAuth.manage,
        OrgAuth.roles,
        OrgAuth.approvals,
        OrgAuth.recharge,
        OrgAuth.statistics,
        OrgAuth.logs,
        OrgAuth.settings,
      ].map((id) => nameIn(OrgAuth.appType, id)),
    ).toEqual(['组织架构管理', '角色与权限设置', '审批设置', '充值中心', '数据统计', '日志记录', '基础设置']);
  });

  it('cover every listing grant of the catalogue, each by its name', () => {
    const { appType, itemId, ...ids } = HouseAuth;
    expect(itemId).toBe(0);
    const named = Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, nameIn(appType, id)]));
    expect(named).toEqual({
      add: '新增房源',
      view: '查看房源',
      viewLocked: '查看锁定房源',
      viewOthersKeyInfo: '查看他人私盘关键信息',
      edit: '编辑房源',
      editOthersPublic: '编辑他人公盘信息',
      remove: '删除房源',
      removeFollowUp: '删除跟进',
      recycleBin: '回收站管理',
      editPrivate: '编辑私盘房源',
      othersToPublic: '手动将他人私盘转公盘',
      operate: '封盘、锁盘、置顶',
      assignTeam: '分配协作人',
      removeTeam: '移除协作人',
      publicLimit: '公盘上限',
      privateLimit: '私盘上限',
      newBuildingNo: '新增楼栋、单元号',
      dailyViewLimit: '每日查看上限',
      viewSellStates: '仅可查看所选出售状态',
      editSellStates: '仅可修改所选出售状态',
      viewRentStates: '仅可查看所选出租状态',
      editRentStates: '仅可修改所选出租状态',
      editSurveyorMaterial: '实勘人全部资料编辑、删除',
      viewSoleAgentUploads: '查看独家人上传资料',
      maintainerLimit: '限制维护人数量',
    });
    expect(permissionCatalogue.filter((e) => e.appType === 1)).toHaveLength(Object.keys(ids).length);
  });
});
