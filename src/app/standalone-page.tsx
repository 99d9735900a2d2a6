/**
 * A page opened by its own address (a link, the address bar): no tabs around it; opening another
 * page moves to that page's address, and an app page passes the pay-status gate as a tab would.
 */
import { useRef, useState } from 'react';
import { useNavigate, useLocation, useParams } from 'react-router';
import { useSessionSnapshot } from '../core/use-session';
import { WorkspaceContext, type Workspace } from '../core/workspace';
import { PageFrame } from './page-frame';
import { pageComponent } from './pages';
import { PayStatusGate } from './pay-status-gate';
import { Watermark } from './watermark';
import { appTypeOfPath } from './pay-status-gate-actors';
import NotFoundPage from './not-found-page';
import { tabKey, type PageTab } from '../../machines/tabs.machine';
import { PageDisabledDialog } from '../ui/page-disabled-dialog';

export default function StandalonePage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const path = `/views/${params['*'] ?? ''}`;
  const user = useSessionSnapshot().context.user;
  const userId = user?.userId ?? null;
  /** The address that last opened another page (a page that opens the next one, then closes itself). */
  const movedFrom = useRef<string | null>(null);
  /** 当前页面状态不可操作 over this page, as the main layout shows it over a tab. */
  const [isDisabled, setDisabled] = useState(false);
  const page = pageComponent(path);
  if (!page) return <NotFoundPage />;
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const frame = <PageFrame path={path} params={query} title={page.title} />;
  // An app page opened from its address passes the same pay-status gate as one opened as a tab.
  const appType = appTypeOfPath(path);
  const tab: PageTab = { appType: appType ?? 0, appId: 0, name: page.title, path, params: query };
  const ownKey = tabKey(tab);
  const address = `${path}${location.search}`;
  const workspace: Workspace = {
    menu: [],
    openPage: (entry) => {
      const search = new URLSearchParams(entry.params ?? {}).toString();
      movedFrom.current = address;
      void navigate(`${entry.path}${search ? `?${search}` : ''}`);
    },
    // A page on its own address has no tab: closing this page (the gate's 取消) goes to the main
    // layout, unless it has just opened another page (a deleted contract goes back to its list);
    // closing another page's tab changes nothing.
    closePage: (key) => {
      if (key === ownKey && movedFrom.current !== address) void navigate('/layout/index', { replace: true });
    },
    // The record this page shows became inoperable (001 section 8): the same modal as over a tab;
    // its 关闭 leaves the page for the main layout.
    disablePage: (appType, id) => {
      if (appType === tab.appType && (query['contractId'] === String(id) || query['id'] === String(id)))
        setDisabled(true);
    },
    renderPage: (inner, innerParams = {}) => (
      <PageFrame path={inner} params={innerParams} title={pageComponent(inner)?.title ?? ''} />
    ),
  };
  return (
    <WorkspaceContext.Provider value={workspace}>
      <div data-testid="standalone-page" data-path={path}>
        {/* The company's watermark covers a page opened by its address as it covers the main layout. */}
        {user && <Watermark user={user} />}
        {appType !== null && userId !== null ? (
          <PayStatusGate key={appType} tab={tab} userId={userId}>
            {frame}
          </PayStatusGate>
        ) : (
          frame
        )}
        <PageDisabledDialog
          open={isDisabled}
          onClose={() => {
            setDisabled(false);
            void navigate('/layout/index', { replace: true });
          }}
        />
      </div>
    </WorkspaceContext.Provider>
  );
}
