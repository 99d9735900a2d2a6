/**
 * The sandbox school-district provider (a map lookup in the real world, ARCHITECTURE "Storage and
 * services"): for a community, the district's schools with a distance derived from the community, so
 * the same community always gets the same answer offline and in tests. A real provider replaces
 * `schoolsNear` without touching callers.
 */
import type { platformCommunities } from '../db/schema-community';
import { districtName } from '../areas/community/platform';

type Community = typeof platformCommunities.$inferSelect;

const kinds = [
  { suffix: '实验幼儿园', schoolType: 1 as const, nature: '公办' },
  { suffix: '第一实验小学', schoolType: 2 as const, nature: '公办' },
  { suffix: '中心小学', schoolType: 2 as const, nature: '公办' },
  { suffix: '外国语学校', schoolType: 5 as const, nature: '民办' },
  { suffix: '实验中学', schoolType: 3 as const, nature: '公办' },
  { suffix: '高级中学', schoolType: 4 as const, nature: '公办' },
];

export function schoolsNear(community: Community) {
  const district = (community.districtId && districtName(community.districtId, community.cityId)) || '';
  const prefix = district.replace(/(新区|区|县|市)$/, '') || community.name.slice(0, 2);
  return kinds
    .map((kind, index) => {
      const distance = 300 + ((community.id * 7919 + index * 1543) % 2700);
      return {
        schoolId: community.id * 10 + index + 1,
        schoolName: `${prefix}${kind.suffix}`,
        schoolType: kind.schoolType,
        nature: kind.nature,
        distance,
        address: community.address
          ? `${district}${community.address.replace(district, '').slice(0, 8)}附近`
          : null,
        isDivision:
          (kind.schoolType === 2 || kind.schoolType === 3) && distance < 1500 ? (1 as const) : (0 as const),
      };
    })
    .sort((a, b) => b.isDivision - a.isDivision || a.distance - b.distance);
}
