/**
 * Sample sign contracts for a newcomer's office (`npm start` and `npm run seed` on an empty database):
 * company A's manager has drawn up eight 二手房买卖合同 on the company's own sale listings, each owner
 * selling to one of the company's buy customers; three are out for signing (签署中), the others wait to
 * be started (待发起). They are made through the same calls a broker's submission and 发起签署 use, so
 * they hold to every rule of the form. The API tests start from the demo data without them (each test
 * makes the contracts it needs), and so do the browser tests (DEMO_CONTRACTS=0).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import type { Clock } from '../../clock';
import type { Session } from '../../contract/types';
import { users } from '../../db/schema';
import { houses } from '../../db/schema-house';
import { customers } from '../../db/schema-customer';
import { signTemplates } from '../../db/schema-sign';
import { findDistrict } from '../regions/regions';
import { idCardCheckChar } from '../../../domain/validators';
import { submitContract } from './contracts';
import { startContract } from './lifecycle';

const contractCount = 8;
const startedCount = 3;
const dayMs = 24 * 60 * 60 * 1000;

/** A resident ID number born in the given year and month, with its check character. */
function idNumber(region: string, year: number, month: number, sequence: number): string {
  const first17 = `${region}${year}${String(month).padStart(2, '0')}1${month % 10}${String(sequence).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Answers how many contracts it made (none when company A, its sale template or its listings are missing). */
export async function seedShowcaseContracts(db: Db, clock: Clock, managerUserName = '13800000000') {
  const [manager] = await db.select().from(users).where(eq(users.userName, managerUserName));
  if (!manager) return 0;
  const session: Session = {
    sessionId: 'demo-contracts',
    userId: manager.id,
    companyId: manager.companyId,
    isManager: true,
    roleId: manager.roleId,
    deptId: manager.deptId,
  };
  const [template] = await db
    .select({ id: signTemplates.id })
    .from(signTemplates)
    .where(
      and(inCompany(signTemplates, session.companyId), eq(signTemplates.type, 1), eq(signTemplates.state, 1)),
    )
    .orderBy(asc(signTemplates.id))
    .limit(1);
  if (!template) return 0;
  const listings = await db
    .select()
    .from(houses)
    .where(and(inCompany(houses, session.companyId), eq(houses.type, 1), isNotNull(houses.communityId)))
    .orderBy(asc(houses.id))
    .limit(contractCount);
  const buyers = await db
    .select({ name: customers.name, phone: customers.phone })
    .from(customers)
    .where(and(inCompany(customers, session.companyId), eq(customers.type, 1)))
    .orderBy(asc(customers.id))
    .limit(contractCount);
  const now = clock.now();
  let made = 0;
  for (const [index, listing] of listings.entries()) {
    const buyer = buyers[index];
    if (!buyer || listing.districtId === null || listing.cityId === null) continue;
    const district = findDistrict(listing.cityId, listing.districtId);
    const submitted = await submitContract(db, session, now, {
      boxid: template.id,
      signatureType: 1,
      content: {
        partyA: {
          subjectType: 1,
          name: listing.ownerName,
          certType: 1,
          certNo: idNumber('440303', 1968 + index * 3, 1 + index, 101 + index),
          phone: listing.ownerPhone,
        },
        partyB: {
          subjectType: 1,
          name: buyer.name.replace(/(先生|女士)$/, '') || buyer.name,
          certType: 1,
          certNo: idNumber('440305', 1985 + index, 12 - index, 201 + index),
          phone: buyer.phone,
        },
        property: {
          province: { id: 440000, name: '广东省' },
          city: { id: 440300, name: '深圳市' },
          district: { id: listing.districtId, name: district?.distractName ?? '' },
          address: listing.address ?? listing.communityName,
          houseName: listing.communityName,
          houseBuilding: (listing.buildingNo ?? '1').replace(/栋$/, ''),
          houseRoomNo: listing.roomNo ?? '101',
          buildingCertificate: `粤(20${18 + (index % 6)})深圳市不动产权第00${31250 + index * 7}号`,
          houseArea: listing.area,
        },
        transaction: {
          transactionPrice: Math.round((listing.price ?? 300) * 10000),
          paymentMethod: index % 2 === 0 ? 2 : 1,
          transferDate: day(new Date(now.getTime() + (30 + index * 5) * dayMs)),
          deliveryDate: day(new Date(now.getTime() + (50 + index * 5) * dayMs)),
        },
        supplementaryTerms: { otherTermsContent: index % 2 === 0 ? '家具家电随房赠送' : '无' },
        customFields: { fieldsList_1: '70年', fieldsList_3: String(5000 + index * 1000) },
      },
    });
    made += 1;
    if (index < startedCount) {
      await startContract(db, clock, session, { contractId: submitted.contractId, type: 2 });
    }
  }
  return made;
}
