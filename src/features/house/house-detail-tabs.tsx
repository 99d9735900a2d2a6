/**
 * The lower half of the house detail: follow-ups by category (15 a page, deletable when the user
 * wrote them or holds 删除跟进, after 确定要删除该项吗？; the detail's shared FollowUpPanel), the team with 分配协作人 (within the role's
 * 限制维护人数量, the server's rule) / remove, the price
 * history chart and the estimate, the school district, the customers who viewed the listing
 * (showCustomers) and those whose requirement it fits best first (houseMatchCustomers, the shared
 * MatchTable), and the listing's record (AppRecords).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Card, Dialog, Flex, Grid, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { usePermissions } from '../../core/permissions';
import { CustomerAuth, HouseAuth, SignAuth } from '../../../domain/auth-ids';
import { DealContracts } from '../../shared/deal-contracts';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage, useReloadWhenChanged } from '../../ui/list-page/use-list-page';
import { FollowUpPanel } from '../../ui/follow-up-panel';
import { MatchTable } from '../../ui/match-table';
import { AppRecords } from '../../ui/app-records';
import { TeamRoles, isRemovableTeamRole, teamRoleNames } from '../../../domain/house-rules';
import { maintainerLimitRefusal } from '../../../domain/house-team-rules';
import {
  addTeamMember,
  deleteFollowUp,
  fetchEvaluate,
  fetchFollowUpCategories,
  fetchFollowUps,
  fetchPriceTrend,
  fetchSchools,
  fetchStaff,
  fetchMatchingCustomers,
  fetchShownCustomers,
  fetchTeam,
  housePageSize,
  removeTeamMember,
  type HouseMatchingCustomer,
  type HouseShownCustomer,
  type HouseEvaluate,
  type HouseFollowUp,
  type HousePricePoint,
  type HouseSchool,
  type HouseTeamMember,
} from './house-actors';
import { formatUnitPrice } from './house-format';

/** ECharts loads only when the price tab is opened. */
const LineChart = lazy(() => import('../../ui/line-chart').then((module) => ({ default: module.LineChart })));

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function FollowUps({
  houseId,
  houseType,
  version,
}: {
  houseId: number;
  houseType: number;
  version: unknown;
}) {
  return (
    <FollowUpPanel<HouseFollowUp>
      categories={() => fetchFollowUpCategories(houseId)}
      load={(category, page) => fetchFollowUps(houseId, category, page)}
      pageSize={housePageSize}
      version={version}
      deleteQuestion="确定要删除该项吗？"
      // 7 is the system's own follow-up (written by a listing change), never deleted by hand.
      canDelete={(row) => row.deletable === 1 && row.category !== 7}
      remove={(row) => deleteFollowUp(houseId, houseType, row.followId)}
      testId="house-follow-ups"
      rowTestId="follow-up"
    />
  );
}

