/**
 * The maintainer rule (维护人规则 of the team settings, sell and rent tabs) as a periodic job: a
 * maintainer who within the assessed days wrote fewer follow-ups, or called the owner fewer times
 * (views of the owner's phone), than the company asks loses the private listing: by houseOutType 1 it
 * turns public without a maintainer, by 2 it passes to the store manager of the maintainer's
 * department (public when the store has none). With houseOutState 1 only 有效 listings are judged.
 * Each move is written to the listing's record and follow-ups (system), like a move by hand.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { acrossCompanies, companyScope, inCompany } from '../../db/company-scope';
import { houseFollowUps, houseKeyViews, houseTeam, houses, housingSettings } from '../../db/schema-house';
import { users } from '../../db/schema';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HouseKinds,
  HousePools,
  TeamRoles,
  maintainerFallReason,
  type MaintainerRule,
} from '../../../domain/house-rules';
import { defaultHousingSetting, type HousingSetting } from './settings';
import { RecordTypes } from './records';
import { writeRecord } from '../records/app-records';
import { writeSystemFollowUp } from './follow-ups';
import { storeManagerOf } from '../org/store-manager';

const dayMs = 24 * 60 * 60 * 1000;
/** Follow-ups the system writes for moves (状态变更) are not the maintainer's. */
const systemFollowUpCategory = 7;
const ownerPhoneView = 1;

export async function followUpsSince(db: Db, houseId: number, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(houseFollowUps)
    .where(
      and(
        eq(houseFollowUps.houseId, houseId),
        eq(houseFollowUps.userId, userId),
        ne(houseFollowUps.category, systemFollowUpCategory),
        gte(houseFollowUps.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function callsSince(db: Db, houseId: number, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(houseKeyViews)
    .where(
      and(
        eq(houseKeyViews.houseId, houseId),
        eq(houseKeyViews.userId, userId),
        eq(houseKeyViews.type, ownerPhoneView),
        gte(houseKeyViews.viewedAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

async function sweepCompany(db: Db, clock: Clock, companyId: number, setting: HousingSetting) {
  const now = clock.now();
  let moved = 0;
  const rules: [number, MaintainerRule][] = [
    [HouseKinds.sell, setting.sellTeam.teamMaintainer],
    [HouseKinds.rent, setting.rentTeam.teamMaintainer],
  ];
  for (const [kind, rule] of rules) {
    if (rule.selected !== 1) continue;
    const shortest = Math.min(
      rule.followUpCount > 0 ? rule.followUpDays : Infinity,
      rule.callCount > 0 ? rule.callDays : Infinity,
    );
    if (!Number.isFinite(shortest)) continue;
    const candidates = await db
      .select({
        house: houses,
        maintainerName: users.name,
      })
      .from(houses)
      .innerJoin(users, eq(users.id, houses.attributorId))
      .where(
        and(
          inCompany(houses, companyId),
          isNull(houses.deletedAt),
          eq(houses.type, kind),
          eq(houses.attribution, HousePools.private),
          isNotNull(houses.attributorId),
          lte(houses.privateSince, new Date(now.getTime() - shortest * dayMs)),
          rule.houseOutState === 1 ? eq(houses.houseState, 1) : undefined,
        ),
      );
    for (const { house, maintainerName } of candidates) {
      const maintainerId = house.attributorId!;
      const heldDays = Math.floor((now.getTime() - house.privateSince!.getTime()) / dayMs);
      const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);
      const followUps = await followUpsSince(db, house.id, maintainerId, daysAgo(rule.followUpDays));
      const calls = await callsSince(db, house.id, maintainerId, daysAgo(rule.callDays));
      const reason = maintainerFallReason(rule, { days: heldDays, followUps, calls });
      if (!reason) continue;
      const manager = rule.houseOutType === 2 ? await storeManagerOf(db, companyId, house.deptId) : null;
      const handOver = manager && manager.id !== maintainerId ? manager : null;
      const content = handOver
        ? `维护人${maintainerName}${reason}，维护人转交店长${handOver.name}`
        : `维护人${maintainerName}${reason}，移出维护并转为公盘`;
      await db.transaction(async (tx) => {
        const scope = companyScope(tx, companyId);
        // Only if nothing moved it meanwhile (a follow-up, a hand-over by hand).
        const [still] = await tx
          .select({ id: houses.id })
          .from(houses)
          .where(
            and(
              inCompany(houses, companyId),
              eq(houses.id, house.id),
              eq(houses.attributorId, maintainerId),
              eq(houses.attribution, HousePools.private),
            ),
          )
          .for('update');
        if (!still) return;
        // Only the 归属人 falls off (and the store manager's own co-maintainer row gives way to his
        // new one); the other 协同维护人 stay.
        await scope.delete(
          houseTeam,
          eq(houseTeam.houseId, house.id),
          eq(houseTeam.role, TeamRoles.maintainer),
          inArray(houseTeam.userId, handOver ? [maintainerId, handOver.id] : [maintainerId]),
        );
        if (handOver) {
          await scope.update(
            houses,
            { attributorId: handOver.id, deptId: handOver.deptId, privateSince: now, updateTime: now },
            eq(houses.id, house.id),
          );
          await scope.insert(houseTeam, {
            houseId: house.id,
            role: TeamRoles.maintainer,
            userId: handOver.id,
            createdAt: now,
          });
        } else {
          await scope.update(
            houses,
            { attribution: HousePools.public, attributorId: null, privateSince: null, updateTime: now },
            eq(houses.id, house.id),
          );
        }
        const who = { companyId, userId: null, ip: null };
        await writeRecord(tx, clock, who, {
          appType: HouseAuth.appType,
          itemId: house.id,
          type: RecordTypes.operation,
          content,
        });
        await writeSystemFollowUp(tx, companyId, house.id, null, content, now);
        moved += 1;
      });
    }
  }
  return moved;
}

export async function sweepMaintainerRule(db: Db, clock: Clock): Promise<number> {
  const settings = await db
    .select()
    .from(housingSettings)
    .where(acrossCompanies('the maintainer-rule job visits every company that turned the rule on'));
  let moved = 0;
  for (const row of settings) {
    const setting = { ...defaultHousingSetting(), ...(row.setting as Partial<HousingSetting>) };
    moved += await sweepCompany(db, clock, row.companyId, setting);
  }
  return moved;
}
