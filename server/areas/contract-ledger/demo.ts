/**
 * Contract ledger and approval demo data (docs/approvals.md lists it). Company A: contract tags,
 * 8 sale and 6 rent contracts in various states with their history and pictures, approval groups
 * 合同审批 / 签约审批 and two enabled definitions (66 买卖合同作废: 王店长 then 张经理; 69 租赁合同解除:
 * 店长 role). Company B: one sale contract, to check isolation.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { demoDayShift, shiftIsoDate } from '../../seed/demo-dates';
import type { Db } from '../../db/db';
import { roles, users } from '../../db/schema';
import {
  ledgerContractTags,
  ledgerContracts,
  ledgerPictures,
  ledgerStateRecords,
  ledgerTags,
} from '../../db/schema-contract';
import { oaApprovals, oaGroups } from '../../db/schema-oa';
import type { components } from '../../../openapi/generated/api';
import { idCardCheckChar } from '../../../domain/validators';

type Schemas = components['schemas'];
type DemoCompany = { companyId: number; managerId: number };

const shenzhen = { province: { id: 44, name: '广东省' }, city: { id: 4403, name: '深圳市' } };
const districts = {
  nanshan: { id: 440305, name: '南山区' },
  futian: { id: 440304, name: '福田区' },
  luohu: { id: 440303, name: '罗湖区' },
  baoan: { id: 440306, name: '宝安区' },
  longgang: { id: 440307, name: '龙岗区' },
} as const;

const noTerms: Schemas['ContractTerms'] = {
  otherTermsFixedOne: 0,
  otherTermsFixedTwo: 0,
  otherTermsFixedThree: 0,
  otherTermsFixedFour: 0,
  otherTerms: 0,
};

/** A party with a valid ID number: the demo's numbers give the first 17 digits, the check character is computed. */
function person(name: string, idNo: string, phone: string): Schemas['ContractParty'] {
  const first17 = idNo.slice(0, 17);
  const certNo = first17 + idCardCheckChar(first17);
  return { subjectType: 1, name, certType: 1, certNo, phone, agent: null, coOwners: [] };
}

