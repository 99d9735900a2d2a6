/**
 * 房源基础设置 (/views/system/setting/fp-house-setting, 001 sections 2 and 3): publishing types, the
 * de-duplication standard, the key-information protection pop-up (one row per field: 查看需写跟进 or
 * 无; 取消 / 确定 reports the changed list), days before a private listing turns public, the custom
 * status names A/B/C/D, and team collaboration by sell and rent tab. Saved whole (housingSetting).
 * Below it the listing form's own fields (house-widget-fields.tsx), saved on their own.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  Switch,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { CheckList } from '../../ui/check-list';
import { PageLoadFailed } from '../../ui/load-state';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import type { PageProps } from '../../core/workspace';
import { SettingsSaveBar, useSettingsDraft } from '../../ui/use-settings-draft';
import { useResource } from '../../ui/use-resource';
import { loadSystemInfo, serviceLine } from '../../shared/system-info';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import { HouseCategories } from './house-categories';
import { HouseWidgetFields } from './house-widget-fields';
import { protectionTypeNames, publishingTypeNames, repeatedFieldNames } from '../../../domain/house-rules';

type HousingSetting = components['schemas']['HousingSetting'];

async function fetchHousingSetting(): Promise<HousingSetting | null> {
  return (await ok(api.GET('/housing/v2/getHousingSetting'))).data ?? null;
}

async function saveHousingSetting(setting: HousingSetting): Promise<HousingSetting | null> {
  await ok(api.POST('/housing/v2/housingSetting', { body: setting }));
  return fetchHousingSetting();
}

/** A titled choice of codes by their names; the codes checked are kept in ascending order. */
function CodeChecks({
  title,
  names,
  checked,
  onChange,
}: {
  title: string;
  names: Record<number, string>;
  checked: number[];
  onChange: (codes: number[]) => void;
}) {
  return (
    <Flex direction="column" gap="2">
      <Text weight="medium">{title}</Text>
      <CheckList
        label={title}
        gap="4"
        options={Object.entries(names).map(([code, name]) => ({ value: Number(code), label: name }))}
        checked={checked}
        onChange={(codes) => onChange([...codes].sort((a, b) => a - b))}
      />
    </Flex>
  );
}

/**
 * 开通 of the virtual-number (隐号通话) block. The seed names no call for it: the numbers are a
 * service the platform opens for a company, so the dialog says how to get it (the company's
 * administrator asks the service, whose phone and hours come from systemInfo when the server gives
 * them) rather than pretending to switch something on.
 */
