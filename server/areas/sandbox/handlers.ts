/** The sandbox providers' own operations (dev pages). Off when the server runs with SANDBOX=0. */
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema';
import { appVersions } from '../../db/schema-system';
import { appConfig } from '../../../domain/app-config';
import { requireSession } from '../user/handlers';
import { notFound } from '../../contract/envelope';
import type { HandlerMap } from '../../contract/types';
import { formatDateTime } from '../../format';
import { timeOutFaceCheck } from './face-timeout';
import { timeOutOrder } from './order-timeout';
import { timeOutSealAuth } from './seal-auth-timeout';
import { passSignDeadline } from './sign-deadline-timeout';
import { setSandboxOutage } from '../promotion/portals/sandbox';

export const sandboxHandlers = {
  async smsOutbox({ query }, { db, isSandbox }) {
    if (!isSandbox) throw notFound('沙箱未开启');
    const rows = await db
      .select()
      .from(smsOutbox)
      .where(query.phone ? eq(smsOutbox.phone, query.phone) : undefined)
      .orderBy(desc(smsOutbox.id))
      .limit(50);
    return { data: rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })) };
  },

  /** The vendor's release desk stand-in: a PC client version for the caller's company only. */
  async sandboxAppRelease({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    const session = requireSession(context);
    await context.db.insert(appVersions).values({
      platform: appConfig.platform,
      name: appConfig.name,
      version: body.version,
      versionCode: body.versionCode,
      content: body.content,
      downloadUrl: body.downloadUrl || '/',
      forceUpdate: body.forceUpdate,
      companyId: session.companyId,
      releasedAt: context.clock.now(),
    });
    return { message: `已向本公司发布 ${body.version}` };
  },

  /*
   * Simulated timeouts, as a payment or e-sign vendor's sandbox offers them: each moves one record's
   * own timestamps into the past, and the server's real expiry rule, on its real clock, does the rest.
   */
  async sandboxFaceTimeout({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    return { data: await timeOutFaceCheck(context.db, context.clock.now(), body.faceId) };
  },

  async sandboxPayTimeout({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    const session = requireSession(context);
    const { order, message } = await timeOutOrder(
      context.db,
      session.companyId,
      context.clock.now(),
      body.orderNumber,
    );
    return { data: order, message };
  },

  async sandboxSignDeadlineTimeout({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    const session = requireSession(context);
    const message = await passSignDeadline(
      context.db,
      session.companyId,
      context.clock.now(),
      body.contractId,
    );
    return { message };
  },

  async sandboxPortalOutage({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    const session = requireSession(context);
    await setSandboxOutage(context.db, context.clock, session.companyId, body.channel, body.minutes);
    return { message: body.minutes > 0 ? '渠道故障已开始' : '渠道故障已结束' };
  },

  async sandboxSealAuthTimeout({ body }, context) {
    if (!context.isSandbox) throw notFound('沙箱未开启');
    const session = requireSession(context);
    const message = await timeOutSealAuth(context.db, session.companyId, context.clock.now(), body.sealId);
    return { message };
  },
} satisfies HandlerMap;
