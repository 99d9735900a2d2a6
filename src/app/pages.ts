/**
 * Every screen of the route table (000 section 2, 001 section 2), loaded on demand. A screen that a
 * later release builds has no loader and shows the honest "not built yet" state.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importAgain, loadWithTimeout, pageLoadTimeoutMs } from './page-load';

import type { PageProps } from '../core/workspace';

type PageDefinition = { title: string; load?: () => Promise<{ default: ComponentType<PageProps> }> };

export const pageDefinitions: Record<string, PageDefinition> = {
  '/views/index': { title: '首页', load: () => import('../features/home/home-page') },
  '/views/user/index': { title: '个人信息', load: () => import('../features/profile/profile-page') },
  '/views/recharge/index': { title: '充值中心', load: () => import('../features/recharge/recharge-page') },
  '/views/public/pdf-view': { title: 'PDF 预览', load: () => import('../features/public/pdf-view-page') },
  '/views/public/web-view': { title: '网页预览', load: () => import('../features/public/web-view-page') },
  '/views/manager/index': { title: '管理中心', load: () => import('../features/manager/manager-index-page') },
  '/views/manager/job/job-set': { title: '职位设置', load: () => import('../features/manager/job-set-page') },
  '/views/manager/organizational/organizational-structure': {
    title: '组织架构',
    load: () => import('../features/manager/org-structure-page'),
  },
  '/views/manager/log': { title: '日志记录', load: () => import('../features/manager/log-page') },
  '/views/manager/seal': { title: '印章管理', load: () => import('../features/signing/seal-page') },
  '/views/office/oa/oa-setting': { title: '审批设置', load: () => import('../features/oa/oa-setting-page') },
  '/views/office/oa/oa-pending-approval': {
    title: '审批',
    load: () => import('../features/oa/approval-list-page'),
  },
  '/views/office/oa/fp-approval-operation': {
    title: '发起审批',
    load: () => import('../features/oa/approval-start-page'),
  },
  '/views/sign/index': { title: '在线签约', load: () => import('../features/sign/sign-list-page') },
  '/views/sign/detail': { title: '签约详情', load: () => import('../features/sign/sign-detail-page') },
  '/views/sign/my-sign': { title: '我的签约', load: () => import('../features/sign/my-sign-page') },
  '/views/sign/sign-operation': {
    title: '发起签约',
    load: () => import('../features/sign/sign-operation-page'),
  },
  '/views/sign/to-be-signed': {
    title: '待我签署',
    load: () => import('../features/signing/to-be-signed-page'),
  },
  '/views/sign/contract-operation': {
    title: '可视化合同编辑',
    load: () => import('../features/sign/contract-operation-page'),
  },
  '/views/sign/contract-template': {
    title: '合同模板',
    load: () => import('../features/sign/contract-template-page'),
  },
  '/views/sign/components/fp-contract-dialog': {
    title: '合同编辑',
    load: () => import('../features/sign/contract-operation-page'),
  },
  '/views/sign/quick-signing': {
    title: '快速签署',
    load: () => import('../features/quick-sign/quick-signing-page'),
  },
  '/views/sign/components/fp-contract-party': {
    title: '添加签约方',
    load: () =>
      import('../features/sign/contract-operation-page').then((m) => ({ default: m.ContractPartyPage })),
  },
  '/views/system/layout': { title: '系统设置', load: () => import('../features/system/system-layout-page') },
  '/views/system/fp-auth-role': {
    title: '角色与权限设置',
    load: () => import('../features/system/auth-role-page'),
  },
  '/views/system/setting/fp-house-setting': {
    title: '房源基础设置',
    load: () => import('../features/house/house-setting-page'),
  },
  '/views/system/setting/fp-estate-setting': {
    title: '小区基础设置',
    load: () => import('../features/estate/estate-setting-page'),
  },
  '/views/system/setting/fp-curstor-setting': {
    title: '客源簿基础设置',
    load: () => import('../features/customer/customer-setting-page'),
  },
  '/views/system/setting/fp-contract-setting': {
    title: '合同基础设置',
    load: () => import('../features/contract-settings/contract-setting-page'),
  },
  '/views/system/setting/fp-manager-setting': {
    title: '管理设置',
    load: () => import('../features/system/manage-setting-page'),
  },
  '/views/system/setting/fp-sign-setting': {
    title: '在线签约设置',
    load: () => import('../features/sign/sign-setting-page'),
  },
  '/views/system/message/index': {
    title: '消息',
    load: () => import('../features/messages/messages-page'),
  },
  '/views/system/index': { title: '系统权限', load: () => import('../features/system/system-auth-page') },
  '/views/promotion/index': { title: '推广', load: () => import('../features/promotion/promotion-page') },
  '/views/system/broker/fp-58sup-broker': {
    title: '58同城经纪人',
    load: () =>
      import('../features/promotion/broker-binding-page').then((m) => ({ default: m.Wuba58BrokerPage })),
  },
  '/views/system/broker/fp-tmall-broker': {
    title: '天猫好房经纪人',
    load: () =>
      import('../features/promotion/broker-binding-page').then((m) => ({ default: m.TmallBrokerPage })),
  },
  '/views/index/customerStatistics': {
    title: '客源统计',
    load: () => import('../features/statistics/customer-statistics-page'),
  },
  '/views/index/houseStatistics': {
    title: '房源统计',
    load: () => import('../features/statistics/house-statistics-page'),
  },
  '/views/index/polymerizationStatistics': {
    title: '聚合统计',
    load: () => import('../features/statistics/polymerization-statistics-page'),
  },
  '/views/house/detail': { title: '房源详情', load: () => import('../features/house/house-detail-page') },
  '/views/house/index': { title: '房源', load: () => import('../features/house/house-page') },
  '/views/estate/index': { title: '小区档案', load: () => import('../features/estate/estate-page') },
  '/views/estate/collect': { title: '云采集', load: () => import('../features/estate/collect-page') },
  '/views/customer/index': { title: '客源', load: () => import('../features/customer/customer-page') },
  '/views/contract/index': { title: '合同', load: () => import('../features/oa/contract-ledger-page') },
  '/views/demo/test8': { title: '演示：3D 翻转', load: () => import('../features/demo/flip-card-demo-page') },
  '/views/demo/test12': { title: '演示' },
  '/views/demo/test16': {
    title: '演示：浏览器卡片导航',
    load: () => import('../features/demo/card-navigation-demo-page'),
  },
};

/** /views/sign/detail.vue and /views/sign/detail are the same page. */
export function normalizePagePath(path: string): string {
  return (path.split('?')[0] ?? '').replace(/\.vue$/, '').replace(/\/$/, '') || '/';
}

const notBuilt = () => import('./not-built-page');
const components = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();
/** Screens whose code failed to load, by page: a retry imports that file again. */
const failedChunks = new Map<string, string>();

export function pageComponent(
  path: string,
): { title: string; Component: LazyExoticComponent<ComponentType<PageProps>> } | null {
  const key = normalizePagePath(path);
  const definition = pageDefinitions[key];
  if (!definition) return null;
  let component = components.get(key);
  if (!component) {
    const load = definition.load ?? notBuilt;
    const failed = failedChunks.get(key);
    component = lazy(() =>
      loadWithTimeout<{ default: ComponentType<PageProps> }>(
        failed ? () => importAgain(failed) : load,
        pageLoadTimeoutMs,
        (url) => failedChunks.set(key, url),
      ),
    );
    components.set(key, component);
  }
  return { title: definition.title, Component: component };
}

/** After a failed load: the next render imports the screen again instead of repeating the failure. */
export function forgetPageComponent(path: string): void {
  components.delete(normalizePagePath(path));
}
