/** Handlers of the login, session and user operations (openapi/paths/user.yaml). */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { businessError } from '../../contract/envelope';
import type { HandlerContext, HandlerMap, Session } from '../../contract/types';
import { createCompany } from '../org/companies';
import { imageKinds } from '../../storage/files';
import { hashPassword, isPasswordCorrect } from './passwords';
import { issueSession, revokeSession, revokeUserSessions } from './sessions';
import { checkVerifyCode, sendVerifyCode } from './verify-codes';
import { findUserByName, userInfo } from './users';
import { LoginType, countAddressFailures, readPasswordAttempts, recordLogin } from './login-records';
import {
  addressBlockedMessage,
  isAddressBlocked,
  lockedMessage,
  lockedUntil,
} from '../../../domain/login-lock';
import { formatClockTime } from '../../format';
import { checkLoginPolicy } from '../org/login-policy';
import { ApiError } from '../../contract/envelope';

const wrongCredentials = '账号或密码错误';
const disabledAccount = '该账号已停用，请联系管理员';

/** Operations that the contract protects always get a session from the router. */
export function requireSession(context: HandlerContext): Session {
  if (!context.session) throw new Error('operation needs a session but the contract does not require one');
  return context.session;
}

/** The management settings' login rules (time window, single device); a refusal is recorded like others. */
async function checkPolicyRecorded(
  db: Parameters<typeof checkLoginPolicy>[0],
  clock: Parameters<typeof checkLoginPolicy>[1],
  user: Parameters<typeof checkLoginPolicy>[2],
  attempt: Omit<Parameters<typeof recordLogin>[1], 'failure'>,
) {
  try {
    return await checkLoginPolicy(db, clock, user);
  } catch (error) {
    if (error instanceof ApiError) await recordLogin(db, { ...attempt, failure: 'time-window' });
    throw error;
  }
}

