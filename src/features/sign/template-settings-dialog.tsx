/**
 * One template's settings (templateSettings): signing initiation type — at least one,
 * 请选择签约方式 —, mobile style, contract number rule (prefix, date and serial style), group;
 * approval and range shown. Saved through the resource machine; the list reloads when it changed.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Checkbox, DataList, Dialog, Flex, RadioGroup, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import {
  loadTemplateSettings,
  saveTemplateSettings,
  type TemplateGroup,
  type TemplateSettings,
  type TemplateSettingsBody,
} from './sign-actors';

export const chooseSigningTypeMessage = '请选择签约方式';

const dateStyles = [
  { value: 0, label: '不含日期' },
  { value: 1, label: '年月日 YYYYMMDD' },
  { value: 2, label: '年月 YYYYMM' },
  { value: 3, label: '年 YYYY' },
];
const numberStyles = [
  { value: 1, label: '4 位流水 0001' },
  { value: 2, label: '5 位流水 00001' },
  { value: 3, label: '6 位流水 000001' },
];

export function SettingsDialog({
  boxId,
  groups,
  onClose,
}: {
  boxId: number;
  groups: TemplateGroup[];
  onClose: (changed: boolean) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: loadTemplateSettings(boxId), save: saveTemplateSettings(boxId) },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const settings = snapshot.context.data as TemplateSettings | null;
  const [form, setForm] = useState<TemplateSettingsBody | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const current: TemplateSettingsBody | null =
    form ??
    (settings
      ? {
          boxId,
          signingInitiateType: settings.signingInitiateType,
          mobileShowStyle: settings.mobileShowStyle,
          contractNumber: {
            prefix: settings.contractNumber.prefix,
            date: settings.contractNumber.date,
            numberStyle: settings.contractNumber.numberStyle,
          },
          groupId: settings.groupId,
        }
      : null);
  const set = (patch: Partial<TemplateSettingsBody>) => {
    if (current) setForm({ ...current, ...patch });
    setLocalError(null);
    setSaved(false);
  };
  const types = current?.signingInitiateType ?? [];
  const numberRule = {
    prefix: '',
    date: 1 as 0 | 1 | 2 | 3,
    numberStyle: 1 as 1 | 2 | 3,
    ...current?.contractNumber,
  };
  const toggleType = (type: 1 | 2, on: boolean) =>
    set({
      signingInitiateType: on
        ? [...types.filter((t) => t !== type), type].sort()
        : types.filter((t) => t !== type),
    });
  const isSaving = snapshot.matches('saving');
  const error = localError ?? (snapshot.matches('loaded') ? snapshot.context.error : null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(saved)}>
      <Dialog.Content maxWidth="560px" data-testid="template-settings">
        <Dialog.Title>模板设置{settings ? `：${settings.boxName}` : ''}</Dialog.Title>
        {snapshot.matches('failed') && <Text color="red">{snapshot.context.error}</Text>}
        {!current || !settings ? (
          <Text color="gray">加载中...</Text>
        ) : (
          <Flex direction="column" gap="4">
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                签约方式
              </Text>
              <Flex gap="4">
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={types.includes(1)}
                      onCheckedChange={(c) => toggleType(1, c === true)}
                    />
                    分步填写签约
                  </Flex>
                </Text>
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={types.includes(2)}
                      onCheckedChange={(c) => toggleType(2, c === true)}
                    />
                    可视化签约
                  </Flex>
                </Text>
              </Flex>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                移动端展示样式
              </Text>
              <RadioGroup.Root
                value={String(current.mobileShowStyle ?? 1)}
                onValueChange={(v) => set({ mobileShowStyle: Number(v) as 1 | 2 })}
              >
                <Flex gap="4">
                  <RadioGroup.Item value="1">合同原文</RadioGroup.Item>
                  <RadioGroup.Item value="2">表单卡片</RadioGroup.Item>
                </Flex>
              </RadioGroup.Root>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                合同编号规则（示例 {settings.contractNumber.sample}）
              </Text>
              <Flex gap="2" wrap="wrap">
                <TextField.Root
                  aria-label="编号前缀"
                  placeholder="请输入编号前缀"
                  maxLength={10}
                  value={current.contractNumber?.prefix ?? ''}
                  onChange={(e) => set({ contractNumber: { ...numberRule, prefix: e.target.value } })}
                />
                <Select.Root
                  value={String(current.contractNumber?.date ?? 1)}
                  onValueChange={(v) =>
                    set({ contractNumber: { ...numberRule, date: Number(v) as 0 | 1 | 2 | 3 } })
                  }
                >
                  <Select.Trigger aria-label="日期格式" />
                  <Select.Content>
                    {dateStyles.map((d) => (
                      <Select.Item key={d.value} value={String(d.value)}>
                        {d.label}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Select.Root
                  value={String(current.contractNumber?.numberStyle ?? 1)}
                  onValueChange={(v) =>
                    set({
                      contractNumber: { ...numberRule, numberStyle: Number(v) as 1 | 2 | 3 },
                    })
                  }
                >
                  <Select.Trigger aria-label="流水号样式" />
                  <Select.Content>
                    {numberStyles.map((d) => (
                      <Select.Item key={d.value} value={String(d.value)}>
                        {d.label}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                模板分组
              </Text>
              <Select.Root value={String(current.groupId)} onValueChange={(v) => set({ groupId: Number(v) })}>
                <Select.Trigger aria-label="模板分组" />
                <Select.Content>
                  {groups.map((g) => (
                    <Select.Item key={g.groupId} value={String(g.groupId)}>
                      {g.groupName}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Box>
            <DataList.Root size="1">
              <DataList.Item>
                <DataList.Label>签约审批</DataList.Label>
                <DataList.Value>
                  {settings.oaSetting.oaState === 1
                    ? `已开启（${settings.oaSetting.approvers.length} 级审批）`
                    : '未开启（在审批设置中配置）'}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>使用范围</DataList.Label>
                <DataList.Value>
                  {settings.rangeSetting.dept.length === 0 && settings.rangeSetting.role.length === 0
                    ? '全公司可用'
                    : [
                        ...settings.rangeSetting.dept.map((d) => d.deptName),
                        ...settings.rangeSetting.role.map((r) => r.roleName),
                      ].join('、')}
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            {error && (
              <Callout.Root color="red">
                <Callout.Text data-testid="template-settings-error">{error}</Callout.Text>
              </Callout.Root>
            )}
            {saved && !error && !isSaving && (
              <Callout.Root color="green">
                <Callout.Text>已保存</Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        )}
        <Flex gap="3" justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={() => onClose(saved)}>
            关闭
          </Button>
          <Button
            disabled={!current || isSaving}
            onClick={() => {
              if (!current) return;
              if (current.signingInitiateType.length === 0) return setLocalError(chooseSigningTypeMessage);
              send({ type: 'save', value: current });
              setSaved(true);
            }}
          >
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
