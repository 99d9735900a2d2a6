/**
 * The public join page (/#/invite?code=…): the invitee sees who invites them where, confirms the
 * mobile with an SMS code and applies; then waits for the decision, which the page asks for every
 * 10 s (刷新 asks at once). A view of the invitation machine: it sends events and draws states.
 */
import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Box, Callout, Card, DataList, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Button } from '../../ui/button';
import { invitationMachine, invitationMessages } from '../../../machines/invitation.machine';
import { inspect } from '../../inspector/inspection-store';
import { joinActors, keepApply } from './join-actors';

const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

function useInvitation(inviteCode: string) {
  const [machine] = useState(() =>
    invitationMachine.provide({
      actors: joinActors,
      actions: { keepApply: ({ context }) => keepApply(context.inviteCode, context.apply) },
    }),
  );
  return useMachine(machine, { input: { inviteCode }, inspect });
}

function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'green' | 'red' | 'gray' | 'amber';
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <Flex direction="column" gap="3" data-testid="invite-outcome">
      <Flex align="center" gap="2">
        <Badge size="2" color={tone}>
          {title}
        </Badge>
      </Flex>
      {children}
    </Flex>
  );
}

export default function InviteJoinPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const inviteCode = (new URLSearchParams(location.search).get('code') ?? '').toUpperCase();
  const [state, send] = useInvitation(inviteCode);
  const [mobile, setMobile] = useState('');
  const { invite, status, error, codeSentTo } = state.context;
  const info = invite?.invite;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    send({
      type: 'apply',
      name: textOf(values.get('name')),
      mobile: mobile.trim(),
      code: textOf(values.get('code')).trim(),
    });
  };

  return (
    <Flex className="login-screen" align="center" justify="center" data-testid="invite-page">
      <Card size="4" className="login-card">
        <Heading size="6" mb="1">
          安居签 · 加入公司
        </Heading>
        {info && (
          <Box mb="4" data-testid="invite-info">
            <Text as="p" size="3" mb="2">
              {info.inviterName} 邀请您加入 <Text weight="bold">{info.companyName}</Text>
            </Text>
            <DataList.Root size="1">
              <DataList.Item>
                <DataList.Label>所属部门</DataList.Label>
                <DataList.Value>{info.deptName}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>链接有效期至</DataList.Label>
                <DataList.Value>{info.expireTime}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </Box>
        )}

        {(state.matches('loading') || state.matches('checking')) && (
          <Flex gap="2" align="center" data-testid="invite-loading">
            <Spinner /> <Text color="gray">加载中...</Text>
          </Flex>
        )}

        {state.matches('failed') && (
          <Flex direction="column" gap="3">
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
            <Flex>
              <Button variant="soft" onClick={() => send({ type: 'retry' })}>
                重试
              </Button>
            </Flex>
          </Flex>
        )}

        {state.matches('invited') && (
          <form onSubmit={onSubmit} aria-label="申请加入">
            <Flex direction="column" gap="3">
              {info?.needApprove === 1 && (
                <Text size="2" color="gray">
                  提交后由公司管理员审核，通过后即可用手机号登录。
                </Text>
              )}
              <label className="form-field">
                <Text size="2" weight="medium">
                  姓名
                </Text>
                <TextField.Root name="name" placeholder="请输入姓名" maxLength={30} size="3" />
              </label>
              <label className="form-field">
                <Text size="2" weight="medium">
                  手机号
                </Text>
                <TextField.Root
                  name="mobile"
                  type="tel"
                  placeholder="请输入手机号"
                  maxLength={11}
                  size="3"
                  value={mobile}
                  onChange={(event) => setMobile(event.target.value)}
                />
              </label>
              <label className="form-field">
                <Text size="2" weight="medium">
                  验证码
                </Text>
                <Flex gap="2">
                  <TextField.Root
                    name="code"
                    placeholder="请输入 6 位验证码"
                    inputMode="numeric"
                    maxLength={6}
                    size="3"
                    style={{ flex: 1 }}
                  />
                  <Button
                    type="button"
                    size="3"
                    variant="soft"
                    loading={state.matches({ invited: 'sendingCode' })}
                    onClick={() => send({ type: 'code.send', mobile: mobile.trim() })}
                  >
                    获取验证码
                  </Button>
                </Flex>
              </label>
              {codeSentTo && state.matches({ invited: 'editing' }) && !error && (
                <Text size="2" color="green" data-testid="code-sent">
                  {invitationMessages.codeSent}
                </Text>
              )}
              {error && (
                <Callout.Root color="red" role="alert" size="1">
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              <Button type="submit" size="3">
                提交申请
              </Button>
            </Flex>
          </form>
        )}

        {state.matches('applying') && (
          <Flex gap="2" align="center">
            <Spinner /> <Text color="gray">正在提交...</Text>
          </Flex>
        )}

        {state.matches('applied') && (
          <Outcome tone="amber" title="待审核">
            <Text>{invitationMessages.applied}</Text>
            {error && (
              <Callout.Root color="red" role="alert" size="1">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex>
              <Button variant="soft" onClick={() => send({ type: 'refresh' })}>
                刷新审核结果
              </Button>
            </Flex>
          </Outcome>
        )}

        {state.matches('approved') && (
          <Outcome tone="green" title="已加入">
            <Text>
              您已加入 {info?.companyName ?? '公司'}，请使用手机号和短信验证码登录。
              {status?.handleTime ? `（${status.handleTime} 审核通过）` : ''}
            </Text>
            <Flex>
              <Button onClick={() => void navigate('/layout/login')}>去登录</Button>
            </Flex>
          </Outcome>
        )}

        {state.matches('rejected') && (
          <Outcome tone="red" title="未通过">
            <Text>您的加入申请未通过审核。</Text>
            {status?.rejectReason && <Text color="gray">原因：{status.rejectReason}</Text>}
          </Outcome>
        )}

        {state.matches('cancelled') && (
          <Outcome tone="gray" title="已作废">
            <Text>该邀请链接已作废，请联系邀请人重新获取。</Text>
          </Outcome>
        )}

        {state.matches('expired') && (
          <Outcome tone="gray" title="已过期">
            <Text>该邀请链接已过期，请联系邀请人重新获取。</Text>
          </Outcome>
        )}
      </Card>
    </Flex>
  );
}
