/** The listing pages as tab entries (001 section 2: /views/house/detail with type, id, appType). */
export const housePages = {
  list: () => ({ appType: 1, appId: 0, name: '房源', path: '/views/house/index' }),
  detail: (houseId: number, type: number) => ({
    appType: 1,
    appId: houseId,
    name: '房源详情',
    path: '/views/house/detail',
    params: { type: String(type), id: String(houseId), appType: '1' },
  }),
};
