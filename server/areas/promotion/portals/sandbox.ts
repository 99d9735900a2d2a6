/**
 * The sandbox portals: behave like the real ones, offline. Each keeps its listings in
 * sandbox_portal_listings (so every server process sees the same portal), checks a listing with its
 * own rules and its own Chinese reasons (a bound broker account where the portal needs one, required
 * fields, pictures, the price range), takes listings online and offline, and reports views and leads
 * growing with the time a listing is online on the server clock. For tests it can be told to be down,
 * to fail the first N calls for each listing, or to answer slowly — by configuration for the whole
 * server, or at run time for one company's listings (an outage, sandboxPortalOutage, kept in
 * sandbox_portal_outages).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import type { Clock } from '../../../clock';
import { sandboxPortalListings, sandboxPortalOutages } from '../../../db/schema-promotion';
import { inCompany } from '../../../db/company-scope';
import { Channels } from '../../../../domain/promotion';
import {
  PortalUnavailable,
  type BrokerAccount,
  type Portal,
  type PortalListing,
  type PortalStats,
  type Portals,
  type PublishOutcome,
  type VerifyOutcome,
} from './portal';

export type SandboxBehaviour = {
  /** Channels that answer nothing (every call fails). */
  down?: readonly number[];
  /** The first N calls for each listing key fail (then the portal answers). */
  failFirst?: number;
  /** Milliseconds each call takes. */
  delayMs?: number;
};

type Rules = {
  name: string;
  prefix: string;
  host: string;
  minPictures: number;
  sellPrice: [number, number];
  rentPrice: [number, number];
  reasons: {
    unbound: string | null;
    empty: (field: string) => string;
    pictures: (min: number) => string;
    price: (range: string) => string;
  };
};

const rules: Record<number, Rules> = {
  [Channels.xfl]: {
    name: '幸福里',
    prefix: 'XFL',
    host: 'https://sandbox-xfl.example.invalid/house/',
    minPictures: 3,
    sellPrice: [10, 10000],
    rentPrice: [300, 100000],
    reasons: {
      unbound: null,
      empty: (field) => `房源信息不完整：${field}不能为空`,
      pictures: (min) => `房源图片不足 ${min} 张，请补充实拍图后再推送`,
      price: (range) => `房源价格不在幸福里允许的范围内（${range}）`,
    },
  },
  [Channels.wuba]: {
    name: '58 优选',
    prefix: 'WB',
    host: 'https://sandbox-58.example.invalid/fangyuan/',
    minPictures: 3,
    sellPrice: [10, 10000],
    rentPrice: [300, 100000],
    reasons: {
      unbound: '经纪人未绑定 58 账号，请先在「58同城经纪人」中绑定',
      empty: (field) => `必填项「${field}」为空，58 同城不予收录`,
      pictures: (min) => `房源缺少实拍图片，58 同城要求至少 ${min} 张`,
      price: (range) => `房源价格超出 58 同城允许范围（${range}）`,
    },
  },
  [Channels.fang]: {
    name: '房天下',
    prefix: 'FTX',
    host: 'https://sandbox-fang.example.invalid/chushou/',
    minPictures: 2,
    sellPrice: [5, 20000],
    rentPrice: [200, 200000],
    reasons: {
      unbound: null,
      empty: (field) => `${field}为必填项，请补全后再推送`,
      pictures: (min) => `图片数量不足：房天下至少需要 ${min} 张室内图`,
      price: (range) => `价格异常：房天下价格范围为 ${range}`,
    },
  },
  [Channels.tmall]: {
    name: '天猫好房',
    prefix: 'TM',
    host: 'https://sandbox-tmall.example.invalid/item/',
    minPictures: 3,
    sellPrice: [10, 10000],
    rentPrice: [500, 100000],
    reasons: {
      unbound: '经纪人未绑定天猫好房账号，请先在「天猫好房经纪人」中绑定',
      empty: (field) => `商品信息缺失：${field}为必填`,
      pictures: (min) => `房源图片缺失，天猫好房要求不少于 ${min} 张图片`,
      price: (range) => `房源价格不在天猫好房允许的区间（${range}）`,
    },
  },
};

function rangeText(type: number, [low, high]: [number, number]): string {
  return type === 1 ? `出售 ${low}-${high} 万元` : `出租 ${low}-${high} 元/月`;
}

/** The portal's verdict on a listing: null when it takes it, or its reason. */
export function sandboxRejection(channel: number, listing: PortalListing): string | null {
  const rule = rules[channel];
  if (!rule) return '未知渠道';
  if (rule.reasons.unbound && !listing.outBrokerId) return rule.reasons.unbound;
  if (!listing.communityName.trim()) return rule.reasons.empty('小区名称');
  if (!listing.title.trim()) return rule.reasons.empty('房源标题');
  if (!(listing.area > 0)) return rule.reasons.empty('建筑面积');
  if (!(listing.price > 0)) return rule.reasons.empty(listing.type === 1 ? '售价' : '租金');
  if (listing.pictureCount < rule.minPictures) return rule.reasons.pictures(rule.minPictures);
  const range = listing.type === 1 ? rule.sellPrice : rule.rentPrice;
  if (listing.price < range[0] || listing.price > range[1])
    return rule.reasons.price(rangeText(listing.type, range));
  return null;
}

const hourMs = 60 * 60 * 1000;

