/**
 * The invitation machine's model driven through the real public join page against the real server,
 * each path on a new company's invitation. The server answers each way for real: a cancelled link
 * (the manager cancels it), a second code inside the resend interval, a wrong code, a link cancelled
 * while the form is open (409), approval without review (the company's joinApprove 0, seats bought),
 * an application decided by the manager, a kept ticket the server does not know (404). Time moves on
 * the page's clock (Playwright's clock): the link's expiry and the 10 s question for the decision.
 * Two answers are network failures made with routing: a failed first read of the link and a failed
 * question for the decision; a code request is held back while the link's expiry passes.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { invitationModel } from '../tests/models/invitation.model';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { failNextCall } from './support/oa';
import { freshCode, freshPhone, sendCode } from './support/api';
import {
  applyByInvite,
  cancelInvite,
  createInvite,
  decideApply,
  orgCompany,
  setJoinApprove,
  type OrgCompany,
} from './support/org';
import { statusPollMs } from '../machines/invitation.machine';

const spec = browserModel(invitationModel);
const paths = generatePaths(spec);

const dayMs = 24 * 60 * 60 * 1000;
/** Past the 7-day link and past the longest wait before the page reads the link again. */
const beyondExpiryMs = 8 * dayMs;

type Fixture = {
  path: ModelPath;
  company?: OrgCompany;
  invite?: { inviteId: number; inviteCode: string };
  phone: string;
  kept?: { applyId: number; ticket: string };
  release?: () => void;
};

type AnyEvent = { type: string; output?: Record<string, unknown>; error?: { code?: number } } & Record<
  string,
  unknown
>;
const eventOf = (step: { event: unknown } | undefined) => step?.event as AnyEvent | undefined;
const hasStep = (c: StepContext<Fixture>, test: (event: AnyEvent) => boolean) =>
  c.fixture.path.steps.some((step) => test(step.event as AnyEvent));
const page = (c: StepContext<Fixture>): Page => c.page;
const alert = (c: StepContext<Fixture>) => page(c).getByRole('alert');
const form = (c: StepContext<Fixture>) => page(c).getByRole('form', { name: '申请加入' });
const isValidMobile = (mobile: unknown) => typeof mobile === 'string' && /^1[2-9]\d{9}$/.test(mobile);