function Team({ houseId, version, onChanged }: { houseId: number; version: unknown; onChanged: () => void }) {
  const permissions = usePermissions();
  const [team, setTeam] = useState<HouseTeamMember[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isAssigning, setIsAssigning] = useState(false);
  const [role, setRole] = useState('2');
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<{ userId: number; name: string; deptName: string | null }[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    void fetchTeam(houseId)
      .then(setTeam)
      .catch((error: unknown) => setNotice(errorText(error)));
  }, [houseId, version, reloads]);
  useEffect(() => {
    if (!isAssigning) return;
    const timer = setTimeout(
      () =>
        void fetchStaff(keyword.trim())
          .then(setPeople)
          .catch(() => setPeople([])),
      250,
    );
    return () => clearTimeout(timer);
  }, [isAssigning, keyword]);
  const changed = (text: string) => {
    setNotice(text);
    setReloads((n) => n + 1);
    onChanged();
  };
  const canAssign = permissions.can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.assignTeam);
  const canRemove = permissions.can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.removeTeam);
  const maintainerLimit = permissions.countOf(HouseAuth.appType, HouseAuth.itemId, HouseAuth.maintainerLimit);
  const maintainerCount = new Set(
    team.filter((member) => member.role === TeamRoles.maintainer).map((member) => member.userId),
  ).size;
  const maintainerRefusal = maintainerLimitRefusal({ maintainerCount, limit: maintainerLimit });
  const isMaintainerChosen = Number(role) === TeamRoles.maintainer;
  // Who already holds the chosen role on this listing is not offered (the server would refuse them).
  const holders = new Set(
    team.filter((member) => member.role === Number(role)).map((member) => member.userId),
  );
  const candidates = people.filter((person) => !holders.has(person.userId));
  // Said rather than silently left out: a search that finds only them would otherwise look empty.
  const heldBy = people.filter((person) => holders.has(person.userId)).map((person) => person.name);
  const chosenCandidate = chosen !== null && !holders.has(chosen) ? chosen : null;
  const openAssign = (isOpen: boolean) => {
    setAssignError(null);
    setIsAssigning(isOpen);
  };
  return (
    <Flex direction="column" gap="3">
      {notice && <Text role="status">{notice}</Text>}
      <Grid columns="3" gap="2">
        {team.map((member) => (
          <Card key={member.teamId} data-testid="team-member">
            <Flex justify="between" align="center">
              <Flex direction="column">
                <Text size="2" weight="medium">
                  {member.name}
                </Text>
                <Text size="1" color="gray">
                  {member.roleName} · {member.deptName ?? '—'}
                </Text>
              </Flex>
              {canRemove && isRemovableTeamRole(member.role) && (
                <Button
                  size="1"
                  variant="ghost"
                  color="red"
                  onClick={() =>
                    void removeTeamMember(houseId, member.teamId)
                      .then(() => changed('协作人已移除'))
                      .catch((error: unknown) => setNotice(errorText(error)))
                  }
                >
                  移除
                </Button>
              )}
            </Flex>
          </Card>
        ))}
      </Grid>
      {canAssign && (
        <Flex>
          <Button variant="soft" onClick={() => openAssign(true)}>
            分配协作人
          </Button>
        </Flex>
      )}
      <Dialog.Root open={isAssigning} onOpenChange={openAssign}>
        <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
          <Dialog.Title>分配协作人</Dialog.Title>
          <Flex direction="column" gap="3">
            <Select.Root
              value={role}
              onValueChange={(value) => {
                setRole(value);
                setAssignError(null);
              }}
            >
              <Select.Trigger aria-label="协作角色" />
              <Select.Content>
                {[2, 3, 4, 5, 6, 7].map((code) => (
                  <Select.Item
                    key={code}
                    value={String(code)}
                    disabled={code === TeamRoles.maintainer && maintainerRefusal !== null}
                  >
                    {teamRoleNames[code]}
                    {code === TeamRoles.maintainer && maintainerRefusal !== null ? '（已达上限）' : ''}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {maintainerLimit !== null && (
              <Text size="2" color="gray" data-testid="maintainer-limit">
                限制维护人数量：每套房源最多 {maintainerLimit} 人（含归属人），当前 {maintainerCount} 人
              </Text>
            )}
            {maintainerRefusal !== null && (
              <Text size="2" color="red" role="alert">
                {maintainerRefusal}，不能再分配维护人
              </Text>
            )}
            <TextField.Root
              aria-label="分配范围"
              placeholder="输入姓名或电话搜索同事"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
            />
            <Flex gap="1" wrap="wrap">
              {candidates.map((person) => (
                <Button
                  key={person.userId}
                  size="1"
                  variant={chosenCandidate === person.userId ? 'solid' : 'soft'}
                  onClick={() => setChosen(person.userId)}
                >
                  {person.name}
                  {person.deptName ? `（${person.deptName}）` : ''}
                </Button>
              ))}
            </Flex>
            {heldBy.length > 0 && (
              <Text size="2" color="gray" data-testid="already-holding">
                {heldBy.join('、')} 已是该房源的{teamRoleNames[Number(role)]}
              </Text>
            )}
            {assignError && (
              <Text size="2" color="red" role="alert">
                {assignError}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" onClick={() => openAssign(false)}>
                取消
              </Button>
              <Button
                disabled={chosenCandidate === null || (isMaintainerChosen && maintainerRefusal !== null)}
                onClick={() => {
                  setAssignError(null);
                  // The dialog stays open on a refusal, with the server's message in it.
                  void addTeamMember(houseId, Number(role), chosenCandidate!)
                    .then(() => {
                      setIsAssigning(false);
                      changed('协作人已分配');
                    })
                    .catch((error: unknown) => {
                      setAssignError(errorText(error));
                      setReloads((n) => n + 1);
                    });
                }}
              >
                确定
              </Button>
            </Flex>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}

function PriceAndValue({ houseId, isSale }: { houseId: number; isSale: boolean }) {
  const [trend, setTrend] = useState<HousePricePoint[]>([]);
  const [estimate, setEstimate] = useState<HouseEvaluate | string | null>(null);
  useEffect(() => {
    void fetchPriceTrend(houseId)
      .then(setTrend)
      .catch(() => setTrend([]));
    if (isSale)
      void fetchEvaluate(houseId)
        .then(setEstimate)
        .catch((error: unknown) => setEstimate(errorText(error)));
  }, [houseId, isSale]);
  return (
    <Flex direction="column" gap="3">
      <Suspense fallback={<Text color="gray">图表加载中…</Text>}>
        <LineChart
          ariaLabel="小区挂牌均价走势"
          labels={trend.map((point) => point.month)}
          unit="元/㎡"
          series={[
            { name: '小区均价', values: trend.map((point) => point.avgUnitPrice ?? null) },
            { name: '区县均价', values: trend.map((point) => point.districtAvgUnitPrice ?? null) },
          ]}
        />
      </Suspense>
      {isSale && (
        <Card>
          {typeof estimate === 'string' ? (
            <Text color="gray">{estimate}</Text>
          ) : estimate ? (
            <Flex gap="5" data-testid="house-estimate">
              <Text>
                估价 <Text weight="bold">{estimate.evaluatePrice} 万</Text>（{estimate.lowPrice} -{' '}
                {estimate.highPrice} 万）
              </Text>
              <Text>估价单价 {formatUnitPrice(estimate.evaluateUnitPrice)}</Text>
              <Text>小区挂牌均价 {formatUnitPrice(estimate.communityAvgUnitPrice)}</Text>
            </Flex>
          ) : (
            <Text color="gray">估价计算中…</Text>
          )}
        </Card>
      )}
    </Flex>
  );
}

function Schools({ houseId }: { houseId: number }) {
  const [schools, setSchools] = useState<HouseSchool[]>([]);
  useEffect(
    () =>
      void fetchSchools(houseId)
        .then(setSchools)
        .catch(() => setSchools([])),
    [houseId],
  );
  const kinds: Record<number, string> = { 1: '幼儿园', 2: '小学', 3: '初中', 4: '高中', 5: '九年一贯制' };
  if (schools.length === 0) return <Text color="gray">暂无学校信息</Text>;
  return (
    <Grid columns="2" gap="2">
      {schools.map((school) => (
        <Card key={school.schoolId}>
          <Flex gap="2" align="center">
            <Text weight="medium">{school.schoolName}</Text>
            {school.isDivision === 1 && <Badge color="green">划片</Badge>}
          </Flex>
          <Text size="1" color="gray">
            {kinds[school.schoolType]} · {school.nature ?? '—'} · 约 {school.distance} 米
          </Text>
        </Card>
      ))}
    </Grid>
  );
}

const shownColumns: Column<HouseShownCustomer>[] = [
  {
    key: 'customer',
    header: '客户',
    isRowHeader: true,
    cell: (row) => (
      <Flex direction="column">
        <Text size="2" weight="medium">
          {row.customerName}
        </Text>
        <Text size="1" color="gray">
          {row.customerNo ?? '—'} · {row.phone ?? '—'}
        </Text>
      </Flex>
    ),
  },
  { key: 'time', header: '最近带看', cell: (row) => row.visitTime },
  { key: 'count', header: '带看次数', cell: (row) => `${row.visitCount ?? 1} 次` },
  { key: 'broker', header: '带看经纪人', cell: (row) => row.userName ?? '—' },
  { key: 'feedback', header: '反馈', cell: (row) => row.feedback ?? '—' },
];

function ShownCustomers({ houseId, version }: { houseId: number; version: unknown }) {
  const list = useListPage({
    load: (_query: Record<string, never>, page, pageSize) => fetchShownCustomers(houseId, page, pageSize),
    query: {},
    pageSize: housePageSize,
  });
  useReloadWhenChanged(list.reload, version);
  return (
    <ListTable
      list={list}
      columns={shownColumns}
      rowKey={(row) => row.customerId}
      emptyText="暂无带看客户"
      testId="house-shown-customers"
      size="1"
    />
  );
}

const matchingColumns: Column<HouseMatchingCustomer>[] = [
  {
    key: 'customer',
    header: '客户',
    isRowHeader: true,
    cell: (row) => (
      <Flex direction="column">
        <Text size="2" weight="medium">
          {row.name}
        </Text>
        <Text size="1" color="gray">
          {row.customerNo} · {row.phone ?? '—'}
        </Text>
      </Flex>
    ),
  },
  { key: 'demand', header: '需求', cell: (row) => row.demandSummary ?? '—' },
];

const matchingAfter: Column<HouseMatchingCustomer>[] = [
  { key: 'holder', header: '维护人', cell: (row) => row.userName ?? '公客' },
  { key: 'followUp', header: '最近跟进', cell: (row) => row.followUpTime?.slice(0, 10) ?? '—' },
];

function MatchingCustomers({ houseId, version }: { houseId: number; version: unknown }) {
  return (
    <MatchTable<HouseMatchingCustomer>
      load={(page, pageSize) => fetchMatchingCustomers(houseId, page, pageSize)}
      pageSize={housePageSize}
      version={version}
      hint="需求与本房源相符的有效客户，按区域、价格、面积、户型、物业类型的符合程度排序（满分 100）"
      columns={matchingColumns}
      after={matchingAfter}
      rowKey={(row) => row.customerId}
      emptyText="暂无需求相符的客户"
      testId="house-matching-customers"
      rowTestId="house-matching-customer"
    />
  );
}

export function HouseDetailTabs({
  houseId,
  houseType,
  version,
  onChanged,
}: {
  houseId: number;
  houseType: number;
  /** Bumped when the page changed the listing, so the tabs read again. */
  version: unknown;
  onChanged: () => void;
}) {
  const permissions = usePermissions();
  const seesCustomers = permissions.can(CustomerAuth.appType, CustomerAuth.itemId, CustomerAuth.view);
  const seesContracts = permissions.can(SignAuth.appType, SignAuth.itemId, SignAuth.view);
  return (
    <Tabs.Root defaultValue="followUps">
      <Tabs.List>
        <Tabs.Trigger value="followUps">跟进</Tabs.Trigger>
        <Tabs.Trigger value="team">协作人</Tabs.Trigger>
        <Tabs.Trigger value="price">{houseType === 1 ? '价格走势与估价' : '价格走势'}</Tabs.Trigger>
        <Tabs.Trigger value="schools">学区</Tabs.Trigger>
        <Tabs.Trigger value="shownCustomers">带看客户</Tabs.Trigger>
        {seesCustomers && <Tabs.Trigger value="matchingCustomers">匹配客户</Tabs.Trigger>}
        {seesContracts && <Tabs.Trigger value="contracts">签约合同</Tabs.Trigger>}
        <Tabs.Trigger value="records">操作记录</Tabs.Trigger>
      </Tabs.List>
      <Flex pt="3" direction="column">
        <Tabs.Content value="followUps">
          <FollowUps houseId={houseId} houseType={houseType} version={version} />
        </Tabs.Content>
        <Tabs.Content value="team">
          <Team houseId={houseId} version={version} onChanged={onChanged} />
        </Tabs.Content>
        <Tabs.Content value="price">
          <PriceAndValue houseId={houseId} isSale={houseType === 1} />
        </Tabs.Content>
        <Tabs.Content value="schools">
          <Schools houseId={houseId} />
        </Tabs.Content>
        <Tabs.Content value="shownCustomers">
          <ShownCustomers houseId={houseId} version={version} />
        </Tabs.Content>
        {seesCustomers && (
          <Tabs.Content value="matchingCustomers">
            <MatchingCustomers houseId={houseId} version={version} />
          </Tabs.Content>
        )}
        {seesContracts && (
          <Tabs.Content value="contracts">
            <DealContracts owner={{ houseId }} />
          </Tabs.Content>
        )}
        <Tabs.Content value="records">
          <AppRecords appType={1} itemId={houseId} version={version} testId="house-records" />
        </Tabs.Content>
      </Flex>
    </Tabs.Root>
  );
}
