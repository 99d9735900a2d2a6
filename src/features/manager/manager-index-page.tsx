/**
 * 管理中心 (/views/manager/index): the entry to the company's management — the account seats and
 * sign credits at a glance, the applications waiting (待处理的), and one card per built management
 * screen the user may open (the same permissions as the menu; 日志记录 and the statistics are reached
 * from the menu), and for a manager the latest sign records, 3 a page (001 section 9).
 */
import { Badge, Box, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { OrgAuth, SignAuth } from '../../../domain/auth-ids';
import { api, ok } from '../../api/client';
import { useApplyCount } from '../../core/apply-count';
import { usePermissions, type Permissions } from '../../core/permissions';
import { useSessionSnapshot } from '../../core/use-session';
import { useWorkspace, type PageProps } from '../../core/workspace';
import { useResource } from '../../ui/use-resource';
import { SignRecords } from './log-page';

type Entry = {
  appType: number;
  appId: number;
  name: string;
  path: string;
  description: string;
  isAllowed: (permissions: Permissions) => boolean;
  badge?: 'pending';
};

const org = (authId: number) => (permissions: Permissions) =>
  permissions.can(OrgAuth.appType, OrgAuth.itemId, authId);

export const managerEntries: Entry[] = [
  {
    appType: 88,
    appId: 3,
    name: '组织架构',
    path: '/views/manager/organizational/organizational-structure',
    description: '部门、员工、离职、邀请加入与加入申请',
    isAllowed: org(OrgAuth.manage),
    badge: 'pending',
  },
  {
    appType: 88,
    appId: 4,
    name: '职位设置',
    path: '/views/manager/job/job-set',
    description: '职位、职级序列与职级',
    isAllowed: org(OrgAuth.manage),
  },
  {
    appType: 88,
    appId: 11,
    name: '角色与权限设置',
    path: '/views/system/fp-auth-role',
    description: '角色与各应用的权限、范围和上限',
    isAllowed: org(OrgAuth.roles),
  },
  {
    appType: 88,
    appId: 12,
    name: '审批设置',
    path: '/views/office/oa/oa-setting',
    description: '审批分组、审批流程与启用',
    isAllowed: org(OrgAuth.approvals),
  },
  {
    appType: 88,
    appId: 13,
    name: '管理设置',
    path: '/views/system/setting/fp-manager-setting',
    description: '加入审核、登录安全与页面水印',
    isAllowed: org(OrgAuth.settings),
  },
  {
    appType: 6,
    appId: 5,
    name: '印章管理',
    path: '/views/manager/seal',
    description: '公司印章与免验证授权',
    isAllowed: (permissions) => permissions.can(SignAuth.appType, SignAuth.itemId, 357),
  },
  {
    appType: 88,
    appId: 2,
    name: '充值中心',
    path: '/views/recharge/index',
    description: '套餐、账号席位、签约份数与优惠券',
    isAllowed: org(OrgAuth.recharge),
  },
  {
    appType: 999,
    appId: 2,
    name: '系统设置',
    path: '/views/system/layout',
    description: '房源、小区、客源簿、合同与签约的基础设置',
    isAllowed: () => true,
  },
];

async function fetchAccount() {
  return (await ok(api.GET('/account/query/queryAccountCount'))).data ?? null;
}

export default function ManagerIndexPage(_props: PageProps) {
  const permissions = usePermissions();
  const session = useSessionSnapshot();
  const { openPage } = useWorkspace();
  const account = useResource(fetchAccount);
  const counts = useApplyCount(permissions.can(OrgAuth.appType, OrgAuth.itemId, OrgAuth.manage));
  const entries = managerEntries.filter((entry) => entry.isAllowed(permissions));
  const summary = account.data;

  return (
    <Flex direction="column" gap="4" p="5" data-testid="manager-index-page">
      <Box>
        <Heading size="6">管理中心</Heading>
        <Text size="2" color="gray">
          {session.context.user?.companyName}
        </Text>
      </Box>
      {summary && (
        <Card size="2" data-testid="account-summary">
          <Flex gap="6" wrap="wrap" align="center">
            <Box>
              <Text as="div" size="1" color="gray">
                当前套餐
              </Text>
              <Text size="4" weight="bold">
                {summary.productName ?? '未开通'}
              </Text>
            </Box>
            <Box>
              <Text as="div" size="1" color="gray">
                账号席位（已用 / 全部）
              </Text>
              <Text size="4" weight="bold">
                {summary.usedCount} / {summary.accountCount}
              </Text>
            </Box>
            <Box>
              <Text as="div" size="1" color="gray">
                签约份数
              </Text>
              <Text size="4" weight="bold">
                {summary.signCount} 份
              </Text>
            </Box>
            <Box>
              <Text as="div" size="1" color="gray">
                到期日期
              </Text>
              <Text size="4" weight="bold">
                {summary.expirationDate ?? '—'}
              </Text>
            </Box>
          </Flex>
        </Card>
      )}
      {!permissions.isLoaded ? (
        <Text color="gray">加载中...</Text>
      ) : (
        <Grid columns={{ initial: '2', md: '3', lg: '4' }} gap="3">
          {entries.map((entry) => (
            <Card key={entry.path} size="2" data-testid="manager-entry">
              <Flex direction="column" gap="2" height="100%">
                <Flex justify="between" align="center">
                  <Heading size="3">{entry.name}</Heading>
                  {entry.badge === 'pending' && (counts?.pendingCount ?? 0) > 0 && (
                    <Badge color="red" aria-label="待处理的申请">
                      {counts!.pendingCount > 99 ? '99+' : counts!.pendingCount}
                    </Badge>
                  )}
                </Flex>
                <Text size="2" color="gray" style={{ flexGrow: 1 }}>
                  {entry.description}
                </Text>
                <Flex>
                  <Button
                    size="1"
                    variant="soft"
                    onClick={() =>
                      openPage({
                        appType: entry.appType,
                        appId: entry.appId,
                        name: entry.name,
                        path: entry.path,
                      })
                    }
                  >
                    进入
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Grid>
      )}
      {session.context.user?.isManager === 1 && (
        <Card>
          <Heading size="3" mb="2">
            签约记录
          </Heading>
          <SignRecords pageSize={3} hasFilters={false} />
        </Card>
      )}
    </Flex>
  );
}
