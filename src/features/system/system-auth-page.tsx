/**
 * 系统权限 (/views/system/index): what the signed-in user may do — the manager flag (every
 * permission), or per application the permissions the role grants with their scope, and the
 * departments the management account sees. Read from the one client permission model.
 */
import { Badge, Box, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { permissionCatalogue } from '../../../domain/permission-catalogue';
import { usePermissions } from '../../core/permissions';
import { useSessionSnapshot } from '../../core/use-session';
import type { PageProps } from '../../core/workspace';
import { useResource } from '../../ui/use-resource';
import { authApps, fetchDepartments, rangeNames, type DeptNode } from './auth-role-actors';

function names(nodes: DeptNode[]): { deptId: number; deptName: string }[] {
  return nodes.flatMap((node) => [node.dept, ...names(node.children)]);
}

export default function SystemAuthPage(_props: PageProps) {
  const permissions = usePermissions();
  const user = useSessionSnapshot().context.user;
  const departments = useResource(fetchDepartments);
  const scope = permissions.deptScope;
  const scoped =
    scope && !scope.allDepts
      ? names(departments.data ?? []).filter((d) => scope.deptIds.includes(d.deptId))
      : [];
  if (!permissions.isLoaded) return <Text m="4">加载中...</Text>;
  return (
    <Flex direction="column" gap="4" p="5" data-testid="system-auth-page">
      <Box>
        <Heading size="6">系统权限</Heading>
        <Text size="2" color="gray">
          {user?.name} 在 {user?.companyName} 的权限
        </Text>
      </Box>
      {permissions.isManager ? (
        <Callout.Root color="green">
          <Callout.Text>您是管理员，拥有全部权限。</Callout.Text>
        </Callout.Root>
      ) : (
        <Callout.Root color="gray">
          <Callout.Text>权限由您的角色决定；没有的权限请联系管理员在「权限设置」中开通。</Callout.Text>
        </Callout.Root>
      )}
      <Card size="2" data-testid="dept-scope">
        <Heading size="3" mb="2">
          管理范围
        </Heading>
        <Text size="2">
          {scope?.allDepts
            ? '全部部门'
            : scoped.length > 0
              ? scoped.map((dept) => dept.deptName).join('、')
              : '仅本人所在部门'}
        </Text>
      </Card>
      {authApps
        .filter((app) => permissionCatalogue.some((entry) => entry.appType === app.appType))
        .map((app) => {
          const entries = permissionCatalogue.filter((entry) => entry.appType === app.appType);
          return (
            <Card key={app.appType} size="2">
              <Heading size="3" mb="2">
                {app.name}
              </Heading>
              <Table.Root size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>权限</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell width="120px">状态</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell width="120px">范围</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entries.map((entry) => {
                    const held = permissions.can(entry.appType, entry.itemId, entry.authId);
                    const range = entry.hasRange
                      ? permissions.rangeOf(entry.appType, entry.itemId, entry.authId)
                      : null;
                    return (
                      <Table.Row key={entry.authId} data-testid="auth-row" data-held={held ? '1' : '0'}>
                        <Table.RowHeaderCell style={{ paddingLeft: entry.parentAuthId ? 24 : undefined }}>
                          {entry.name}
                        </Table.RowHeaderCell>
                        <Table.Cell>
                          <Badge color={held ? 'green' : 'gray'}>{held ? '已开通' : '未开通'}</Badge>
                        </Table.Cell>
                        <Table.Cell>{range ? rangeNames[range] : '—'}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Card>
          );
        })}
    </Flex>
  );
}
