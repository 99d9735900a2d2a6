/**
 * 组织架构 (/views/manager/organizational/organizational-structure, 000 sections 2, 3 and 9): the
 * department tree on the left; on the right the chosen department's staff, the resigned, the
 * applications under 待处理的（n） and 我添加的（n）, and the invitation links. Someone without
 * 组织架构管理 (8801) sees the directory of their scope without the buttons that change it.
 */
import { useState } from 'react';
import { Box, Button, Callout, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { OrgAuth } from '../../../domain/auth-ids';
import type { PageProps } from '../../core/workspace';
import { useApplyCount } from '../../core/apply-count';
import { usePermissions } from '../../core/permissions';
import { useSessionSnapshot } from '../../core/use-session';
import { useResource } from '../../ui/use-resource';
import { DeptPanel } from './dept-panel';
import { StaffPanel } from './staff-panel';
import { ResignedPanel } from './resigned-panel';
import { MinePanel, PendingPanel } from './apply-panels';
import { InviteDialog, InvitesPanel } from './invite-panel';
import { OpenCitiesDialog } from './open-cities-dialog';
import { fetchAllStaff, fetchStaffChoices, type FlatDept } from './org-actors';

/** The departments whose name has the key, with the departments above them (the tree stays a tree). */
function filterDepts(depts: FlatDept[], key: string): FlatDept[] {
  const text = key.trim();
  if (!text) return depts;
  const keep = new Set<number>();
  for (const dept of depts) if (dept.deptName.includes(text)) for (const id of dept.path) keep.add(id);
  return depts.filter((dept) => keep.has(dept.deptId));
}

type Tab = 'staff' | 'resigned' | 'pending' | 'mine' | 'invites';

export default function OrgStructurePage({ params }: PageProps) {
  const permissions = usePermissions();
  const canManage = permissions.can(OrgAuth.appType, OrgAuth.itemId, OrgAuth.manage);
  const session = useSessionSnapshot();
  const selfId = session.context.user?.userId ?? 0;
  const choices = useResource(fetchStaffChoices);
  const staff = useResource(fetchAllStaff);
  const counts = useApplyCount();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>(params['tab'] === 'pending' ? 'pending' : 'staff');
  const [isInviting, setIsInviting] = useState(false);
  const [invitesVersion, setInvitesVersion] = useState(0);
  const [isEditingCities, setIsEditingCities] = useState(false);

  const depts = choices.data?.depts ?? [];
  const shown = filterDepts(depts, search);
  // The tree shows the departments above the user's scope too (where their own sits); only the ones
  // in scope open, and the first of those is chosen at first (a broker's own store, not the company).
  // A scope covers whole subtrees, so a department added under one since login is in it too.
  const canOpen = (dept: FlatDept) => dept.path.some((deptId) => permissions.canSeeDept(deptId));
  const selected =
    depts.find((dept) => dept.deptId === selectedId && canOpen(dept)) ?? depts.find(canOpen) ?? null;
  const reloadDirectory = () => {
    choices.reload();
    staff.reload();
  };

  if (choices.isFailed)
    return (
      <Callout.Root color="red" m="4" role="alert">
        <Callout.Text>
          {choices.error}{' '}
          <Button size="1" variant="soft" onClick={choices.retry}>
            重试
          </Button>
        </Callout.Text>
      </Callout.Root>
    );

  return (
    <Flex direction="column" gap="4" p="5" data-testid="org-structure-page">
      <Flex justify="between" align="end">
        <Box>
          <Heading size="6">组织架构</Heading>
          <Text size="2" color="gray">
            部门、员工、离职、邀请加入与加入申请
          </Text>
        </Box>
        <Button variant="soft" color="gray" onClick={() => setIsEditingCities(true)}>
          开通城市
        </Button>
      </Flex>
      <Flex gap="4" align="start">
        <DeptPanel
          depts={shown}
          selectedId={selected?.deptId ?? null}
          canOpen={canOpen}
          canManage={canManage}
          staff={staff.data ?? []}
          search={search}
          onSearch={setSearch}
          onSelect={(deptId) => {
            setSelectedId(deptId);
            if (tab !== 'staff' && tab !== 'resigned') setTab('staff');
          }}
          onChanged={(deptId) => {
            if (deptId !== null) setSelectedId(deptId);
            reloadDirectory();
          }}
        />
        <Box flexGrow="1" style={{ minWidth: 0 }}>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <Tabs.List>
              <Tabs.Trigger value="staff">在职员工</Tabs.Trigger>
              <Tabs.Trigger value="resigned">离职员工</Tabs.Trigger>
              <Tabs.Trigger value="pending">待处理的（{counts?.pendingCount ?? 0}）</Tabs.Trigger>
              <Tabs.Trigger value="mine">我添加的（{counts?.myApplyCount ?? 0}）</Tabs.Trigger>
              {canManage && <Tabs.Trigger value="invites">邀请链接</Tabs.Trigger>}
            </Tabs.List>
            <Tabs.Content value={tab}>
              <Box pt="3">
                {/* Until the scope is read, no department is chosen: a list of the wrong one would be refused. */}
                {!permissions.isLoaded && (tab === 'staff' || tab === 'resigned') && (
                  <Text color="gray">加载中...</Text>
                )}
                {permissions.isLoaded && tab === 'staff' && (
                  <StaffPanel
                    deptId={selected?.deptId ?? null}
                    deptName={selected?.deptName ?? ''}
                    canManage={canManage}
                    selfId={selfId}
                    choices={choices.data}
                    staff={staff.data ?? []}
                    onInvite={() => setIsInviting(true)}
                    onChanged={reloadDirectory}
                  />
                )}
                {permissions.isLoaded && tab === 'resigned' && (
                  <ResignedPanel
                    deptId={selected?.deptId ?? null}
                    canManage={canManage}
                    selfId={selfId}
                    choices={choices.data}
                    staff={staff.data ?? []}
                    onChanged={reloadDirectory}
                  />
                )}
                {tab === 'pending' && (
                  <PendingPanel canManage={canManage} choices={choices.data} onChanged={reloadDirectory} />
                )}
                {tab === 'mine' && <MinePanel />}
                {tab === 'invites' && <InvitesPanel key={invitesVersion} canManage={canManage} />}
              </Box>
            </Tabs.Content>
          </Tabs.Root>
        </Box>
      </Flex>
      {isInviting && choices.data && (
        <InviteDialog
          defaultDeptId={selected?.deptId ?? null}
          choices={choices.data}
          onClose={(created) => {
            setIsInviting(false);
            if (created) setInvitesVersion((version) => version + 1);
          }}
        />
      )}
      {isEditingCities && (
        <OpenCitiesDialog isManager={permissions.isManager} onClose={() => setIsEditingCities(false)} />
      )}
    </Flex>
  );
}