async function openJoinPage(c: StepContext<Fixture>, clockAt?: number): Promise<void> {
  await page(c).clock.install(clockAt === undefined ? {} : { time: clockAt });
  await page(c).goto(`/#/invite?code=${c.fixture.invite!.inviteCode}`);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const joinsAtOnce = hasStep(c, (e) => e.type === 'xstate.done.actor.join' && e.output?.['state'] === 2);
      const approved = hasStep(
        c,
        (e) => e.type === 'xstate.done.actor.readStatus' && e.output?.['state'] === 2,
      );
      c.fixture.company = await orgCompany(c.request, { seats: joinsAtOnce || approved });
      if (joinsAtOnce) await setJoinApprove(c.request, c.fixture.company, 0);
      c.fixture.invite = await createInvite(c.request, c.fixture.company);
      const load = eventOf(c.next);
      const read = load?.output as
        { invite?: { state: number }; isExpired?: boolean; kept?: unknown } | undefined;
      if (load?.type === 'xstate.error.actor.loadInvite') await failNextCall(page(c), '/org/v2/inviteDetail');
      if (read?.invite?.state === 3)
        await cancelInvite(c.request, c.fixture.company, c.fixture.invite.inviteId);
      if (read?.kept) {
        const status = eventOf(c.afterNext);
        if (status?.type === 'xstate.error.actor.readStatus' && status.error?.code === 404) {
          // A ticket this browser kept that the server does not know.
          c.fixture.kept = { applyId: 999_999, ticket: 'x'.repeat(32) };
        } else {
          c.fixture.kept = await applyByInvite(c.request, c.fixture.invite.inviteCode, c.fixture.phone);
          const decided = status?.output?.['state'];
          if (decided === 2)
            await decideApply(c.request, c.fixture.company, c.fixture.kept.applyId, 'approve');
          if (decided === 3)
            await decideApply(c.request, c.fixture.company, c.fixture.kept.applyId, 'reject');
          if (status?.type === 'xstate.error.actor.readStatus')
            await failNextCall(page(c), '/org/v2/applyStatus');
        }
        await page(c).addInitScript(([key, value]) => localStorage.setItem(key, value), [
          `invite-apply:${c.fixture.invite.inviteCode}`,
          JSON.stringify(c.fixture.kept),
        ] as const);
      }
      await openJoinPage(c, read?.isExpired ? Date.now() + beyondExpiryMs : undefined);
    },
    'xstate.done.actor.loadInvite': async () => {},
    'xstate.error.actor.loadInvite': async () => {},
    retry: async (c) => page(c).getByRole('button', { name: '重试' }).click(),
    'code.send': async (c) => {
      const mobile = eventOf(c.step)?.['mobile'];
      const typed = isValidMobile(mobile) ? c.fixture.phone : String(mobile);
      const next = eventOf(c.next);
      // Someone asked for a code for this phone a moment ago: the server refuses a second one.
      if (next?.type === 'xstate.error.actor.sendCode') await sendCode(c.request, c.fixture.phone);
      if (next?.type === 'xstate.after.inviteExpiry.invitation.invited') {
        // The code request is still under way when the link's time is up.
        let release = () => {};
        await page(c).route('**/user/validate/sendVerifyCode', async (route) => {
          await new Promise<void>((resolve) => (release = resolve));
          await route.abort('failed').catch(() => {});
        });
        c.fixture.release = () => release();
      }
      await form(c).getByRole('textbox', { name: '手机号' }).fill(typed);
      await form(c).getByRole('button', { name: '获取验证码' }).click();
    },
    'xstate.done.actor.sendCode': async () => {},
    'xstate.error.actor.sendCode': async () => {},
    apply: async (c) => {
      const event = eventOf(c.step)!;
      const next = eventOf(c.next);
      let code = String(event['code']);
      if (next?.type === 'xstate.done.actor.join' || next?.error?.code === 409)
        code = await freshCode(c.request, c.fixture.phone);
      if (next?.error?.code === 409)
        await cancelInvite(c.request, c.fixture.company!, c.fixture.invite!.inviteId);
      await form(c).getByRole('textbox', { name: '姓名' }).fill(String(event['name']));
      await form(c).getByRole('textbox', { name: '手机号' }).fill(c.fixture.phone);
      await form(c).getByRole('textbox', { name: '验证码' }).fill(code);
      await form(c).getByRole('button', { name: '提交申请' }).click();
    },
    'xstate.done.actor.join': async () => {},
    'xstate.error.actor.join': async () => {},
    refresh: async (c) => page(c).getByRole('button', { name: '刷新审核结果' }).click(),
    [`xstate.after.${statusPollMs}.invitation.applied`]: async (c) => page(c).clock.fastForward(statusPollMs),
    'xstate.after.inviteExpiry.invitation.invited': async (c) => page(c).clock.fastForward(beyondExpiryMs),
    'xstate.done.actor.readStatus': async () => {},
    'xstate.error.actor.readStatus': async () => {},
  },
  states: {
    'invitation.loading': async (c) => expect(page(c).getByTestId('invite-page')).toBeVisible(),
    'invitation.failed': async (c) => {
      await expect(alert(c)).toContainText('网络异常');
      await expect(page(c).getByRole('button', { name: '重试' })).toBeVisible();
    },
    'invitation.invited.editing': async (c) => {
      await expect(page(c).getByTestId('invite-info')).toContainText('测试经理 邀请您加入');
      await expect(form(c).getByRole('button', { name: '提交申请' })).toBeVisible();
      const event = eventOf(c.step);
      if (event?.type === 'code.send') await expect(alert(c)).toHaveText('手机号格式不正确');
      if (event?.type === 'apply') await expect(alert(c)).toHaveText('请输入姓名');
      if (event?.type === 'xstate.done.actor.sendCode')
        await expect(page(c).getByTestId('code-sent')).toHaveText('验证码已发送,请注意查收!');
      if (event?.type === 'xstate.error.actor.sendCode') await expect(alert(c)).toContainText('秒');
      if (event?.type === 'xstate.error.actor.join') await expect(alert(c)).toContainText('验证码');
    },
    'invitation.invited.sendingCode': async (c) => expect(form(c)).toBeVisible(),
    'invitation.applying': async (c) => expect(page(c).getByTestId('invite-page')).toBeVisible(),
    'invitation.applied': async (c) => {
      await expect(page(c).getByTestId('invite-outcome')).toContainText('待审核');
      await expect(page(c).getByTestId('invite-outcome')).toContainText('申请已提交，请等待管理员审核');
      if (eventOf(c.step)?.type === 'xstate.error.actor.readStatus')
        await expect(alert(c)).toContainText('网络异常');
    },
    'invitation.checking': async (c) => expect(page(c).getByTestId('invite-page')).toBeVisible(),
    'invitation.approved': async (c) => {
      await expect(page(c).getByTestId('invite-outcome')).toContainText('已加入');
      await expect(page(c).getByRole('button', { name: '去登录' })).toBeVisible();
    },
    'invitation.rejected': async (c) => {
      await expect(page(c).getByTestId('invite-outcome')).toContainText('未通过');
      await expect(page(c).getByTestId('invite-outcome')).toContainText('原因：暂不招聘');
    },
    'invitation.cancelled': async (c) =>
      expect(page(c).getByTestId('invite-outcome')).toContainText('该邀请链接已作废'),
    'invitation.expired': async (c) =>
      expect(page(c).getByTestId('invite-outcome')).toContainText('该邀请链接已过期'),
  },
};

test.describe('invitation machine through the real join page', () => {
  for (const path of paths) {
    test(path.description, async ({ page: browserPage, request }) => {
      const fixture: Fixture = { path, phone: freshPhone() };
      try {
        await runPathInBrowser(spec, path, executors, { page: browserPage, request, fixture });
      } finally {
        fixture.release?.();
      }
    });
  }
});
