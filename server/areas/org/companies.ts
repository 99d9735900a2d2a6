/** A new company with what it needs on day one: the head-office department, built-in roles, its manager. */
import type { Db } from '../../db/db';
import { companies, departments, roleAuths, roles, users } from '../../db/schema';
import { builtinRoles, permissionCatalogue } from '../../../domain/permission-catalogue';
import { ensureCompanyTemplates } from '../template/seed-templates';

export type NewCompany = {
  name: string;
  manager: { userName: string; name: string; passwordHash: string | null };
};

export type CreatedCompany = {
  companyId: number;
  headOfficeId: number;
  managerId: number;
  roleIds: Record<(typeof builtinRoles)[number]['key'], number>;
};

export async function createCompany(db: Db, input: NewCompany): Promise<CreatedCompany> {
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: input.name }).returning({ id: companies.id });
    const companyId = company!.id;
    const [headOffice] = await tx
      .insert(departments)
      .values({ companyId, name: input.name, parentId: null })
      .returning({ id: departments.id });
    const roleIds = {} as CreatedCompany['roleIds'];
    for (const [sort, role] of builtinRoles.entries()) {
      const [row] = await tx
        .insert(roles)
        .values({ companyId, name: role.name, builtinKey: role.key, sort })
        .returning({ id: roles.id });
      roleIds[role.key] = row!.id;
      const granted = new Set<number>(role.grants);
      const entries = permissionCatalogue.filter((entry) => granted.has(entry.authId));
      if (entries.length > 0) {
        await tx.insert(roleAuths).values(
          entries.map((entry) => ({
            companyId,
            roleId: row!.id,
            appType: entry.appType,
            itemId: entry.itemId,
            authId: entry.authId,
            range: entry.hasRange ? role.range : null,
          })),
        );
      }
    }
    const [manager] = await tx
      .insert(users)
      .values({
        companyId,
        userName: input.manager.userName,
        name: input.manager.name,
        passwordHash: input.manager.passwordHash,
        isManager: true,
        deptId: headOffice!.id,
        scopeAllDepts: true,
      })
      .returning({ id: users.id });
    await ensureCompanyTemplates(tx, companyId);
    return { companyId, headOfficeId: headOffice!.id, managerId: manager!.id, roleIds };
  });
}