function picture(title: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#f7f4ec"/><text x="300" y="380" font-size="36" text-anchor="middle" fill="#555">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

type SaleSeed = {
  no: string;
  district: keyof typeof districts;
  house: [string, string, string];
  seller: [string, string, string];
  buyer: [string, string, string];
  price: number;
  signDate: string;
  user: string;
  /** The states it went through, the last is its state now. */
  path: number[];
  tags: string[];
};

type RentSeed = Omit<SaleSeed, 'price' | 'seller' | 'buyer'> & {
  landlord: [string, string, string];
  tenant: [string, string, string];
  monthlyRent: number;
  startDate: string;
  endDate: string;
};

const saleSeeds: SaleSeed[] = [
  {
    no: 'XS20260903001',
    district: 'nanshan',
    house: ['蔚蓝海岸三期', '12', '1802'],
    seller: ['陈建华', '440301197803150011', '13602581234'],
    buyer: ['林晓燕', '440305198811230026', '13798765432'],
    price: 8_650_000,
    signDate: '2026-09-03',
    user: '赵经纪',
    path: [1, 2, 3, 4],
    tags: ['满五唯一', '贷款'],
  },
  {
    no: 'XS20260915002',
    district: 'futian',
    house: ['香蜜湖一号', '3', '2601'],
    seller: ['黄志明', '440304197205060017', '13902345678'],
    buyer: ['吴佳琪', '440306199002180044', '13510002345'],
    price: 15_800_000,
    signDate: '2026-09-15',
    user: '李主管',
    path: [1, 2, 3],
    tags: ['学区房'],
  },
  {
    no: 'XS20261002003',
    district: 'luohu',
    house: ['翠竹苑', '7', '503'],
    seller: ['刘国强', '440303196512300035', '13822223333'],
    buyer: ['周文杰', '440303199207070053', '13688889999'],
    price: 3_280_000,
    signDate: '2026-10-02',
    user: '赵经纪',
    path: [1, 2],
    tags: ['贷款'],
  },
  {
    no: 'XS20261011004',
    district: 'baoan',
    house: ['碧海花园', '5', '1104'],
    seller: ['郑丽华', '440306198004120022', '13711112222'],
    buyer: ['何俊峰', '440306199510100079', '13544445555'],
    price: 4_150_000,
    signDate: '2026-10-11',
    user: '王店长',
    path: [1, 2, 5],
    tags: [],
  },
  {
    no: 'XS20261020005',
    district: 'longgang',
    house: ['万科城', '9', '2203'],
    seller: ['孙海涛', '440307197911110018', '13933334444'],
    buyer: ['许静', '440307199303030029', '13677776666'],
    price: 3_960_000,
    signDate: '2026-10-20',
    user: '赵经纪',
    path: [1],
    tags: ['急售'],
  },
  {
    no: 'XS20261028006',
    district: 'nanshan',
    house: ['华润城润府', '2', '3101'],
    seller: ['马晓东', '440305198507070034', '13866665555'],
    buyer: ['深圳市前海鑫达投资有限公司', '91440300MA5F0XYZ1K', '13599990000'],
    price: 21_500_000,
    signDate: '2026-10-28',
    user: '王店长',
    path: [1, 6],
    tags: ['公司直签'],
  },
  {
    no: 'XS20261105007',
    district: 'futian',
    house: ['中海华庭', '4', '1502'],
    seller: ['杨秀英', '440304196811220047', '13755556666'],
    buyer: ['谢伟', '440304199106060012', '13622221111'],
    price: 9_200_000,
    signDate: '2026-11-05',
    user: '李主管',
    path: [1, 2, 7],
    tags: ['学区房', '贷款'],
  },
  {
    no: 'XS20261112008',
    district: 'luohu',
    house: ['东湖丽苑', '1', '802'],
    seller: ['罗建军', '440303197406060058', '13911118888'],
    buyer: ['曾晓玲', '440303199712120021', '13533337777'],
    price: 2_780_000,
    signDate: '2026-11-12',
    user: '赵经纪',
    path: [1],
    tags: ['满五唯一'],
  },
];

const rentSeeds: RentSeed[] = [
  {
    no: 'ZL20260801001',
    district: 'nanshan',
    house: ['海岸城公寓', 'A', '1206'],
    landlord: ['蔡明辉', '440305197601010039', '13812340001'],
    tenant: ['唐思雨', '430102199508080027', '13712340002'],
    monthlyRent: 9_800,
    startDate: '2026-08-05',
    endDate: '2027-08-04',
    signDate: '2026-08-01',
    user: '赵经纪',
    path: [1],
    tags: [],
  },
  {
    no: 'ZL20260820002',
    district: 'futian',
    house: ['皇庭港湾', '2', '2005'],
    landlord: ['冯建平', '440304197009090016', '13812340003'],
    tenant: ['邓凯', '420106199204040018', '13712340004'],
    monthlyRent: 12_500,
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    signDate: '2026-08-20',
    user: '李主管',
    path: [1],
    tags: ['公司直签'],
  },
  {
    no: 'ZL20260905003',
    district: 'baoan',
    house: ['壹方中心', '6', '906'],
    landlord: ['彭丽', '440306198202020023', '13812340005'],
    tenant: ['韩磊', '360102199607070036', '13712340006'],
    monthlyRent: 6_200,
    startDate: '2026-09-10',
    endDate: '2027-03-09',
    signDate: '2026-09-05',
    user: '赵经纪',
    path: [1, 2],
    tags: [],
  },
  {
    no: 'ZL20260918004',
    district: 'longgang',
    house: ['星河时代', '3', '1708'],
    landlord: ['袁志强', '440307197707070011', '13812340007'],
    tenant: ['蒋雯', '450103199801010020', '13712340008'],
    monthlyRent: 4_300,
    startDate: '2026-09-20',
    endDate: '2026-11-19',
    signDate: '2026-09-18',
    user: '王店长',
    path: [1, 4],
    tags: [],
  },
  {
    no: 'ZL20261009005',
    district: 'luohu',
    house: ['金色家园', '8', '602'],
    landlord: ['蒋国华', '440303196603030014', '13812340009'],
    tenant: ['沈梦琪', '440303199909090042', '13712340010'],
    monthlyRent: 5_100,
    startDate: '2026-10-15',
    endDate: '2027-10-14',
    signDate: '2026-10-09',
    user: '赵经纪',
    path: [1, 3],
    tags: [],
  },
  {
    no: 'ZL20261110006',
    district: 'nanshan',
    house: ['前海时代', '1', '3302'],
    landlord: ['吕文博', '440305198808080051', '13812340011'],
    tenant: ['任佳', '440305199412120038', '13712340012'],
    monthlyRent: 15_000,
    startDate: '2026-11-15',
    endDate: '2027-11-14',
    signDate: '2026-11-10',
    user: '李主管',
    path: [1],
    tags: ['学区房'],
  },
];

const stateRemarks: Record<string, string> = {
  'sale-5': '客户贷款审批延期，暂时冻结',
  'sale-6': '买方资金未到位，双方协商作废',
  'sale-7': '卖方违约，双方协商解除',
  'rent-2': '租客工作调动，提前退租',
  'rent-3': '录入信息有误，作废重录',
};

/** The seed with its dates moved by `days`, and its number (prefix, sign date, serial) made from the moved date. */
function shiftSeed<T extends SaleSeed | RentSeed>(seed: T, days: number): T {
  const signDate = shiftIsoDate(seed.signDate, days);
  const no = `${seed.no.slice(0, 2)}${signDate.replaceAll('-', '')}${seed.no.slice(-3)}`;
  if (!('startDate' in seed)) return { ...seed, no, signDate };
  return {
    ...seed,
    no,
    signDate,
    startDate: shiftIsoDate(seed.startDate, days),
    endDate: shiftIsoDate(seed.endDate, days),
  };
}

async function insertContract(
  db: Db,
  companyId: number,
  type: 1 | 2,
  seed: SaleSeed | RentSeed,
  userIds: Map<string, { id: number; deptId: number | null }>,
  tagIds: Map<string, number>,
): Promise<void> {
  const user = userIds.get(seed.user)!;
  const houseInfo: Schemas['ContractHouseInfo'] = {
    ...shenzhen,
    district: districts[seed.district],
    houseName: seed.house[0],
    houseBuilding: seed.house[1],
    houseRoomNo: seed.house[2],
  };
  const [aName, aCert, aPhone] = 'seller' in seed ? seed.seller : seed.landlord;
  const [bName, bCert, bPhone] = 'buyer' in seed ? seed.buyer : seed.tenant;
  const partyB: Schemas['ContractParty'] =
    bCert.length === 18 && /^9/.test(bCert)
      ? {
          subjectType: 2,
          name: bName,
          certType: null,
          certNo: bCert,
          phone: bPhone,
          agent: null,
          coOwners: [],
        }
      : person(bName, bCert, bPhone);
  const entryTime = new Date(`${seed.signDate}T10:30:00+08:00`);
  const transaction: Schemas['ContractSaleTransaction'] | Schemas['ContractRentTransaction'] =
    type === 1
      ? {
          transactionPrice: (seed as SaleSeed).price,
          paymentMethod: (seed as SaleSeed).tags.includes('贷款') ? 2 : 1,
          depositMoneyOne: 100_000,
          depositContentOne: seed.signDate,
          partyAAgencyFee: Math.round((seed as SaleSeed).price * 0.01),
          partyBAgencyFee: Math.round((seed as SaleSeed).price * 0.01),
        }
      : {
          startDate: (seed as RentSeed).startDate,
          endDate: (seed as RentSeed).endDate,
          paymentCycle: 3,
          rentFreePeriod: 0,
          paymentTime: '每期开始前 5 日内',
          partyBAgencyFee: (seed as RentSeed).monthlyRent,
        };
  const rental: Schemas['ContractRental'] =
    type === 1
      ? { haveRent: 1 }
      : {
          haveRent: 2,
          monthlyRent: (seed as RentSeed).monthlyRent,
          depositRent: (seed as RentSeed).monthlyRent * 2,
          rentExpire: (seed as RentSeed).endDate,
        };
  const state = seed.path.at(-1)!;
  const [row] = await db
    .insert(ledgerContracts)
    .values({
      companyId,
      contractType: type,
      contractNo: seed.no,
      state,
      frozenFromState: state === 5 && type === 1 ? seed.path.at(-2)! : null,
      houseInfo,
      houseName: houseInfo.houseName,
      parties: { partyA: person(aName, aCert, aPhone), partyB },
      partyAName: aName,
      partyAPhone: aPhone,
      partyBName: bName,
      partyBPhone: bPhone,
      transaction,
      rental,
      terms: noTerms,
      bankinfo: {
        bankName: '招商银行深圳分行',
        bankUserName: aName,
        bankCardNo: '6225880112345678',
        signAddress: '深圳市安居房产人民路店',
      },
      furniture: {
        items: [
          { name: '空调', count: 3, remark: null },
          { name: '冰箱', count: 1, remark: null },
        ],
        remark: null,
      },
      remark: null,
      signDate: seed.signDate,
      userId: user.id,
      deptId: user.deptId,
      entryTime,
    })
    .returning({ id: ledgerContracts.id });
  const contractId = row!.id;
  if (seed.tags.length > 0) {
    await db
      .insert(ledgerContractTags)
      .values(seed.tags.map((tag) => ({ contractId, tagId: tagIds.get(tag)!, companyId })));
  }
  const records = seed.path.slice(1).map((to, index) => ({
    companyId,
    contractId,
    fromState: seed.path[index]!,
    toState: to,
    remark: stateRemarks[`${type === 1 ? 'sale' : 'rent'}-${to}`] ?? null,
    userId: user.id,
    createdAt: new Date(entryTime.getTime() + (index + 1) * 3 * 86_400_000),
  }));
  if (records.length > 0) await db.insert(ledgerStateRecords).values(records);
  await db.insert(ledgerPictures).values([
    {
      companyId,
      contractId,
      url: picture(`${seed.no} 合同正本`),
      name: '合同正本第1页',
      categoryName: '合同正本',
      createdAt: entryTime,
    },
    {
      companyId,
      contractId,
      url: picture(`${aName} 身份证`),
      name: '甲方身份证',
      categoryName: '身份证件',
      createdAt: entryTime,
    },
  ]);
}

export async function seedContractLedgerDemo(
  db: Db,
  companies: { a: DemoCompany; b: DemoCompany },
  now: Date,
): Promise<void> {
  const { a, b } = companies;
  const days = demoDayShift(now);
  const staff = await db
    .select({ id: users.id, name: users.name, deptId: users.deptId })
    .from(users)
    .where(inArray(users.companyId, [a.companyId, b.companyId]));
  const byName = new Map(staff.map((user) => [user.name, { id: user.id, deptId: user.deptId }]));
  await db.transaction(async (tx) => {
    const tagRows = await tx
      .insert(ledgerTags)
      .values(
        ['学区房', '满五唯一', '急售', '贷款', '公司直签'].map((name, sort) => ({
          companyId: a.companyId,
          name,
          sort,
        })),
      )
      .returning({ id: ledgerTags.id, name: ledgerTags.name });
    const tagIds = new Map(tagRows.map((tag) => [tag.name, tag.id]));
    for (const seed of saleSeeds)
      await insertContract(tx, a.companyId, 1, shiftSeed(seed, days), byName, tagIds);
    for (const seed of rentSeeds)
      await insertContract(tx, a.companyId, 2, shiftSeed(seed, days), byName, tagIds);
    await insertContract(
      tx,
      b.companyId,
      1,
      shiftSeed<SaleSeed>(
        {
          no: 'XS20261101001',
          district: 'futian',
          house: ['彩田村', '2', '301'],
          seller: ['钟华', '440304197512120019', '13811119999'],
          buyer: ['范丽', '440304199303030046', '13722228888'],
          price: 3_500_000,
          signDate: '2026-11-01',
          user: '吴经纪',
          path: [1],
          tags: [],
        },
        days,
      ),
      byName,
      new Map(),
    );

    const [contractGroup] = await tx
      .insert(oaGroups)
      .values([
        { companyId: a.companyId, name: '合同审批', sort: 1 },
        { companyId: a.companyId, name: '签约审批', sort: 2 },
      ])
      .returning({ id: oaGroups.id });
    await tx.insert(oaGroups).values({ companyId: b.companyId, name: '合同审批', sort: 1 });
    const [storeManagerRole] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(inCompany(roles, a.companyId), eq(roles.builtinKey, 'store_manager')));
    await tx.insert(oaApprovals).values([
      {
        companyId: a.companyId,
        groupId: contractGroup!.id,
        appType: 5,
        oaItemId: 66,
        name: '买卖合同作废审批',
        remark: '作废买卖合同须店长与经理逐级审批',
        state: 1,
        approvers: [
          { approverType: 1, userId: byName.get('王店长')!.id },
          { approverType: 1, userId: a.managerId },
        ],
        sendCopy: [byName.get('钱财务')!.id],
      },
      {
        companyId: a.companyId,
        groupId: contractGroup!.id,
        appType: 5,
        oaItemId: 69,
        name: '租赁合同解除审批',
        remark: null,
        state: 1,
        approvers: [{ approverType: 2, roleId: storeManagerRole!.id }],
        sendCopy: [],
      },
    ]);
  });
}
