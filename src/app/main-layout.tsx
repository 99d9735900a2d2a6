/**
 * The main layout (/layout/index): header, menu, page tabs and the active page. The tabs machine
 * owns which pages are open; this view renders it and sends it events.
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Avatar, Badge, Box, Button, DropdownMenu, Flex, ScrollArea, Spinner, Text } from '@radix-ui/themes';
import { homeKey, homeTab, tabKey, type MenuItem, type PageTab } from '../../machines/tabs.machine';
import { normalizePagePath, pageComponent } from './pages';
import { PageFrame } from './page-frame';
import type { PageProps } from '../core/workspace';
import { sendSession, useSessionSnapshot } from '../core/use-session';
import { useWorkspace, WorkspaceContext, type Workspace } from '../core/workspace';
import { inspect } from '../inspector/inspection-store';
import { PageNotFound } from './not-found-page';
import { BackBar, isOpenedFromPage } from './back-bar';
import { createWorkspaceMachine } from './workspace-actors';
import { PayStatusGate } from './pay-status-gate';
import { isGatedPage } from './pay-status-gate-actors';
import { unreadBadge, useUnreadCount } from '../core/unread-messages';
import { VersionGate } from './version-gate';
import { PageDisabledDialog } from '../ui/page-disabled-dialog';
import { preloadPermissions } from '../core/permissions';
import { useApplyCount } from '../core/apply-count';
import { Watermark } from './watermark';
import { SystemInfoLine } from './system-info';
import { panelId, tabId, TabBar } from './tab-bar';

/** The menu entry whose badge counts the applications waiting (000 section 9: 待处理的（n）). */
const orgStructurePath = '/views/manager/organizational/organizational-structure';

function hasEntry(items: MenuItem[], path: string): boolean {
  return items.some((item) => item.path === path || hasEntry(item.children ?? [], path));
}

/** The message centre's page: its menu entry and the header button carry the unread count. */
const messagesEntry = { appType: 999, appId: 1, name: '消息', path: '/views/system/message/index' };
const isMessagesPage = (path: string) => normalizePagePath(path) === messagesEntry.path;

function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  if (count === 0) return null;
  return (
    <Badge color="red" radius="full" size="1" data-testid={testId} aria-label={`${count} 条未读消息`}>
      {unreadBadge(count)}
    </Badge>
  );
}

/** A tab whose page the product does not have: the not-found page, naming the tab, not its path. */
function TabNotFound({ tab }: { tab: PageTab }) {
  const { goBack, openPage } = useWorkspace();
  return (
    <Flex justify="center" p="6">
      <PageNotFound
        what={`「${tab.name}」`}
        onBack={goBack}
        onHome={() => openPage({ ...homeTab, params: {} })}
      />
    </Flex>
  );
}

export function PageContent({ tab }: { tab: PageTab }) {
  const page = pageComponent(tab.path);
  if (!page) return <TabNotFound tab={tab} />;
  const props: PageProps = { path: tab.path, params: tab.params, title: tab.name };
  return <PageFrame {...props} />;
}

/** An app page (house, customer, estate, contract, sign, promotion) shows once its pay-status gate lets it. */
function PageView({ tab, userId }: { tab: PageTab; userId: number }) {
  if (!isGatedPage(tab)) return <PageContent tab={tab} />;
  return (
    <PayStatusGate tab={tab} userId={userId}>
      <PageContent tab={tab} />
    </PayStatusGate>
  );
}

