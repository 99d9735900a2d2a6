/** How customers read on screen: kinds, price units, ranges, the requirement in one line. */
import { customerKindNames } from '../../../domain/customer-rules';
import { propertyNames } from '../../../domain/house-rules';

export const customerSources = ['门店接待', '电话咨询', '网络端口', '老客户介绍', '社区驻守'] as const;
export const buyPayments = ['全款', '商贷', '公积金', '组合贷'] as const;
export const rentPayments = ['押一付三', '押一付一', '押二付三'] as const;
export const purposes = ['自住', '改善', '投资', '学区'] as const;
export const levelNames: Record<string, string> = { A: 'A 急迫', B: 'B 一般', C: 'C 观望' };
export const roomNames: Record<number, string> = {
  1: '一室',
  2: '两室',
  3: '三室',
  4: '四室',
  5: '五室及以上',
};

export const kindName = (kind: number) => customerKindNames[kind] ?? '—';

/** 求购、新房 in 万元, 求租 in 元/月. */
export const priceUnit = (kind: number) => (kind === 2 ? '元/月' : '万');

export function formatRange(min: number | null | undefined, max: number | null | undefined, unit: string) {
  if (min == null && max == null) return '不限';
  if (min == null) return `${max}${unit}以下`;
  if (max == null) return `${min}${unit}以上`;
  return `${min}-${max}${unit}`;
}

export function formatHousePrice(type: number, price: number) {
  return type === 2 ? `${price.toLocaleString('zh-CN')} 元/月` : `${price.toLocaleString('zh-CN')} 万`;
}

export const propertyName = (value: number | null | undefined) =>
  value == null ? '不限' : (propertyNames[value] ?? '—');
