/** Display names and number formats of the community archive. */
import type { CommunityPictureType } from '../../../machines/community-archive.machine';

/** 小区图片分类 (CommunityPictureType). */
export const pictureTypeNames: Record<CommunityPictureType, string> = {
  1: '小区外景',
  2: '小区内景',
  3: '周边配套',
  4: '楼栋',
  5: '户型图',
  6: '其他',
};

export const pictureTypes = Object.keys(pictureTypeNames).map(Number) as CommunityPictureType[];

export function formatUnitPrice(value: number | null | undefined): string {
  return value == null ? '—' : `${Math.round(value).toLocaleString('zh-CN')} 元/㎡`;
}

export function orDash(value: string | number | null | undefined, unit = ''): string {
  return value == null || value === '' ? '—' : `${value}${unit}`;
}
