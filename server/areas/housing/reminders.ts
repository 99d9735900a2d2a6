/**
 * 业务提醒 (message type 2) for listings, as for customers (server/areas/customer/reminders.ts): once
 * a day, the holder of each private listing that the rules of 房源基础设置 will move within the next
 * day hears of it while there is still time to follow up — privacyToPublic (N days without a
 * follow-up turn it public, server/areas/housing/pools.ts) and the maintainer rule (too few
 * follow-ups or owner calls within the assessed days, server/areas/housing/maintainer-rule.ts).
 * The same rules as the moves, asked for a day later; a listing already due is moved by its sweep,
 * not reminded. One reminder per listing, naming the first rule that will move it.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { acrossCompanies, inCompany } from '../../db/company-scope';
import { houses, housingSettings } from '../../db/schema-house';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HouseKinds,
  HousePools,
  maintainerFallReason,
  publicDueAt,
  type MaintainerRule,
} from '../../../domain/house-rules';
import { sendMessages } from '../messages/messages';
import { callsSince, followUpsSince } from './maintainer-rule';
import { defaultHousingSetting, type HousingSetting } from './settings';

const dayMs = 24 * 60 * 60 * 1000;
type House = typeof houses.$inferSelect;

/** Why privacyToPublic turns the listing public by `at` (domain/house-rules.ts publicDueAt; null when it does not). */
function privacyReason(setting: HousingSetting, house: House, at: Date): string | null {
  if (!house.privateSince) return null;
  const due = publicDueAt(setting.privacyToPublic, { ...house, privateSince: house.privateSince });
  return due !== null && due.getTime() <= at.getTime() ? `${setting.privacyToPublic.days} 天无跟进` : null;
}

/** Why the maintainer rule takes the listing from its maintainer at `at` (null when it does not). */
async function maintainerReason(
  db: Db,
  rule: MaintainerRule,
  house: House,
  at: Date,
): Promise<string | null> {
  if (rule.selected !== 1 || !house.privateSince || house.attributorId === null) return null;
  if (rule.houseOutState === 1 && house.houseState !== 1) return null;
  const since = (days: number) => new Date(at.getTime() - days * dayMs);
  return maintainerFallReason(rule, {
    days: Math.floor((at.getTime() - house.privateSince.getTime()) / dayMs),
    followUps: await followUpsSince(db, house.id, house.attributorId, since(rule.followUpDays)),
    calls: await callsSince(db, house.id, house.attributorId, since(rule.callDays)),
  });
}

function houseName(house: House): string {
  return [house.communityName, house.buildingNo, house.roomNo].filter(Boolean).join(' ');
}

/** Reminds each holder of the private listings due to move within a day; answers how many reminders went out. */
export async function remindListingsDue(db: Db, clock: Clock): Promise<number> {
  const settings = await db
    .select()
    .from(housingSettings)
    .where(acrossCompanies('the daily listing reminder visits every company that saved listing settings'));
  const now = clock.now();
  const tomorrow = new Date(now.getTime() + dayMs);
  let sent = 0;
  for (const row of settings) {
    const setting: HousingSetting = {
      ...defaultHousingSetting(),
      ...(row.setting as Partial<HousingSetting>),
    };
    const maintainerRules: Record<number, MaintainerRule> = {
      [HouseKinds.sell]: setting.sellTeam.teamMaintainer,
      [HouseKinds.rent]: setting.rentTeam.teamMaintainer,
    };
    const isPrivacyOn = setting.privacyToPublic.selected === 1;
    if (!isPrivacyOn && Object.values(maintainerRules).every((rule) => rule.selected !== 1)) continue;
    const candidates = await db
      .select()
      .from(houses)
      .where(
        and(
          inCompany(houses, row.companyId),
          isNull(houses.deletedAt),
          eq(houses.attribution, HousePools.private),
          isNotNull(houses.attributorId),
          isNotNull(houses.privateSince),
        ),
      );
    for (const house of candidates) {
      const rule = maintainerRules[house.type];
      let reason: string | null = null;
      let outcome = '转为公盘';
      if (privacyReason(setting, house, now) === null) reason = privacyReason(setting, house, tomorrow);
      if (reason === null && rule && (await maintainerReason(db, rule, house, now)) === null) {
        reason = await maintainerReason(db, rule, house, tomorrow);
        if (reason !== null && rule.houseOutType === 2) outcome = '转交店长维护';
      }
      if (reason === null) continue;
      sent += await sendMessages(db, {
        companyId: row.companyId,
        userIds: [house.attributorId!],
        messageType: 2,
        title: '房源跟进提醒',
        content: `您维护的私盘「${houseName(house)}」（${house.houseNo}）将因「${reason}」在一天内按规则${outcome}，请及时跟进`,
        link: {
          appType: HouseAuth.appType,
          appId: house.id,
          path: '/views/house/detail',
          params: { type: house.type, id: house.id, appType: HouseAuth.appType },
        },
        now,
      });
    }
  }
  return sent;
}
