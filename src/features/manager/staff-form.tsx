/**
 * 添加员工 / 编辑员工: name, mobile (the login account, checked by the seed's mobile rule before
 * sending), department, role, position, rank, sex and entry date. When the company reviews additions
 * made by non-managers, an addition becomes an application under 我添加的.
 */
import { useState, type FormEvent } from 'react';
import { Callout, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { checkMobile } from '../../../domain/validators';
import { emitFeedback } from '../../api/feedback';
import { refreshApplyCount } from '../../core/apply-count';
import { addStaff, editStaff, errorText, type StaffChoices, type StaffDetail } from './org-actors';

export const staffMessages = {
  nameRequired: '请输入姓名',
  deptRequired: '请选择部门',
  roleRequired: '请选择角色',
  added: '员工已添加',
  saved: '员工资料已保存',
  waiting: '已提交添加申请，等待管理员审核',
} as const;

const none = 'none';
const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '');

function Choice({
  label,
  value,
  onChange,
  options,
  allowNone,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: number; label: string }[];
  allowNone?: string;
  disabled?: boolean;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2">{label}</Text>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger aria-label={label} placeholder="-请选择-" />
        <Select.Content>
          {allowNone && <Select.Item value={none}>{allowNone}</Select.Item>}
          {options.map((option) => (
            <Select.Item key={option.value} value={String(option.value)}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

export function StaffFormDialog({
  staff,
  defaultDeptId,
  choices,
  onClose,
}: {
  /** The person being edited; absent to add one. */
  staff?: StaffDetail;
  defaultDeptId: number | null;
  choices: StaffChoices;
  onClose: (changed: boolean) => void;
}) {
  const [deptId, setDeptId] = useState(String(staff?.deptId ?? defaultDeptId ?? ''));
  const [roleId, setRoleId] = useState(staff?.roleId ? String(staff.roleId) : '');
  const [positionId, setPositionId] = useState(staff?.positionId ? String(staff.positionId) : none);
  const [rankId, setRankId] = useState(staff?.rankId ? String(staff.rankId) : none);
  const [sex, setSex] = useState(String(staff?.sex ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const title = staff ? '编辑员工' : '添加员工';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const name = textOf(values.get('name'));
    const mobile = textOf(values.get('mobile'));
    const entryDate = textOf(values.get('entryDate'));
    const problem =
      (name ? null : staffMessages.nameRequired) ??
      checkMobile(mobile) ??
      (deptId ? null : staffMessages.deptRequired) ??
      (roleId ? null : staffMessages.roleRequired);
    if (problem) return setError(problem);
    const input = {
      name,
      mobile,
      deptId: Number(deptId),
      roleId: Number(roleId),
      positionId: positionId === none ? null : Number(positionId),
      rankId: rankId === none ? null : Number(rankId),
      sex: Number(sex) as 0 | 1 | 2,
      entryDate: entryDate || null,
    };
    setIsSaving(true);
    setError(null);
    try {
      if (staff) {
        await editStaff({ ...input, userId: staff.userId });
        emitFeedback({ kind: 'toast', text: staffMessages.saved, tone: 'success' });
      } else {
        const result = await addStaff(input);
        const isWaiting = result.userId === null;
        emitFeedback({
          kind: 'toast',
          text: isWaiting ? staffMessages.waiting : staffMessages.added,
          tone: 'success',
        });
        if (isWaiting) refreshApplyCount();
      }
      onClose(true);
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <form onSubmit={(event) => void submit(event)} aria-label={title}>
          <Flex direction="column" gap="3">
            <Grid columns="2" gap="3">
              <label className="form-field">
                <Text size="2">姓名</Text>
                <TextField.Root
                  name="name"
                  defaultValue={staff?.name ?? ''}
                  maxLength={30}
                  placeholder="请输入姓名"
                />
              </label>
              <label className="form-field">
                <Text size="2">手机号</Text>
                <TextField.Root
                  name="mobile"
                  type="tel"
                  defaultValue={staff?.mobile ?? ''}
                  maxLength={11}
                  placeholder="登录账号"
                />
              </label>
              <Choice
                label="部门"
                value={deptId}
                onChange={setDeptId}
                options={choices.depts.map((dept) => ({
                  value: dept.deptId,
                  label: `${'\u3000'.repeat(dept.depth)}${dept.deptName}`,
                }))}
              />
              <Choice
                label="角色"
                value={roleId}
                onChange={setRoleId}
                disabled={staff?.isManager === 1}
                options={choices.roles.map((role) => ({ value: role.roleId, label: role.roleName }))}
              />
              <Choice
                label="职位"
                value={positionId}
                onChange={setPositionId}
                allowNone="不设置"
                options={choices.positions.map((p) => ({ value: p.positionId, label: p.positionName }))}
              />
              <Choice
                label="职级"
                value={rankId}
                onChange={setRankId}
                allowNone="不设置"
                options={choices.ranks.map((rank) => ({
                  value: rank.rankId,
                  label: `${rank.groupName} · ${rank.rankName}`,
                }))}
              />
              <Choice
                label="性别"
                value={sex}
                onChange={setSex}
                options={[
                  { value: 0, label: '未知' },
                  { value: 1, label: '男' },
                  { value: 2, label: '女' },
                ]}
              />
              <label className="form-field">
                <Text size="2">入职日期</Text>
                <TextField.Root name="entryDate" type="date" defaultValue={staff?.entryDate ?? ''} />
              </label>
            </Grid>
            {error && (
              <Callout.Root color="red" role="alert" size="1">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={() => onClose(false)}>
                取消
              </Button>
              <Button type="submit" loading={isSaving}>
                保存
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