export const userHandlers = {
  async loginPassword({ body }, { db, clock, ip, userAgent, loginIpMaxFailures }) {
    const now = clock.now();
    const user = await findUserByName(db, body.userName);
    const attempt = {
      companyId: user?.companyId ?? null,
      userId: user?.id ?? null,
      userName: body.userName,
      ip,
      userAgent,
      loginType: LoginType.password,
      at: now,
    };
    if (isAddressBlocked(await countAddressFailures(db, ip, now), loginIpMaxFailures)) {
      await recordLogin(db, { ...attempt, failure: 'address-blocked' });
      throw businessError(addressBlockedMessage);
    }
    const attempts = await readPasswordAttempts(db, body.userName, now);
    const locked = lockedUntil(attempts, now);
    if (locked) {
      // Refused without looking at the password: a right one does not log in during the lock.
      await recordLogin(db, { ...attempt, failure: 'locked' });
      throw businessError(lockedMessage(locked, now, formatClockTime));
    }
    if (!(await isPasswordCorrect(body.password, user?.passwordHash ?? null)) || !user) {
      await recordLogin(db, { ...attempt, failure: 'wrong-password' });
      const lockedNow = lockedUntil([...attempts, { at: now, result: 'failure' }], now);
      if (lockedNow) throw businessError(lockedMessage(lockedNow, now, formatClockTime));
      throw businessError(wrongCredentials);
    }
    if (user.status !== 1) {
      await recordLogin(db, { ...attempt, failure: 'disabled' });
      throw businessError(disabledAccount);
    }
    const policy = await checkPolicyRecorded(db, clock, user, attempt);
    await recordLogin(db, { ...attempt, failure: null });
    await policy.endOtherSessions();
    return { data: await issueSession(db, clock, user, ip) };
  },

  async sendVerifyCode({ body }, { db, clock, sms, smsResendSeconds, ip, addressLimits }) {
    return {
      data: await sendVerifyCode(db, clock, sms, body.userName, smsResendSeconds, {
        ip,
        limits: addressLimits,
      }),
      message: '验证码已发送,请注意查收!',
    };
  },

  async registerOrLogin({ body }, { db, clock, ip, userAgent, addressLimits }) {
    const user = await findUserByName(db, body.userName);
    if (!user && (!body.companyName || !body.name)) {
      await checkVerifyCode(db, clock, body.userName, body.code, {
        consume: false,
        address: { ip, limits: addressLimits },
      });
      throw businessError('该手机号尚未注册，请填写公司名称和姓名');
    }
    await checkVerifyCode(db, clock, body.userName, body.code, {
      consume: true,
      address: { ip, limits: addressLimits },
    });
    if (user) {
      const attempt = {
        companyId: user.companyId,
        userId: user.id,
        userName: body.userName,
        ip,
        userAgent,
        loginType: LoginType.code,
        at: clock.now(),
      };
      if (user.status !== 1) {
        await recordLogin(db, { ...attempt, failure: 'disabled' });
        throw businessError(disabledAccount);
      }
      const policy = await checkPolicyRecorded(db, clock, user, attempt);
      await recordLogin(db, { ...attempt, failure: null });
      await policy.endOtherSessions();
      return { data: await issueSession(db, clock, user, ip) };
    }
    const created = await createCompany(db, {
      name: body.companyName!,
      manager: { userName: body.userName, name: body.name!, passwordHash: null },
    });
    return {
      data: await issueSession(db, clock, { id: created.managerId, companyId: created.companyId }, ip),
    };
  },

  async loginRegister({ body }, { db, clock, ip, addressLimits }) {
    if (await findUserByName(db, body.userName)) throw businessError('该手机号已注册，请直接登录');
    await checkVerifyCode(db, clock, body.userName, body.code, {
      consume: true,
      address: { ip, limits: addressLimits },
    });
    const created = await createCompany(db, {
      name: body.companyName,
      manager: { userName: body.userName, name: body.name, passwordHash: await hashPassword(body.password) },
    });
    return {
      data: await issueSession(db, clock, { id: created.managerId, companyId: created.companyId }, ip),
    };
  },

  async retrievePassword({ body }, { db, clock, ip, addressLimits }) {
    const user = await findUserByName(db, body.userName);
    if (!user) throw businessError('该手机号尚未注册');
    await checkVerifyCode(db, clock, body.userName, body.code, {
      consume: true,
      address: { ip, limits: addressLimits },
    });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(eq(users.id, user.id));
    await revokeUserSessions(db, clock, user.id);
    return { message: '密码已重置，请使用新密码登录' };
  },

  async exit(_input, context) {
    const session = requireSession(context);
    await revokeSession(context.db, context.clock, session.sessionId);
    return { message: '退出成功！' };
  },

  async initialize(_input, context) {
    const session = requireSession(context);
    const user = userInfo(session);
    return {
      data: {
        companyid: session.companyId,
        currentInfo: {
          companyid: session.companyId,
          companyName: user.companyName,
          houseTypeDesc: [
            { value: 0, label: '全部' },
            { value: 1, label: '出售' },
            { value: 2, label: '出租' },
            { value: 3, label: '其他' },
          ],
        },
        user,
      },
    };
  },

  async userNameUpdate({ body }, context) {
    const session = requireSession(context);
    await context.db.update(users).set({ name: body.name.trim() }).where(eq(users.id, session.userId));
    return { message: '修改成功' };
  },

  async userFaceUpdate({ files }, context) {
    const session = requireSession(context);
    const file = files.find((f) => f.fieldName === 'file');
    if (!file) throw businessError('请选择头像图片');
    const stored = await context.files.save(file.data, file.fileName, imageKinds, 5 * 1024 * 1024);
    await context.db.update(users).set({ faceUrl: stored.url }).where(eq(users.id, session.userId));
    return { data: { faceUrl: stored.url }, message: '头像已更新' };
  },

  async userPasswordsUpdate({ body }, context) {
    const session = requireSession(context);
    const [user] = await context.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
    if (!user?.passwordHash || !(await isPasswordCorrect(body.oldPassword, user.passwordHash))) {
      throw businessError('原密码不正确');
    }
    await context.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.newPassword) })
      .where(eq(users.id, session.userId));
    return { message: '密码修改成功' };
  },
} satisfies HandlerMap;
