/** Version check, help pages, the new-version switch, system info and photo upload (000 section 7, "Other"). */
import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { appVersions, helpPages, upgradeStates } from '../../db/schema-system';
import { notFound } from '../../contract/envelope';
import type { HandlerMap } from '../../contract/types';
import { formatDateTime } from '../../format';
import { requireSession } from '../user/handlers';
import { businessError } from '../../contract/envelope';
import { imageKinds } from '../../storage/files';
import { appConfig } from '../../../domain/app-config';
import { inCompany } from '../../db/company-scope';

/** /base/uploadPhoto: one image, png, jpg, jpeg, webp or gif, at most 10 MB (openapi/paths/base.yaml). */
export const photoMaxBytes = 10 * 1024 * 1024;

export const upToDateMessage = '已是最新版本!';

export const systemHandlers = {
  async getMyVersion({ body }, context) {
    const session = requireSession(context);
    const [latest] = await context.db
      .select()
      .from(appVersions)
      .where(
        and(
          eq(appVersions.platform, body.platform),
          gt(appVersions.versionCode, body.versionCode),
          // Released to every company, or staged to this one first.
          or(isNull(appVersions.companyId), inCompany(appVersions, session.companyId)),
        ),
      )
      .orderBy(desc(appVersions.versionCode))
      .limit(1);
    if (!latest) return { message: upToDateMessage, data: null };
    return {
      code: 100,
      message: `发现新版本 ${latest.version}`,
      data: {
        version: latest.version,
        versionCode: latest.versionCode,
        name: latest.name,
        content: latest.content,
        downloadUrl: latest.downloadUrl,
        forceUpdate: latest.forceUpdate === 1 ? 1 : 0,
        releaseTime: formatDateTime(latest.releasedAt),
      },
    };
  },

  async getContent({ query }, { db }) {
    const pages = await db
      .select()
      .from(helpPages)
      .where(eq(helpPages.cateAlias, query.cate_alias))
      .orderBy(asc(helpPages.sort), asc(helpPages.id));
    const first = pages[0];
    if (!first) throw notFound('帮助分类不存在');
    return {
      data: {
        cateAlias: first.cateAlias,
        cateName: first.cateName,
        pages: pages.map((page) => ({
          pageId: page.id,
          title: page.title,
          content: page.content,
          sort: page.sort,
          updateTime: formatDateTime(page.updatedAt),
        })),
      },
    };
  },

  async upgrade({ query }, context) {
    const session = requireSession(context);
    const [row] = await context.db
      .select()
      .from(upgradeStates)
      .where(and(eq(upgradeStates.userId, session.userId), eq(upgradeStates.app, query.app)))
      .limit(1);
    return {
      data: {
        app: query.app,
        upgradeState: row?.upgradeState === 1 ? 1 : 0,
        canUpgrade: 1,
        title: '新版界面',
        content: '新版界面采用标签页工作区与更清晰的菜单分组，可随时切换回旧版。',
        releaseTime: null,
      },
    };
  },

  async setUpgrade({ query }, context) {
    const session = requireSession(context);
    const app = query.app ?? 999;
    const upgradeState = query.upgradeState === 1 ? 1 : 0;
    await context.db
      .insert(upgradeStates)
      .values({ userId: session.userId, app, upgradeState })
      .onConflictDoUpdate({ target: [upgradeStates.userId, upgradeStates.app], set: { upgradeState } });
    return { message: upgradeState === 1 ? '已切换到新版' : '已切换到旧版' };
  },

  async systemInfo(_input, context) {
    requireSession(context);
    return {
      data: {
        systemName: '电子合同',
        version: appConfig.productVersion,
        versionCode: appConfig.versionCode,
        serverTime: formatDateTime(context.clock.now()),
        servicePhone: null,
        serviceTime: null,
        icp: null,
        copyright: null,
      },
    };
  },

  async uploadPhoto({ files }, context) {
    requireSession(context);
    const [file, ...rest] = files.filter((f) => f.fieldName === 'file');
    if (!file) throw businessError('请选择要上传的图片');
    if (rest.length > 0) throw businessError('每次只能上传一张图片');
    const stored = await context.files.save(file.data, file.fileName, imageKinds, photoMaxBytes);
    return { data: { url: stored.url, name: file.fileName, size: stored.size } };
  },
} satisfies HandlerMap;
