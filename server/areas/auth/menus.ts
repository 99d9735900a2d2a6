/**
 * The main menu (/user/appNavigation) and the system-settings menu (/base/settingMenu), built from
 * the route tables of 000 section 2 and 001 section 2. An entry is shown when the user holds any of
 * the permissions it lists (hasAuth, so managers see everything); entries without a list are for
 * everyone. Children are filtered the same way under a shown parent.
 */
import { hasAuth, type AuthSnapshot } from '../../../domain/permissions';

type Grant = readonly [appType: number, itemId: number, authId: number];

export type MenuEntry = {
  appType: number;
  appId: number;
  name: string;
  path: string;
  params?: Record<string, unknown>;
  icon?: string;
  children?: MenuEntry[];
};

type MenuDefinition = Omit<MenuEntry, 'children'> & {
  /** Shown when any of these is held; omitted: shown to everyone. */
  anyOf?: readonly Grant[];
  children?: readonly MenuDefinition[];
};

const basicSettings: Grant = [88, 0, 8807];

export const settingMenuDefinitions: readonly MenuDefinition[] = [
  {
    appType: 1,
    appId: 1,
    name: '房源基础设置',
    path: '/views/system/setting/fp-house-setting',
    icon: 'house',
    anyOf: [basicSettings],
  },
  {
    appType: 3,
    appId: 1,
    name: '小区基础设置',
    path: '/views/system/setting/fp-estate-setting',
    icon: 'estate',
    anyOf: [basicSettings],
  },
  {
    appType: 2,
    appId: 1,
    name: '客源簿基础设置',
    path: '/views/system/setting/fp-curstor-setting',
    icon: 'customer',
    anyOf: [basicSettings],
  },
  {
    appType: 5,
    appId: 1,
    name: '合同基础设置',
    path: '/views/system/setting/fp-contract-setting',
    icon: 'contract',
    anyOf: [basicSettings],
  },
  {
    appType: 6,
    appId: 1,
    name: '在线签约设置',
    path: '/views/system/setting/fp-sign-setting',
    icon: 'sign',
    anyOf: [[6, 0, 351]],
  },
  {
    appType: 88,
    appId: 11,
    name: '角色与权限设置',
    path: '/views/system/fp-auth-role',
    icon: 'role',
    anyOf: [[88, 0, 8802]],
  },
  {
    appType: 88,
    appId: 13,
    name: '管理设置',
    path: '/views/system/setting/fp-manager-setting',
    icon: 'manage',
    anyOf: [basicSettings],
  },
  {
    appType: 88,
    appId: 12,
    name: '审批设置',
    path: '/views/office/oa/oa-setting',
    icon: 'approval',
    anyOf: [[88, 0, 8803]],
  },
  {
    appType: 1,
    appId: 2,
    name: '58同城经纪人',
    path: '/views/system/broker/fp-58sup-broker',
    icon: 'broker',
    anyOf: [basicSettings],
  },
  {
    appType: 1,
    appId: 3,
    name: '天猫好房经纪人',
    path: '/views/system/broker/fp-tmall-broker',
    icon: 'broker',
    anyOf: [basicSettings],
  },
];

const allSettingGrants: Grant[] = [...new Set(settingMenuDefinitions.flatMap((entry) => entry.anyOf ?? []))];

