/** Money as the server sends it (元, at most two decimals), shown with two decimals. */
export function formatYuan(amount: number): string {
  return amount.toFixed(2);
}

export const goodsTypeNames: Record<number, string> = {
  0: '全部商品',
  1: '产品套餐',
  2: '签约份数',
  3: '账号席位',
};
export const paymentTypeNames: Record<number, string> = { 1: '微信支付', 2: '支付宝' };
