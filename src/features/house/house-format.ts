/** How listings read on screen: prices by kind, layout, floor, and the coded fields by name. */
import {
  HouseKinds,
  propertyNames,
  renovationNames,
  towardNames,
  unitPrice,
} from '../../../domain/house-rules';

export function formatPrice(kind: number, price: number): string {
  return kind === HouseKinds.rent
    ? `${price.toLocaleString('zh-CN')} 元/月`
    : `${price.toLocaleString('zh-CN')} 万`;
}

export function formatUnitPrice(value: number | null | undefined): string {
  return value == null ? '—' : `${Math.round(value).toLocaleString('zh-CN')} 元/㎡`;
}

export function formatLayout(house: { room: number; hall: number; bath: number }): string {
  return `${house.room}室${house.hall}厅${house.bath}卫`;
}

export function formatFloor(house: { floor?: number | null; totalFloor?: number | null }): string {
  if (house.floor == null && house.totalFloor == null) return '—';
  return `${house.floor ?? '—'}/${house.totalFloor ?? '—'} 层`;
}

export function nameOf(names: Record<number, string>, value: number | null | undefined): string {
  return value == null ? '—' : (names[value] ?? '—');
}

export const toward = (value: number | null | undefined) => nameOf(towardNames, value);
export const renovation = (value: number | null | undefined) => nameOf(renovationNames, value);
export const property = (value: number | null | undefined) => nameOf(propertyNames, value);

/** The unit price the form shows while a sale price and area are typed. */
export function derivedUnitPrice(kind: number, price: string, area: string): string {
  const value = unitPrice(kind, Number(price), Number(area));
  return value && Number.isFinite(value) ? formatUnitPrice(value) : '—';
}

export const orDash = (value: string | number | null | undefined, unit = '') =>
  value == null || value === '' ? '—' : `${value}${unit}`;