export const mainMenuDefinitions: readonly MenuDefinition[] = [
  { appType: 999, appId: 0, name: '首页', path: '/views/index.vue', icon: 'home' },
  {
    appType: 6,
    appId: 0,
    name: '在线签约',
    path: '/views/sign/index.vue',
    icon: 'sign',
    anyOf: [
      [6, 0, 352],
      [6, 0, 353],
    ],
    children: [
      { appType: 6, appId: 2, name: '快速签署', path: '/views/sign/quick-signing.vue', anyOf: [[6, 0, 358]] },
      // The contracts one handles, whatever the 353 range: for everyone who sees 在线签约.
      { appType: 6, appId: 6, name: '我的签约', path: '/views/sign/my-sign' },
      {
        appType: 6,
        appId: 3,
        name: '待我签署',
        path: '/views/sign/to-be-signed.vue',
        anyOf: [
          [6, 0, 352],
          [6, 0, 353],
          [6, 0, 358],
        ],
      },
      {
        appType: 6,
        appId: 4,
        name: '合同模板',
        path: '/views/sign/contract-template.vue',
        anyOf: [[6, 0, 356]],
      },
      { appType: 6, appId: 5, name: '印章管理', path: '/views/manager/seal.vue', anyOf: [[6, 0, 357]] },
    ],
  },
  {
    appType: 5,
    appId: 0,
    name: '合同',
    path: '/views/contract/index.vue',
    icon: 'contract',
    anyOf: [
      [5, 0, 501],
      [5, 0, 502],
      [5, 0, 503],
    ],
  },
  {
    appType: 1,
    appId: 0,
    name: '房源',
    path: '/views/house/index.vue',
    icon: 'house',
    anyOf: [
      [1, 0, 1],
      [1, 0, 2],
    ],
  },
  {
    appType: 2,
    appId: 0,
    name: '客源',
    path: '/views/customer/index.vue',
    icon: 'customer',
    anyOf: [
      [2, 0, 201],
      [2, 0, 202],
    ],
  },
  {
    appType: 3,
    appId: 0,
    name: '小区',
    path: '/views/estate/index.vue',
    icon: 'estate',
    anyOf: [[3, 0, 301]],
    children: [{ appType: 3, appId: 2, name: '云采集', path: '/views/estate/collect', anyOf: [[1, 0, 1]] }],
  },
  {
    appType: 21,
    appId: 0,
    name: '推广',
    path: '/views/promotion/index.vue',
    icon: 'promotion',
    anyOf: [[21, 0, 2101]],
  },
  { appType: 88, appId: 1, name: '审批', path: '/views/office/oa/oa-pending-approval', icon: 'approval' },
  {
    appType: 88,
    appId: 0,
    name: '管理中心',
    path: '/views/manager/index.vue',
    icon: 'manager',
    anyOf: [
      [88, 0, 8801],
      [88, 0, 8802],
      [88, 0, 8803],
      [88, 0, 8804],
      [88, 0, 8805],
      [88, 0, 8806],
      [88, 0, 8807],
    ],
    children: [
      {
        appType: 88,
        appId: 3,
        name: '组织架构',
        path: '/views/manager/organizational/organizational-structure',
        anyOf: [[88, 0, 8801]],
      },
      { appType: 88, appId: 4, name: '职位设置', path: '/views/manager/job/job-set', anyOf: [[88, 0, 8801]] },
      { appType: 88, appId: 5, name: '日志记录', path: '/views/manager/log', anyOf: [[88, 0, 8806]] },
      {
        appType: 999,
        appId: 3,
        name: '房源统计',
        path: '/views/index/houseStatistics.vue',
        anyOf: [[88, 0, 8805]],
      },
      {
        appType: 999,
        appId: 4,
        name: '客源统计',
        path: '/views/index/customerStatistics.vue',
        anyOf: [[88, 0, 8805]],
      },
      {
        appType: 999,
        appId: 5,
        name: '聚合统计',
        path: '/views/index/polymerizationStatistics.vue',
        anyOf: [[88, 0, 8805]],
      },
    ],
  },
  {
    appType: 88,
    appId: 2,
    name: '充值中心',
    path: '/views/recharge/index',
    icon: 'recharge',
    anyOf: [[88, 0, 8804]],
  },
  { appType: 999, appId: 1, name: '消息', path: '/views/system/message/index', icon: 'message' },
  {
    appType: 999,
    appId: 2,
    name: '系统设置',
    path: '/views/system/layout',
    icon: 'setting',
    anyOf: allSettingGrants,
  },
];

function isShown(snapshot: AuthSnapshot, definition: MenuDefinition): boolean {
  return (
    definition.anyOf === undefined ||
    definition.anyOf.some(([appType, itemId, authId]) => hasAuth(snapshot, appType, itemId, authId))
  );
}

export function filterMenu(snapshot: AuthSnapshot, definitions: readonly MenuDefinition[]): MenuEntry[] {
  return definitions
    .filter((definition) => isShown(snapshot, definition))
    .map(({ anyOf: _anyOf, children, ...entry }) => {
      const shownChildren = children ? filterMenu(snapshot, children) : [];
      return shownChildren.length > 0 ? { ...entry, children: shownChildren } : entry;
    });
}
