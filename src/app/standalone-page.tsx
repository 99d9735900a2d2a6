/**
 * A page opened by its own address (a link, the address bar): no tabs around it; opening another
 * page moves to that page's address, and an app page passes the pay-status gate as a tab would.
 */
import { useRef, useState } from 'react';
import { useNavigate, useLocation, useParams } from 'react-router';
import { useSessionSnapshot } from '../core/use-session';
import { WorkspaceContext, type Workspace } from '../core/workspace';
import { PageFrame } from './page-frame';
import { normalizePagePath, pageComponent } from './pages';
import { PayStatusGate } from './pay-status-gate';
import { Watermark } from './watermark';
import { appTypeOfPath } from './pay-status-gate-actors';
import NotFoundPage from './not-found-page';
import { BackBar } from './back-bar';
import { tabKey, type PageTab } from '../../machines/tabs.machine';
import { PageDisabledDialog } from '../ui/page-disabled-dialog';

/** Two addresses of the same page with the same parameters (in any order; .vue or not). */
export function isSameAddress(a: string, b: string): boolean {
  const [pathA = '', queryA = ''] = a.split('?');
  const [pathB = '', queryB = ''] = b.split('?');
  const paramsA = new URLSearchParams(queryA);
  const paramsB = new URLSearchParams(queryB);
  paramsA.sort();
  paramsB.sort();
  return normalizePagePath(pathA) === normalizePagePath(pathB) && paramsA.toString() === paramsB.toString();
}

/** Whether the app has a page behind this one in the browser's history (react-router counts them). */
function hasPageBehind(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

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
      const target = `${entry.path}${search ? `?${search}` : ''}`;
      // The navigation lock (000 section 8): the page shown, opened again, is refused.
      if (isSameAddress(target, address)) return;
      movedFrom.current = address;
      // The same page with other parameters (a template chosen, a draft saved) is this page still, as
      // it stays one tab in the main layout: the address is replaced, so 返回 leaves the page itself.
      const isSamePage = normalizePagePath(target.split('?')[0] ?? '') === normalizePagePath(path);
      void navigate(target, { replace: isSamePage });
    },
    // Back in the browser; to / (then the main layout) when this is the app's first page. Read when
    // asked, not when the page first drew: a page may keep the workspace of its first render.
    goBack: () => void (hasPageBehind() ? navigate(-1) : navigate('/')),
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
        <BackBar />
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
