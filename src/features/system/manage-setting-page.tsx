/**
 * 管理设置 (/views/system/setting/fp-manager-setting; /ChangeCenter/getManageSetting and
 * manageSetting): whether joining by invitation and staff added by non-managers need review, single
 * device login, the login time window for non-managers (Beijing time) and the page watermark. Only
 * a manager saves; others see the settings with the no-permission message on 保存.
 */
import { useState } from 'react';
import { Box, Button, Callout, Card, Checkbox, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import {
  describeWeekdays,
  manageSettingProblem,
  weekdayNames,
  type ManageSetting,
} from '../../../domain/manage-settings';
import { api, ok } from '../../api/client';
import { emitFeedback } from '../../api/feedback';
import { usePermissions } from '../../core/permissions';
import type { PageProps } from '../../core/workspace';
import { PermittedButton } from '../../ui/permitted-button';
import { useResource } from '../../ui/use-resource';

async function fetchSetting(): Promise<ManageSetting> {
  return (await ok(api.GET('/ChangeCenter/getManageSetting'))).data!;
}

function Row({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Flex justify="between" align="start" gap="4" py="3" style={{ borderBottom: '1px solid var(--gray-a3)' }}>
      <Box>
        <Text as="div" weight="medium">
          {title}
        </Text>
        <Text as="div" size="1" color="gray">
          {hint}
        </Text>
      </Box>
      <Box flexShrink="0">{children}</Box>
    </Flex>
  );
}

const onOff = (value: boolean): 0 | 1 => (value ? 1 : 0);

export default function ManageSettingPage(_props: PageProps) {
  const permissions = usePermissions();
  const loaded = useResource(fetchSetting);
  const [draft, setDraft] = useState<{ source: ManageSetting; value: ManageSetting } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  if (loaded.isFailed)
    return (
      <Callout.Root color="red" m="4" role="alert">
        <Callout.Text>{loaded.error}</Callout.Text>
      </Callout.Root>
    );
  if (!loaded.data) return <Text m="4">加载中...</Text>;
  const setting = draft && draft.source === loaded.data ? draft.value : loaded.data;
  const change = (patch: Partial<ManageSetting>) =>
    setDraft({ source: loaded.data!, value: { ...setting, ...patch } });
  const limit = setting.loginTimeLimit;
  const watermark = setting.watermark;
  const canSave = permissions.isManager;

  async function save() {
    const problem = manageSettingProblem(setting);
    if (problem) return setError(problem);
    setIsSaving(true);
    setError(null);
    try {
      await ok(api.POST('/ChangeCenter/manageSetting', { body: setting }));
      emitFeedback({ kind: 'toast', text: '保存成功', tone: 'success' });
      setDraft(null);
      loaded.reload();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
    setIsSaving(false);
  }

  return (
    <Flex direction="column" gap="4" p="5" data-testid="manage-setting-page" style={{ maxWidth: 880 }}>
      <Box>
        <Heading size="6">管理设置</Heading>
        <Text size="2" color="gray">
          员工加入、登录安全与防泄密
        </Text>
      </Box>
      <Card size="2">
        <Heading size="3">员工加入</Heading>
        <Row
          title="邀请加入需审核"
          hint="开启后，通过邀请链接提交的申请进入「待处理的」，由管理员审核；关闭则提交即加入（新生成的链接生效）"
        >
          <Switch
            aria-label="邀请加入需审核"
            checked={setting.joinApprove === 1}
            disabled={!canSave}
            onCheckedChange={(checked) => change({ joinApprove: onOff(checked) })}
          />
        </Row>
        <Row
          title="添加员工需审核"
          hint="开启后，非管理员添加的员工先进入「我添加的」，经管理员审核通过后才成为员工"
        >
          <Switch
            aria-label="添加员工需审核"
            checked={setting.addStaffApprove === 1}
            disabled={!canSave}
            onCheckedChange={(checked) => change({ addStaffApprove: onOff(checked) })}
          />
        </Row>
      </Card>
      <Card size="2">
        <Heading size="3">登录安全</Heading>
        <Row title="单设备登录" hint="开启后，同一账号在新设备登录时，其他设备上的登录立即失效">
          <Switch
            aria-label="单设备登录"
            checked={setting.singleDeviceLogin === 1}
            disabled={!canSave}
            onCheckedChange={(checked) => change({ singleDeviceLogin: onOff(checked) })}
          />
        </Row>
        <Row
          title="限制登录时段"
          hint={
            limit.selected === 1
              ? `非管理员仅可在${describeWeekdays(limit.weekdays)} ${limit.startTime}-${limit.endTime}（北京时间）登录`
              : '开启后，非管理员只能在设定的星期与时段内登录'
          }
        >
          <Switch
            aria-label="限制登录时段"
            checked={limit.selected === 1}
            disabled={!canSave}
            onCheckedChange={(checked) => change({ loginTimeLimit: { ...limit, selected: onOff(checked) } })}
          />
        </Row>
        {limit.selected === 1 && (
          <Flex direction="column" gap="3" py="3">
            <Flex gap="3" wrap="wrap" aria-label="允许登录的星期">
              {weekdayNames.map((name, index) => (
                <Text key={name} as="label" size="2">
                  <Flex gap="1" align="center">
                    <Checkbox
                      disabled={!canSave}
                      checked={limit.weekdays.includes(index + 1)}
                      onCheckedChange={(checked) =>
                        change({
                          loginTimeLimit: {
                            ...limit,
                            weekdays:
                              checked === true
                                ? [...limit.weekdays, index + 1].sort((a, b) => a - b)
                                : limit.weekdays.filter((day) => day !== index + 1),
                          },
                        })
                      }
                    />
                    {name}
                  </Flex>
                </Text>
              ))}
            </Flex>
            <Flex gap="2" align="center">
              <TextField.Root
                type="time"
                aria-label="开始时间"
                disabled={!canSave}
                value={limit.startTime}
                onChange={(event) => change({ loginTimeLimit: { ...limit, startTime: event.target.value } })}
              />
              <Text size="2">至</Text>
              <TextField.Root
                type="time"
                aria-label="结束时间"
                disabled={!canSave}
                value={limit.endTime}
                onChange={(event) => change({ loginTimeLimit: { ...limit, endTime: event.target.value } })}
              />
            </Flex>
          </Flex>
        )}
      </Card>
      <Card size="2">
        <Heading size="3">防泄密</Heading>
        <Row title="页面水印" hint="开启后，系统页面铺设淡色水印，截图可追溯">
          <Switch
            aria-label="页面水印"
            checked={watermark.selected === 1}
            disabled={!canSave}
            onCheckedChange={(checked) => change({ watermark: { ...watermark, selected: onOff(checked) } })}
          />
        </Row>
        {watermark.selected === 1 && (
          <Flex gap="3" py="3" align="center" wrap="wrap">
            <Select.Root
              value={String(watermark.contentType)}
              disabled={!canSave}
              onValueChange={(value) =>
                change({ watermark: { ...watermark, contentType: Number(value) as 1 | 2 | 3 } })
              }
            >
              <Select.Trigger aria-label="水印内容" />
              <Select.Content>
                <Select.Item value="1">姓名 + 手机号后四位</Select.Item>
                <Select.Item value="2">公司名称</Select.Item>
                <Select.Item value="3">自定义文字</Select.Item>
              </Select.Content>
            </Select.Root>
            {watermark.contentType === 3 && (
              <TextField.Root
                aria-label="自定义水印文字"
                placeholder="请输入水印文字"
                maxLength={20}
                disabled={!canSave}
                value={watermark.text}
                onChange={(event) => change({ watermark: { ...watermark, text: event.target.value } })}
              />
            )}
          </Flex>
        )}
      </Card>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" disabled={!draft} onClick={() => setDraft(null)}>
          还原
        </Button>
        <PermittedButton allowed={canSave} loading={isSaving} onClick={() => void save()}>
          保存
        </PermittedButton>
      </Flex>
    </Flex>
  );
}
