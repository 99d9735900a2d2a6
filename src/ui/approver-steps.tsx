/**
 * The ordered approver steps of an approval setting (审批人，按顺序逐级审批): each step a member, a
 * role (or-sign) or the sponsor's department head; move up and down, remove, add up to 10. Used by
 * 审批设置 and by a contract template's own approval (模板管理 › 自定义设置), each with its copy
 * recipients below (ApprovalFlowFields). Members and copy recipients are searched among the whole
 * staff as one types (StaffPick, StaffSearch), not chosen from a first page of it.
 */
import { Badge, Box, Button, Flex, IconButton, Text } from '@radix-ui/themes';
import type { components } from '../../openapi/generated/api';
import { Select } from './select';
import { StaffPick } from './staff-pick';
import { knownStaffName, StaffSearch } from './staff-search';

type Schemas = components['schemas'];
type RoleOption = Schemas['OrgRoleOption'];
type OaApproverInput = Schemas['OaApproverInput'];

export const approverTypeNames: Record<number, string> = {
  1: '指定成员',
  2: '指定角色（或签）',
  3: '发起人部门负责人',
};

/** A step names its member or role (the sponsor's department head needs nothing more). */
export function isStepComplete(step: OaApproverInput): boolean {
  if (step.approverType === 1) return Boolean(step.userId);
  if (step.approverType === 2) return Boolean(step.roleId);
  return true;
}

export function ApproverSteps({
  roles,
  approvers,
  onChange,
}: {
  roles: RoleOption[];
  approvers: OaApproverInput[];
  onChange: (next: OaApproverInput[]) => void;
}) {
  const update = (index: number, step: OaApproverInput) =>
    onChange(approvers.map((s, i) => (i === index ? step : s)));
  const move = (index: number, delta: number) => {
    const next = [...approvers];
    const [step] = next.splice(index, 1);
    if (step) next.splice(index + delta, 0, step);
    onChange(next);
  };
  return (
    <Flex direction="column" gap="2" data-testid="approver-steps">
      {approvers.map((step, index) => (
        <Flex key={index} gap="2" align="center" data-testid="approver-step">
          <Badge variant="soft">第 {index + 1} 级</Badge>
          <Select.Root
            value={String(step.approverType)}
            onValueChange={(value) => update(index, { approverType: Number(value) as 1 | 2 | 3 })}
          >
            <Select.Trigger aria-label={`第 ${index + 1} 级审批人类型`} />
            <Select.Content>
              {Object.entries(approverTypeNames).map(([value, label]) => (
                <Select.Item key={value} value={value}>
                  {label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {step.approverType === 1 && (
            <StaffPick
              label={`第 ${index + 1} 级审批成员`}
              userId={step.userId ?? null}
              onChange={(person) => update(index, { approverType: 1, userId: person.userId })}
            />
          )}
          {step.approverType === 2 && (
            <Select.Root
              value={step.roleId ? String(step.roleId) : ''}
              onValueChange={(value) => update(index, { approverType: 2, roleId: Number(value) })}
            >
              <Select.Trigger aria-label={`第 ${index + 1} 级审批角色`} />
              <Select.Content>
                {roles.map((role) => (
                  <Select.Item key={role.roleId} value={String(role.roleId)}>
                    {role.roleName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
          <Flex gap="1" ml="auto">
            <IconButton
              size="1"
              variant="ghost"
              aria-label="上移"
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              aria-label="下移"
              disabled={index === approvers.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              color="red"
              aria-label="删除此级"
              onClick={() => onChange(approvers.filter((_, i) => i !== index))}
            >
              ×
            </IconButton>
          </Flex>
        </Flex>
      ))}
      <Box>
        <Button
          size="1"
          variant="soft"
          disabled={approvers.length >= 10}
          onClick={() => onChange([...approvers, { approverType: 1 }])}
        >
          添加审批人
        </Button>
      </Box>
    </Flex>
  );
}

type ApprovalFlow = { approvers: OaApproverInput[]; sendCopy: number[] };

/** The approvers in order, then the staff to copy when the approval ends. */
export function ApprovalFlowFields({
  roles,
  flow,
  onChange,
}: {
  roles: RoleOption[];
  flow: ApprovalFlow;
  onChange: (patch: Partial<ApprovalFlow>) => void;
}) {
  return (
    <>
      <Text size="2" weight="medium">
        审批人（按顺序逐级审批）
      </Text>
      <ApproverSteps
        roles={roles}
        approvers={flow.approvers}
        onChange={(approvers) => onChange({ approvers })}
      />
      <Text size="2" color="gray">
        抄送人在审批结束后收到通知
      </Text>
      <Box data-testid="copy-recipients">
        <StaffSearch
          label="抄送人"
          selected={flow.sendCopy.map((userId) => ({
            userId,
            name: knownStaffName(userId) ?? '已选员工',
            deptName: null,
          }))}
          onChange={(people) => onChange({ sendCopy: people.map((person) => person.userId) })}
        />
      </Box>
    </>
  );
}