/** The portal of `channel` fails every call for the company's listings for `minutes` (0 ends it). */
export async function setSandboxOutage(
  db: Db,
  clock: Clock,
  companyId: number,
  channel: number,
  minutes: number,
): Promise<void> {
  const until = new Date(clock.now().getTime() + minutes * 60_000);
  await db
    .insert(sandboxPortalOutages)
    .values({ channel, companyId, until })
    .onConflictDoUpdate({
      target: [sandboxPortalOutages.channel, sandboxPortalOutages.companyId],
      set: { until },
    });
}

export function createSandboxPortals(db: Db, clock: Clock, behaviour: SandboxBehaviour = {}): Portals {
  const portals = new Map<number, Portal>();
  for (const channel of Object.keys(rules).map(Number)) {
    portals.set(channel, createSandboxPortal(db, clock, channel, behaviour));
  }
  return (channel) => {
    const portal = portals.get(channel);
    if (!portal) throw new Error(`no portal for channel ${channel}`);
    return portal;
  };
}

function createSandboxPortal(db: Db, clock: Clock, channel: number, behaviour: SandboxBehaviour): Portal {
  const rule = rules[channel]!;
  const isDown = () => (behaviour.down ?? []).includes(channel);
  const answer = async (key?: string) => {
    if (behaviour.delayMs) await new Promise((done) => setTimeout(done, behaviour.delayMs));
    if (isDown()) throw new PortalUnavailable(`${rule.name}服务暂不可用`);
    const companyId = key ? Number(key.split('-')[0]) : NaN;
    if (!Number.isInteger(companyId)) return;
    const [outage] = await db
      .select({ until: sandboxPortalOutages.until })
      .from(sandboxPortalOutages)
      .where(and(eq(sandboxPortalOutages.channel, channel), inCompany(sandboxPortalOutages, companyId)));
    if (outage && outage.until > clock.now()) throw new PortalUnavailable(`${rule.name}服务暂不可用`);
  };
  const keyOf = (outId: string) => outId.slice(rule.prefix.length);
  const byOutId = (outId: string) =>
    and(eq(sandboxPortalListings.channel, channel), eq(sandboxPortalListings.outId, outId));

  return {
    channel,
    name: rule.name,
    async publish(listing): Promise<PublishOutcome> {
      const outId = `${rule.prefix}${listing.key}`;
      // Every call is counted first, so "fail the first N calls" holds across processes and restarts.
      const [row] = await db
        .insert(sandboxPortalListings)
        .values({ channel, key: listing.key, outId, state: 'new', calls: 1, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: [sandboxPortalListings.channel, sandboxPortalListings.key],
          set: { calls: sql`${sandboxPortalListings.calls} + 1` },
        })
        .returning();
      await answer(listing.key);
      if (row && row.calls <= (behaviour.failFirst ?? 0))
        throw new PortalUnavailable(`${rule.name}接口超时，请稍后再试`);
      const reason = sandboxRejection(channel, listing);
      if (reason) {
        await db
          .update(sandboxPortalListings)
          .set({ state: 'rejected', updatedAt: clock.now() })
          .where(and(eq(sandboxPortalListings.channel, channel), eq(sandboxPortalListings.key, listing.key)));
        return { accepted: false, reason };
      }
      // The same key updates the portal's listing; only a key it never listed creates one.
      await db
        .update(sandboxPortalListings)
        .set({
          state: 'online',
          price: listing.price,
          created: sql`greatest(${sandboxPortalListings.created}, 1)`,
          updatedAt: clock.now(),
        })
        .where(and(eq(sandboxPortalListings.channel, channel), eq(sandboxPortalListings.key, listing.key)));
      return { accepted: true, outId, url: `${rule.host}${outId}` };
    },
    async setOnline(outId, online) {
      await answer(keyOf(outId));
      const [row] = await db.select().from(sandboxPortalListings).where(byOutId(outId));
      if (!row || row.state === 'removed') throw new PortalUnavailable(`${rule.name}：房源 ${outId} 不存在`);
      await db
        .update(sandboxPortalListings)
        .set({ state: online ? 'online' : 'offline', updatedAt: clock.now() })
        .where(byOutId(outId));
    },
    async remove(outId) {
      await answer(keyOf(outId));
      await db
        .update(sandboxPortalListings)
        .set({ state: 'removed', updatedAt: clock.now() })
        .where(byOutId(outId));
    },
    async stats(outIds): Promise<PortalStats[]> {
      await answer();
      if (outIds.length === 0) return [];
      const rows = await db
        .select()
        .from(sandboxPortalListings)
        .where(and(eq(sandboxPortalListings.channel, channel), inArray(sandboxPortalListings.outId, outIds)));
      // Views grow by 3 an hour while online and leads by one per 20 views: numbers a test can predict.
      const now = clock.now().getTime();
      const reported: PortalStats[] = [];
      for (const row of rows) {
        const views =
          row.views +
          (row.state === 'online' ? Math.floor(((now - row.updatedAt.getTime()) / hourMs) * 3) : 0);
        const leads = Math.floor(views / 20);
        if (views !== row.views) {
          await db
            .update(sandboxPortalListings)
            .set({ views, leads, updatedAt: clock.now() })
            .where(byOutId(row.outId));
        }
        reported.push({ outId: row.outId, views, leads });
      }
      return reported;
    },
    async verifyBroker(account: BrokerAccount): Promise<VerifyOutcome> {
      await answer();
      if (!/^1[3-9]\d{9}$/.test(account.phone))
        return { ok: false, reason: `${rule.name}：手机号与账号不匹配` };
      if (account.account.length < 4) return { ok: false, reason: `${rule.name}：账号不存在` };
      return { ok: true, outBrokerId: `${rule.prefix}B${account.phone.slice(-6)}` };
    },
  };
}
