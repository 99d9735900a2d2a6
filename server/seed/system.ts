/** Reference data every installation has: the released client version and the help centre. */
import { count } from 'drizzle-orm';
import type { Db } from '../db/db';
import { appVersions, helpPages } from '../db/schema-system';
import { loadPlatformCommunities } from '../areas/community/platform';
import { appConfig } from '../../domain/app-config';

const helpCategory = { cateAlias: 'help', cateName: '帮助中心' };

const helpArticles = [
  {
    title: '如何登录与找回密码',
    content:
      '使用公司分配的手机号和密码登录；也可以选择“验证码登录”，验证码 5 分钟内有效，同一手机号 60 秒内只能获取一次。\n忘记密码时点击“忘记密码”，通过短信验证码重设后，所有已登录的设备都需要重新登录。',
  },
  {
    title: '页面标签如何使用',
    content:
      '从左侧菜单打开的每个页面都会成为一个标签，刷新浏览器后会恢复。\n关闭当前标签会回到上一次访问的标签；首页标签始终保留。右上角“标签操作”可以关闭其他或全部标签。',
  },
  {
    title: '权限说明',
    content:
      '管理员拥有全部权限；其他员工的权限由所属角色决定（店长、店务主管、经纪人、财务、权证专员等）。\n没有权限的功能不会出现在菜单中，直接访问时服务端也会拒绝：您没有权限，请联系管理员设置相关权限。',
  },
];

export async function seedSystemData(db: Db): Promise<void> {
  const [versions] = await db.select({ n: count() }).from(appVersions);
  if ((versions?.n ?? 0) === 0) {
    await db.insert(appVersions).values({
      // The release the client itself is: the version check finds nothing newer until the desk adds one.
      platform: appConfig.platform,
      name: appConfig.name,
      version: appConfig.version,
      versionCode: appConfig.versionCode,
      content: '首个版本：登录、组织、权限与工作区。',
      downloadUrl: '/',
    });
  }
  const [pages] = await db.select({ n: count() }).from(helpPages);
  if ((pages?.n ?? 0) === 0) {
    await db
      .insert(helpPages)
      .values(helpArticles.map((article, sort) => ({ ...helpCategory, ...article, sort })));
  }
  await loadPlatformCommunities(db);
}
