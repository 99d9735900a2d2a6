/**
 * Broker integration settings (fp-58sup-broker, fp-tmall-broker; 001 section 2): a broker binds his
 * account on 58 优选 or 天猫好房 (account, phone, store), which the portal verifies; unbinds; and the
 * company's bindings on that portal are listed. A portal that needs a binding refuses a listing
 * pushed by a broker without one (the sandbox's reason names the settings page).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { departments, users } from '../../db/schema';
import { brokerBindings } from '../../db/schema-promotion';
import { companyScope, inCompany } from '../../db/company-scope';
import type { Session } from '../../contract/types';
import { businessError, notFound } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import { formatDateTime } from '../../format';
import { PortalUnavailable, type Portals } from './portals/portal';
import { bindingChannels, channelNames, PromotionAuth } from '../../../domain/promotion';
import { isMobile } from '../../../domain/validators';

function requireBindingChannel(channel: number): void {
  if (!bindingChannels.includes(channel)) throw businessError('该渠道无需绑定经纪人账号（channel）');
}

export async function listBrokerBindings(db: Db, session: Session, channel: number) {
  await requireAuth(db, session, PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  requireBindingChannel(channel);
  const rows = await db
    .select({ binding: brokerBindings, name: users.name, deptName: departments.name })
    .from(brokerBindings)
    .innerJoin(users, eq(users.id, brokerBindings.userId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(and(inCompany(brokerBindings, session.companyId), eq(brokerBindings.channel, channel)))
    .orderBy(asc(brokerBindings.boundAt));
  return rows.map(({ binding, name, deptName }) => ({
    userId: binding.userId,
    userName: name,
    deptName,
    channel: binding.channel as 2 | 4,
    account: binding.account,
    phone: binding.phone,
    storeName: binding.storeName,
    outBrokerId: binding.outBrokerId,
    state: 1 as const,
    stateName: '已绑定',
    isMine: binding.userId === session.userId,
    boundAt: formatDateTime(binding.boundAt),
  }));
}

/** Binds (or binds again) the user's account on the portal after the portal verifies it. */
export async function bindBroker(
  db: Db,
  clock: Clock,
  portals: Portals,
  session: Session,
  body: { channel: number; account: string; phone: string; storeName: string },
) {
  await requireAuth(db, session, PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  requireBindingChannel(body.channel);
  const account = body.account.trim();
  const storeName = body.storeName.trim();
  if (!account) throw businessError('请填写经纪人账号（account）');
  if (!storeName) throw businessError('请填写所属门店（storeName）');
  if (!isMobile(body.phone)) throw businessError('手机号格式不正确（phone）');
  let verified;
  try {
    verified = await portals(body.channel).verifyBroker({ account, phone: body.phone, storeName });
  } catch (caught) {
    if (caught instanceof PortalUnavailable)
      throw businessError(`${channelNames[body.channel]}暂时无法验证账号，请稍后再试`);
    throw caught;
  }
  if (!verified.ok) throw businessError(verified.reason);
  const values = {
    account,
    phone: body.phone,
    storeName,
    outBrokerId: verified.outBrokerId,
    boundAt: clock.now(),
  };
  await companyScope(db, session.companyId)
    .insert(brokerBindings, { userId: session.userId, channel: body.channel, ...values })
    .onConflictDoUpdate({ target: [brokerBindings.userId, brokerBindings.channel], set: values });
  return values.outBrokerId;
}

export async function unbindBroker(db: Db, session: Session, channel: number): Promise<void> {
  await requireAuth(db, session, PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  requireBindingChannel(channel);
  const removed = await companyScope(db, session.companyId)
    .delete(brokerBindings, eq(brokerBindings.userId, session.userId), eq(brokerBindings.channel, channel))
    .returning({ userId: brokerBindings.userId });
  if (removed.length === 0) throw notFound(`您还没有绑定${channelNames[channel]}账号`);
}
