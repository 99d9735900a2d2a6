/**
 * The login page: password login, SMS-code login, company registration and password retrieval.
 * It renders the session machine and sends it events; it decides nothing itself.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Card, Flex, Heading, Link, Tabs, Text } from '@radix-ui/themes';
import { NoticeCallout } from '../../ui/notice-callout';
import { TextField } from '../../ui/text-field';
import { Button } from '../../ui/button';
import type { SessionEvent } from '../../../machines/session-context';
import { codeResendIntervalMs } from '../../../machines/session-context';
import { emitFeedback } from '../../api/feedback';
import { sendSession, useSessionSnapshot } from '../../core/use-session';

function useResendCountdown(codeSentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (codeSentAt === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [codeSentAt]);
  if (codeSentAt === null) return 0;
  return Math.max(0, Math.ceil((codeSentAt + codeResendIntervalMs - now) / 1000));
}

function Field(props: {
  label: string;
  name: string;
  type?: string;
  placeholder: string;
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <label className="form-field">
      <Text size="2" weight="medium">
        {props.label}
      </Text>
      <TextField.Root
        name={props.name}
        type={(props.type as 'text' | 'password' | 'tel') ?? 'text'}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 140}
        size="3"
      />
    </label>
  );
}

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  return Object.fromEntries(
    [...new FormData(event.currentTarget)].map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
  );
}

function CodeField({
  form,
  codeSentAt,
  isSending,
}: {
  form: string;
  codeSentAt: number | null;
  isSending: boolean;
}) {
  const wait = useResendCountdown(codeSentAt);
  const sendCode = () => {
    const input = document.querySelector<HTMLInputElement>(`#${form} input[name="userName"]`);
    sendSession({ type: 'code.send', userName: input?.value.trim() ?? '' });
  };
  return (
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
        <Button type="button" size="3" variant="soft" disabled={isSending || wait > 0} onClick={sendCode}>
          {isSending ? '发送中...' : wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
        </Button>
      </Flex>
    </label>
  );
}

export default function LoginPage() {
  const snapshot = useSessionSnapshot();
  const notice = snapshot.context.notice;

  useEffect(() => {
    // Server errors were already toasted by the request layer; local notices are toasted here.
    if (notice?.source === 'local') emitFeedback({ kind: 'toast', text: notice.text, tone: notice.kind });
  }, [notice]);

  const is = (state: string) => snapshot.matches({ signedOut: state } as never);
  const isPasswordMode = is('password') || is('loggingInWithPassword');
  const isSmsMode = is('sms') || is('sendingCode') || is('loggingInWithSms');
  const isRegisterMode = is('register') || is('sendingRegisterCode') || is('registering');
  const isRetrieveMode = is('retrieve') || is('sendingRetrieveCode') || is('retrieving');
  const submit =
    (toEvent: (values: Record<string, string>) => SessionEvent) => (event: FormEvent<HTMLFormElement>) =>
      sendSession(toEvent(formValues(event)));

  return (
    <Flex className="login-screen" align="center" justify="center">
      <Card size="4" className="login-card">
        <Heading size="6" mb="1">
          安居签 · 房产经纪签约平台
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          电子合同 · 电子签名 · 电子签约
        </Text>
        {notice && (
          <NoticeCallout
            notice={notice}
            onDismiss={() => sendSession({ type: 'notice.dismiss' })}
            mb="3"
            data-testid="login-notice"
          />
        )}
        {(isPasswordMode || isSmsMode) && (
          <Tabs.Root
            value={isSmsMode ? 'sms' : 'password'}
            onValueChange={(value) => sendSession({ type: value === 'sms' ? 'mode.sms' : 'mode.password' })}
          >
            <Tabs.List>
              <Tabs.Trigger value="password">密码登录</Tabs.Trigger>
              <Tabs.Trigger value="sms">验证码登录</Tabs.Trigger>
            </Tabs.List>
            <Box pt="4">
              <Tabs.Content value="password">
                <form
                  id="password-form"
                  onSubmit={submit((v) => ({
                    type: 'login.password',
                    userName: v['userName'] ?? '',
                    password: v['password'] ?? '',
                  }))}
                >
                  <Field
                    label="手机号"
                    name="userName"
                    type="tel"
                    placeholder="请输入手机号"
                    autoComplete="username"
                    maxLength={11}
                  />
                  <Field
                    label="密码"
                    name="password"
                    type="password"
                    placeholder="请输入密码"
                    autoComplete="current-password"
                  />
                  <Button type="submit" size="3" className="wide" disabled={is('loggingInWithPassword')}>
                    {is('loggingInWithPassword') ? '登录中...' : '登录'}
                  </Button>
                </form>
              </Tabs.Content>
              <Tabs.Content value="sms">
                <form
                  id="sms-form"
                  onSubmit={submit((v) => ({
                    type: 'login.sms',
                    userName: v['userName'] ?? '',
                    code: v['code'] ?? '',
                    ...(v['companyName'] ? { companyName: v['companyName'] } : {}),
                    ...(v['name'] ? { name: v['name'] } : {}),
                  }))}
                >
                  <Field
                    label="手机号"
                    name="userName"
                    type="tel"
                    placeholder="请输入手机号"
                    maxLength={11}
                  />
                  <CodeField
                    form="sms-form"
                    codeSentAt={snapshot.context.codeSentAt}
                    isSending={is('sendingCode')}
                  />
                  <Text as="p" size="1" color="gray" mb="3">
                    未注册的手机号请填写公司名称和姓名，验证后自动开通账号。
                  </Text>
                  <Field
                    label="公司名称（新用户）"
                    name="companyName"
                    placeholder="请输入公司名称"
                    maxLength={60}
                  />
                  <Field label="姓名（新用户）" name="name" placeholder="请输入姓名" maxLength={30} />
                  <Button type="submit" size="3" className="wide" disabled={is('loggingInWithSms')}>
                    {is('loggingInWithSms') ? '登录中...' : '登录'}
                  </Button>
                </form>
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        )}
        {isRegisterMode && (
          <form
            id="register-form"
            onSubmit={submit((v) => ({
              type: 'register.submit',
              userName: v['userName'] ?? '',
              code: v['code'] ?? '',
              password: v['password'] ?? '',
              name: v['name'] ?? '',
              companyName: v['companyName'] ?? '',
            }))}
          >
            <Heading size="4" mb="3">
              注册新公司
            </Heading>
            <Field label="公司名称" name="companyName" placeholder="请输入公司名称" maxLength={60} />
            <Field label="姓名" name="name" placeholder="请输入姓名" maxLength={30} />
            <Field label="手机号" name="userName" type="tel" placeholder="请输入手机号" maxLength={11} />
            <CodeField
              form="register-form"
              codeSentAt={snapshot.context.codeSentAt}
              isSending={is('sendingRegisterCode')}
            />
            <Field
              label="登录密码"
              name="password"
              type="password"
              placeholder="请设置 6 位以上密码"
              autoComplete="new-password"
            />
            <Button type="submit" size="3" className="wide" disabled={is('registering')}>
              {is('registering') ? '注册中...' : '注册并登录'}
            </Button>
          </form>
        )}
        {isRetrieveMode && (
          <form
            id="retrieve-form"
            onSubmit={submit((v) => ({
              type: 'password.retrieve',
              userName: v['userName'] ?? '',
              code: v['code'] ?? '',
              password: v['password'] ?? '',
            }))}
          >
            <Heading size="4" mb="3">
              找回密码
            </Heading>
            <Field label="手机号" name="userName" type="tel" placeholder="请输入手机号" maxLength={11} />
            <CodeField
              form="retrieve-form"
              codeSentAt={snapshot.context.codeSentAt}
              isSending={is('sendingRetrieveCode')}
            />
            <Field
              label="新密码"
              name="password"
              type="password"
              placeholder="请设置 6 位以上新密码"
              autoComplete="new-password"
            />
            <Button type="submit" size="3" className="wide" disabled={is('retrieving')}>
              {is('retrieving') ? '提交中...' : '重设密码'}
            </Button>
          </form>
        )}
        <Flex justify="between" mt="4">
          {isPasswordMode || isSmsMode ? (
            <>
              <Link href="#" onClick={(e) => (e.preventDefault(), sendSession({ type: 'mode.register' }))}>
                注册新公司
              </Link>
              {isPasswordMode && (
                <Link href="#" onClick={(e) => (e.preventDefault(), sendSession({ type: 'mode.retrieve' }))}>
                  忘记密码
                </Link>
              )}
            </>
          ) : (
            <Link href="#" onClick={(e) => (e.preventDefault(), sendSession({ type: 'mode.password' }))}>
              返回登录
            </Link>
          )}
          <Link href="#/sandbox/sms-outbox" target="_blank" size="1" color="gray">
            开发环境短信发件箱
          </Link>
        </Flex>
        <Flex justify="center" mt="3">
          <Link href="#/verify" size="2">
            文件验签
          </Link>
        </Flex>
      </Card>
    </Flex>
  );
}
