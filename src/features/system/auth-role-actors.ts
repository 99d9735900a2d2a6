/** Calls of the permission settings page (权限设置): roles, a role's grants per app, saving them. */
import { api, ok } from '../../api/client';
import { formBody, formHeaders } from '../../api/form-body';
import type { components } from '../../../openapi/generated/api';

type Schemas = components['schemas'];
export type Role = Schemas['BaseRole'];
export type RoleAuth = Schemas['BaseRoleAuth'];
export type RoleAuthItem = Schemas['BaseRoleAuthItem'];
export type DeptNode = Schemas['OrgDeptNode'];

/** App types with permissions, in the order of the tabs (common.yaml AppType). */
export const authApps = [
  { appType: 1, name: '房源' },
  { appType: 2, name: '客源' },
  { appType: 3, name: '小区' },
  { appType: 5, name: '合同' },
  { appType: 6, name: '签约' },
  { appType: 21, name: '推广' },
  { appType: 88, name: '公司管理' },
  { appType: 999, name: '首页' },
] as const;
export type AuthAppType = (typeof authApps)[number]['appType'];

export const rangeNames: Record<number, string> = { 1: '本人', 2: '本部门', 3: '全公司', 4: '指定部门' };

export async function fetchRoles(): Promise<Role[]> {
  return (await ok(api.GET('/base/getRole'))).data ?? [];
}

export async function fetchRoleAuth(roleId: number, appType: AuthAppType): Promise<RoleAuth | null> {
  return (await ok(api.GET('/base/getRoleAuth', { params: { query: { roleId, appType } } }))).data ?? null;
}

export async function fetchDepartments(): Promise<DeptNode[]> {
  return (await ok(api.GET('/org/v2/deptTree', { params: { query: { type: 1 } } }))).data ?? [];
}

/** Saves every item of the app as shown (unlisted items keep their value on the server). */
export async function saveRoleAuth(
  roleId: number,
  appType: AuthAppType,
  items: RoleAuthItem[],
): Promise<void> {
  await ok(
    api.POST('/base/updateRoleAuth', {
      body: {
        roleId,
        appType,
        authData: items.map((item) => ({
          authId: item.authId,
          selected: item.selected,
          ...(item.rangeOptions.length > 0 && item.range !== null ? { range: item.range } : {}),
          ...(item.contentOptions.length > 0 ? { contents: item.contents } : {}),
          ...(item.range === 4 ? { selectDepartment: item.selectDepartment } : {}),
          // A limit left empty is no limit: null clears the one saved before.
          ...((item.countUnit ?? null) !== null || item.count !== null ? { count: item.count } : {}),
        })),
      },
    }),
  );
}

export async function addRole(roleName: string): Promise<number> {
  const result = await ok(
    api.POST('/base/roleAdd', { body: { roleName }, bodySerializer: formBody, headers: formHeaders }),
  );
  return result.data?.roleId ?? 0;
}

/** Renames a role (roleEdit); a name another role has is refused naming 角色名称. */
export async function renameRole(roleId: number, roleName: string): Promise<void> {
  await ok(
    api.POST('/base/roleEdit', {
      body: { roleId, roleName },
      bodySerializer: formBody,
      headers: formHeaders,
    }),
  );
}

export async function deleteRole(roleId: number): Promise<void> {
  await ok(api.POST('/base/roleDel', { body: { roleId }, bodySerializer: formBody, headers: formHeaders }));
}
