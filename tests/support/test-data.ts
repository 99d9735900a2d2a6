/**
 * Test data shared by the API tests, the browser tests and the benchmarks: ID card numbers with a
 * valid check character, and a small hand-drawn signature image.
 */
import { deflateSync } from 'node:zlib';
import { idCardCheckChar } from '../../domain/validators';

/** A resident ID card number: these 17 digits and their GB 11643 check character. */
export function idCard(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

/** A small greyscale PNG with a dark wavy stroke (a drawn signature), built by hand. */
export function strokePng(width = 60, height = 20): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1)
      rows.push(Math.abs(y - height / 2 - Math.sin(x / 6) * 5) < 2 ? 0 : 255);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A sale contract's content as the sign form sends it (tests and the API benchmark submit it). */
/** A party of the sale contract fixture (a person with an ID card). */
export type SaleParty = { name: string; certNo: string; phone: string };

/** The sale contract's seller (甲方) and buyer (乙方) unless a test brings its own (fresh phones for signing links). */
export function saleParties(): { seller: SaleParty; buyer: SaleParty } {
  return {
    seller: { name: '张三', certNo: idCard('11010519491231002'), phone: '13811112222' },
    buyer: { name: '李四', certNo: idCard('44030419900101123'), phone: '13933334444' },
  };
}

/**
 * The sale contract content people fill in (the shipped 二手房买卖合同's required fields and two
 * widget fields): the one fixture of vitest and Playwright. The region uses the product's codes
 * (/base: 广东省 44, 深圳市 4403, 福田区 440304). otherTermsContent null leaves 补充条款 out.
 */
export function saleContent(
  houseName = '阳光花园',
  otherTermsContent: string | null = '家具随房赠送',
  { seller, buyer } = saleParties(),
) {
  return {
    partyA: { subjectType: 1, certType: 1, ...seller },
    partyB: { subjectType: 1, certType: 1, ...buyer },
    property: {
      province: { id: 44, name: '广东省' },
      city: { id: 4403, name: '深圳市' },
      district: { id: 440304, name: '福田区' },
      address: '福华路 88 号',
      houseName,
      houseBuilding: '3',
      houseRoomNo: '1202',
      buildingCertificate: '粤(2020)深圳市不动产权第0012345号',
      houseArea: 89.5,
    },
    transaction: {
      transactionPrice: 3200000,
      paymentMethod: 2,
      transferDate: '2026-12-20',
      deliveryDate: '2027-01-10',
    },
    ...(otherTermsContent === null ? {} : { supplementaryTerms: { otherTermsContent } }),
    customFields: { fieldsList_1: '70年', fieldsList_3: '5000' },
  };
}