function MenuList({
  items,
  onOpen,
  unread,
  pending = 0,
  depth = 0,
}: {
  items: MenuItem[];
  onOpen: (item: MenuItem) => void;
  unread: number;
  /** Applications waiting for this user (the 组织架构 entry's badge). */
  pending?: number;
  depth?: number;
}) {
  return (
    <ul className={`menu-list depth-${depth}`}>
      {items.map((item) => (
        <li key={`${item.appType}:${item.appId}:${item.path}:${item.name}`}>
          <button type="button" className="menu-item" onClick={() => onOpen(item)}>
            {item.name}
            {isMessagesPage(item.path) && <UnreadBadge count={unread} testId="menu-unread" />}
            {item.path === orgStructurePath && pending > 0 && (
              <Badge
                color="red"
                radius="full"
                size="1"
                data-testid="menu-pending"
                aria-label={`${pending} 个待处理的申请`}
              >
                {unreadBadge(pending)}
              </Badge>
            )}
          </button>
          {item.children?.length ? (
            <MenuList
              items={item.children}
              onOpen={onOpen}
              unread={unread}
              pending={pending}
              depth={depth + 1}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function MainLayout({ token }: { token: string }) {
  const session = useSessionSnapshot();
  const machine = useMemo(() => createWorkspaceMachine(token), [token]);
  const tabsActor = useActorRef(machine, { inspect });
  const tabs = useSelector(tabsActor, (s) => s);
  const user = session.context.user;
  const { context } = tabs;
  const unread = useUnreadCount();
  // The user's permissions are read once, right after login, for every screen that asks.
  useEffect(() => preloadPermissions(), [token]);
  const applyCount = useApplyCount(hasEntry(context.menu, orgStructurePath));

  const workspace: Workspace = {
    menu: context.menu,
    openPage: (entry) => tabsActor.send({ type: 'tab.open', entry }),
    closePage: (key) => tabsActor.send({ type: 'tab.close', key }),
    // Back from a tab: it closes, and the tab visited before it shows (home when none is left).
    goBack: () => tabsActor.send({ type: 'tab.close', key: context.activeKey }),
    disablePage: (appType, id) => tabsActor.send({ type: 'page.disable', appType, id }),
    renderPage: (path, params = {}) => (
      <PageFrame path={path} params={params} title={pageComponent(path)?.title ?? ''} />
    ),
  };
  const openMenuItem = (item: MenuItem) =>
    tabsActor.send({
      type: 'tab.open',
      entry: { appType: item.appType, appId: item.appId, name: item.name, path: item.path, params: {} },
    });

  if (tabs.matches('restoring')) {
    return (
      <Flex align="center" justify="center" className="full-screen">
        <Spinner size="3" />
      </Flex>
    );
  }

  return (
    <WorkspaceContext.Provider value={workspace}>
      <div className="shell">
        {user && <Watermark user={user} />}
        <header className="shell-header">
          <Text weight="bold" size="4">
            安居签
          </Text>
          <Text color="gray" size="2">
            {user?.companyName}
          </Text>
          <Box flexGrow="1" />
          <Button
            variant="ghost"
            color="gray"
            data-testid="header-messages"
            onClick={() => tabsActor.send({ type: 'tab.open', entry: messagesEntry })}
          >
            消息
            <UnreadBadge count={unread} testId="header-unread" />
          </Button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <Button variant="ghost" data-testid="user-menu">
                <Avatar
                  size="1"
                  radius="full"
                  src={user?.faceUrl ?? undefined}
                  fallback={user?.name.slice(0, 1) ?? '?'}
                />
                {user?.name}
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Item
                onSelect={() =>
                  tabsActor.send({
                    type: 'tab.open',
                    entry: { appType: 88, appId: 0, name: '个人信息', path: '/views/user/index' },
                  })
                }
              >
                个人信息
              </DropdownMenu.Item>
              <DropdownMenu.Separator />
              <DropdownMenu.Item color="red" onSelect={() => sendSession({ type: 'logout' })}>
                退出登录
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </header>
        <nav className="shell-menu" aria-label="主菜单">
          <ScrollArea>
            <MenuList
              items={context.menu}
              onOpen={openMenuItem}
              unread={unread}
              pending={applyCount?.pendingCount ?? 0}
            />
            {context.settingMenu.length > 0 && (
              <>
                <Text size="1" color="gray" className="menu-group">
                  系统设置
                </Text>
                <MenuList items={context.settingMenu} onOpen={openMenuItem} unread={unread} depth={1} />
              </>
            )}
            <SystemInfoLine />
          </ScrollArea>
        </nav>
        <main className="shell-main">
          <TabBar
            tabs={context.tabs}
            activeKey={context.activeKey}
            onSelect={(key) => tabsActor.send({ type: 'tab.select', key })}
            onClose={(key) => tabsActor.send({ type: 'tab.close', key })}
            onCloseOthers={() => tabsActor.send({ type: 'tab.closeOthers' })}
            onCloseAll={() => tabsActor.send({ type: 'tab.closeAll' })}
          />
          <div className="page-area">
            {context.tabs.map((tab, index) => {
              const key = tabKey(tab);
              const isActive = key === context.activeKey;
              // Home is cached (kept mounted); other pages mount while active.
              if (!isActive && key !== homeKey) return null;
              return (
                <section
                  key={key}
                  role="tabpanel"
                  id={panelId(index)}
                  aria-labelledby={tabId(index)}
                  hidden={!isActive}
                  data-testid={isActive ? 'active-page' : undefined}
                  data-path={tab.path}
                >
                  {/* A missing page's own 返回 stands in for the bar. */}
                  {isOpenedFromPage(tab, [...context.menu, ...context.settingMenu]) &&
                    pageComponent(tab.path) !== null && <BackBar />}
                  <PageView tab={tab} userId={user?.userId ?? 0} />
                </section>
              );
            })}
          </div>
        </main>
      </div>
      <PageDisabledDialog
        open={tabs.matches({ ready: 'disabledModal' })}
        onClose={() => tabsActor.send({ type: 'modal.close' })}
      />
      <VersionGate />
    </WorkspaceContext.Provider>
  );
}