function VirtualNumberDialog({ onClose }: { onClose: () => void }) {
  const info = useResource(loadSystemInfo);
  const service = info.data ? serviceLine(info.data) : '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>开通隐号通话</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          隐号通话需由平台为贵公司单独开通号码资源，暂不支持在线开通。
        </Dialog.Description>
        <Flex direction="column" gap="2" data-testid="virtual-number-howto">
          <Text size="2">
            {service ? `请由公司管理员联系客服开通：${service}` : '请由公司管理员联系平台客服开通。'}
          </Text>
          <Text size="2" color="gray">
            开通后，保护方式为「查看需写跟进」的字段将以虚拟号码拨打，真实号码不外泄。
          </Text>
        </Flex>
        <Flex justify="end" mt="4">
          <Button onClick={onClose}>知道了</Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ProtectionDialog({
  setting,
  onConfirm,
  onCancel,
}: {
  setting: HousingSetting;
  onConfirm: (rows: HousingSetting['InfoProtection'], changed: string[]) => void;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState(setting.InfoProtection);
  const [isActivating, setIsActivating] = useState(false);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>关键信息保护</Dialog.Title>
        <Flex direction="column" gap="3">
          {rows.map((row) => (
            <Flex key={row.type} justify="between" align="center">
              <Text>{protectionTypeNames[row.type]}</Text>
              <Select.Root
                value={String(row.selected)}
                onValueChange={(value) =>
                  setRows(
                    rows.map((r) => (r.type === row.type ? { ...r, selected: Number(value) as 0 | 1 } : r)),
                  )
                }
              >
                <Select.Trigger aria-label={`${protectionTypeNames[row.type]}保护方式`} />
                <Select.Content>
                  <Select.Item value="1">查看需写跟进</Select.Item>
                  <Select.Item value="0">无</Select.Item>
                </Select.Content>
              </Select.Root>
            </Flex>
          ))}
          <Callout.Root color="blue">
            <Flex justify="between" align="center" gap="3">
              <Callout.Text>开通隐号通话后，业主电话以虚拟号码拨打，真实号码不外泄。</Callout.Text>
              <Button size="1" onClick={() => setIsActivating(true)}>
                开通
              </Button>
            </Flex>
          </Callout.Root>
          {isActivating && <VirtualNumberDialog onClose={() => setIsActivating(false)} />}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={onCancel}>
              取消
            </Button>
            <Button
              onClick={() =>
                onConfirm(
                  rows,
                  rows
                    .filter((row, index) => row.selected !== setting.InfoProtection[index]?.selected)
                    .map((row) => protectionTypeNames[row.type]!),
                )
              }
            >
              确定
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function TeamSettings({
  team,
  onChange,
  isSell,
}: {
  team: HousingSetting['sellTeam'] | HousingSetting['rentTeam'];
  onChange: (team: HousingSetting['sellTeam']) => void;
  isSell: boolean;
}) {
  const maintainer = team.teamMaintainer;
  const setMaintainer = (patch: Partial<typeof maintainer>) =>
    onChange({ ...(team as HousingSetting['sellTeam']), teamMaintainer: { ...maintainer, ...patch } });
  const number = (label: string, field: 'followUpDays' | 'followUpCount' | 'callDays' | 'callCount') => (
    <Flex gap="1" align="center">
      <TextField.Root
        aria-label={label}
        value={String(maintainer[field])}
        onChange={(e) => setMaintainer({ [field]: Number(e.target.value.replace(/\D/g, '') || 0) })}
        style={{ width: 60 }}
      />
    </Flex>
  );
  return (
    <Flex direction="column" gap="3">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={maintainer.selected === 1}
            onCheckedChange={(on) => setMaintainer({ selected: on ? 1 : 0 })}
            aria-label="维护人规则"
          />
          维护人规则
        </Flex>
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2">维护人</Text>
        {number('跟进考核天数', 'followUpDays')}
        <Text size="2">天内跟进少于</Text>
        {number('最少跟进次数', 'followUpCount')}
        <Text size="2">次，或</Text>
        {number('拨打考核天数', 'callDays')}
        <Text size="2">天内拨打业主电话少于</Text>
        {number('最少拨打次数', 'callCount')}
        <Text size="2">次时，</Text>
        <Select.Root
          value={String(maintainer.houseOutType)}
          onValueChange={(value) => setMaintainer({ houseOutType: Number(value) as 1 })}
        >
          <Select.Trigger aria-label="掉维护处理方式" />
          <Select.Content>
            <Select.Item value="1">移除维护人并转为公盘</Select.Item>
            <Select.Item value="2">转交所在门店店长</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>
      {(['teamClient', 'teamKey'] as const).map((field) => (
        <Text key={field} as="label" size="2">
          <Flex gap="2" align="center">
            <Switch
              checked={team[field].selected === 1}
              onCheckedChange={(on) =>
                onChange({ ...(team as HousingSetting['sellTeam']), [field]: { selected: on ? 1 : 0 } })
              }
            />
            {field === 'teamClient' ? '启用委托人' : '启用钥匙人'}
          </Flex>
        </Text>
      ))}
      <Text size="2" weight="medium">
        实勘图要求
      </Text>
      <Flex gap="3" wrap="wrap">
        {team.teamSurveyor.pictureSettings.map((picture, index) => (
          <Flex key={picture.type} gap="1" align="center">
            <Checkbox
              checked={picture.selected === 1}
              aria-label={`要求${picture.title}`}
              onCheckedChange={(on) => {
                const pictureSettings = team.teamSurveyor.pictureSettings.map((p, i) =>
                  i === index ? { ...p, selected: on === true ? (1 as const) : (0 as const) } : p,
                );
                onChange({ ...(team as HousingSetting['sellTeam']), teamSurveyor: { pictureSettings } });
              }}
            />
            <Text size="2">{picture.title}至少</Text>
            <TextField.Root
              aria-label={`${picture.title}张数`}
              value={String(picture.count)}
              style={{ width: 48 }}
              onChange={(e) => {
                const pictureSettings = team.teamSurveyor.pictureSettings.map((p, i) =>
                  i === index ? { ...p, count: Number(e.target.value.replace(/\D/g, '') || 0) } : p,
                );
                onChange({ ...(team as HousingSetting['sellTeam']), teamSurveyor: { pictureSettings } });
              }}
            />
            <Text size="2">张</Text>
          </Flex>
        ))}
      </Flex>
      {isSell && 'teamSoleAgency' in team && (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch
              checked={team.teamSoleAgency.hideOwnerNumber === 1}
              onCheckedChange={(on) =>
                onChange({ ...team, teamSoleAgency: { ...team.teamSoleAgency, hideOwnerNumber: on ? 1 : 0 } })
              }
            />
            独家人兼任维护人时隐藏业主真实信息
          </Flex>
        </Text>
      )}
    </Flex>
  );
}

export default function HouseSettingPage(_props: PageProps) {
  const [isProtecting, setIsProtecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const draft = useSettingsDraft({
    load: fetchHousingSetting,
    save: saveHousingSetting,
    savedText: '房源设置已保存',
    onEdit: () => setNotice(null),
  });
  const { setting, set } = draft;
  if (draft.isFailed) return <PageLoadFailed error={draft.error} onRetry={draft.retry} />;
  if (!setting) return <Text m="5">加载中...</Text>;
  const states = (key: 'sellHousingState' | 'rentHousingState') => (
    <Flex gap="2" wrap="wrap">
      {setting[key].map((state, index) => (
        <TextField.Root
          key={state.stateLable}
          aria-label={`${key === 'sellHousingState' ? '出售' : '出租'}状态 ${state.stateLable}`}
          value={state.stateName}
          maxLength={10}
          style={{ width: 110 }}
          onChange={(e) =>
            set({
              [key]: setting[key].map((s, i) => (i === index ? { ...s, stateName: e.target.value } : s)),
            })
          }
        >
          <TextField.Slot>{state.stateLable}</TextField.Slot>
        </TextField.Root>
      ))}
    </Flex>
  );

  return (
    <>
      <Box p="5" data-testid="house-setting-page">
        <Card size="3" style={{ maxWidth: 860 }}>
          <Heading size="5" mb="4">
            房源基础设置
          </Heading>
          <Flex direction="column" gap="4">
            <CodeChecks
              title="允许发布的房源类型"
              names={publishingTypeNames}
              checked={setting.publishingType}
              onChange={(codes) => set({ publishingType: codes as HousingSetting['publishingType'] })}
            />
            <CodeChecks
              title="房源判重标准（所选字段都相同即为重复）"
              names={repeatedFieldNames}
              checked={setting.repeatedFields}
              onChange={(codes) => set({ repeatedFields: codes as HousingSetting['repeatedFields'] })}
            />
            <Flex gap="3" align="center">
              <Text weight="medium">关键信息保护</Text>
              <Text size="2" color="gray">
                {setting.InfoProtection.filter((row) => row.selected === 1)
                  .map((row) => protectionTypeNames[row.type])
                  .join('、') || '未设置'}
              </Text>
              <Button size="1" variant="soft" onClick={() => setIsProtecting(true)}>
                设置
              </Button>
            </Flex>
            <Flex gap="2" align="center">
              <Switch
                checked={setting.privacyToPublic.selected === 1}
                aria-label="私盘自动转公盘"
                onCheckedChange={(on) =>
                  set({ privacyToPublic: { ...setting.privacyToPublic, selected: on ? 1 : 0 } })
                }
              />
              <Text size="2">私盘</Text>
              <TextField.Root
                aria-label="私盘转公盘天数"
                value={String(setting.privacyToPublic.days)}
                style={{ width: 60 }}
                onChange={(e) =>
                  set({
                    privacyToPublic: {
                      ...setting.privacyToPublic,
                      days: Number(e.target.value.replace(/\D/g, '') || 0),
                    },
                  })
                }
              />
              <Text size="2">天无跟进自动转为公盘</Text>
            </Flex>
            <Flex direction="column" gap="2">
              <Text weight="medium">房源状态自定义名称</Text>
              <Text size="2" color="gray">
                出售
              </Text>
              {states('sellHousingState')}
              <Text size="2" color="gray">
                出租
              </Text>
              {states('rentHousingState')}
            </Flex>
            <Flex direction="column" gap="2">
              <Text weight="medium">团队协作</Text>
              <Tabs.Root defaultValue="sell">
                <Tabs.List>
                  <Tabs.Trigger value="sell">出售</Tabs.Trigger>
                  <Tabs.Trigger value="rent">出租</Tabs.Trigger>
                </Tabs.List>
                <Box pt="3">
                  <Tabs.Content value="sell">
                    <TeamSettings team={setting.sellTeam} isSell onChange={(sellTeam) => set({ sellTeam })} />
                  </Tabs.Content>
                  <Tabs.Content value="rent">
                    <TeamSettings
                      team={setting.rentTeam}
                      isSell={false}
                      onChange={(team) =>
                        set({
                          rentTeam: {
                            teamMaintainer: team.teamMaintainer,
                            teamClient: team.teamClient,
                            teamKey: team.teamKey,
                            teamSurveyor: team.teamSurveyor,
                          },
                        })
                      }
                    />
                  </Tabs.Content>
                </Box>
              </Tabs.Root>
            </Flex>
            <SettingsSaveBar draft={draft} notice={notice} />
          </Flex>
        </Card>
        {isProtecting && (
          <ProtectionDialog
            setting={setting}
            onCancel={() => setIsProtecting(false)}
            onConfirm={(rows, changed) => {
              setIsProtecting(false);
              set({ InfoProtection: rows });
              setNotice(changed.length > 0 ? `已修改：${changed.join('、')}（保存后生效）` : '未修改');
            }}
          />
        )}
      </Box>
      {/* Outside the settings' test id: its own 保存字段 and notices are not the page's. */}
      <Box px="5" pb="5">
        <HouseCategories />
      </Box>
      <Box px="5" pb="5">
        <HouseWidgetFields />
      </Box>
    </>
  );
}
