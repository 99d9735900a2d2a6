/**
 * The app: hash routes of the route table, every screen lazy-loaded, and the route guard driven by
 * the session machine (signed out on a protected page: toast, then login after 1.5 s).
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { emitFeedback } from '../api/feedback';
import { sessionActor } from '../core/session';
import { useSessionSnapshot } from '../core/use-session';
import { FeedbackHost } from '../ui/feedback-host';
import { PageLoading } from '../ui/page-loading';
import { loginRedirectDelayMs, sessionMessages } from '../../machines/session-context';

const LaunchPage = lazy(() => import('./launch-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const LoginPage = lazy(() => import('../features/login/login-page'));
const MainLayout = lazy(() => import('./main-layout'));
const StandalonePage = lazy(() => import('./standalone-page'));
const SmsOutboxPage = lazy(() => import('../features/sandbox/sms-outbox-page'));
const SandboxPayPage = lazy(() => import('../features/sandbox/pay-page'));
const SandboxFacePage = lazy(() => import('../features/sandbox/face-page'));
const InviteJoinPage = lazy(() => import('../features/join/invite-join-page'));
const VerifyPage = lazy(() => import('../features/verify/verify-page'));
const InspectorPanel = lazy(() => import('../inspector/inspector-panel'));

const loginPath = '/layout/login';

function isLoginPath(pathname: string): boolean {
  return pathname === '/layout/login' || pathname === '/layout/login2';
}

/** Follows the session machine: where a signed-in or signed-out user belongs. */
function SessionNavigation() {
  const snapshot = useSessionSnapshot();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = snapshot.context.notice;

  useEffect(() => {
    if (notice?.source === 'local') emitFeedback({ kind: 'toast', text: notice.text, tone: notice.kind });
  }, [notice]);

  const isSignedIn = snapshot.matches('signedIn');
  const isSignedOut = snapshot.matches('signedOut');
  // The SMS outbox and the face provider's page are for signed-out users too; the sandbox cashier
  // needs the session like any page.
  const isPublic =
    isLoginPath(location.pathname) ||
    location.pathname === '/sandbox/sms-outbox' ||
    location.pathname === '/sandbox/face' ||
    location.pathname === '/invite' ||
    location.pathname === '/verify';
  // Signed out already and then opening a protected address (a link, the address bar, back): the
  // route guard's toast, then the login page after 1.5 s. Just signed out (the session machine has
  // already shown its message and waited): straight to login.
  const wasSignedOut = useRef(false);
  useEffect(() => {
    const justSignedOut = isSignedOut && !wasSignedOut.current;
    wasSignedOut.current = isSignedOut;
    if (isSignedOut && !isPublic) {
      const isStart = location.pathname === '/' || location.pathname === '/layout/launch';
      if (justSignedOut || isStart) {
        void navigate(loginPath, { replace: true });
        return;
      }
      emitFeedback({ kind: 'toast', text: sessionMessages.notLoggedIn, tone: 'error' });
      const timer = setTimeout(() => void navigate(loginPath, { replace: true }), loginRedirectDelayMs);
      return () => clearTimeout(timer);
    }
    if (
      isSignedIn &&
      (isLoginPath(location.pathname) || location.pathname === '/' || location.pathname === '/layout/launch')
    ) {
      void navigate('/layout/index', { replace: true });
    }
    return undefined;
  }, [isSignedIn, isSignedOut, isPublic, location.pathname, navigate]);
  return null;
}

function Protected({ children }: { children: (token: string) => React.ReactNode }) {
  const snapshot = useSessionSnapshot();
  if (!snapshot.matches('signedIn') || !snapshot.context.credentials) return <LaunchPage />;
  return <>{children(snapshot.context.credentials.token)}</>;
}

function openRecharge() {
  window.location.hash = '#/views/recharge/index';
}

export function App() {
  useEffect(() => {
    sessionActor.start();
  }, []);
  const isDev = import.meta.env.DEV || localStorage.getItem('inspector') === '1';
  return (
    <HashRouter>
      <SessionNavigation />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<LaunchPage />} />
          <Route path="/layout/launch" element={<LaunchPage />} />
          <Route path="/layout/login" element={<LoginPage />} />
          <Route path="/layout/login2" element={<LoginPage />} />
          <Route
            path="/layout/index"
            element={<Protected>{(token) => <MainLayout key={token} token={token} />}</Protected>}
          />
          <Route path="/views/*" element={<Protected>{() => <StandalonePage />}</Protected>} />
          <Route path="/sandbox/sms-outbox" element={<SmsOutboxPage />} />
          <Route path="/sandbox/pay" element={<Protected>{() => <SandboxPayPage />}</Protected>} />
          <Route path="/sandbox/face" element={<SandboxFacePage />} />
          {/* The invitation link (inviteUrl): public, whether or not someone is signed in here. */}
          <Route path="/invite" element={<InviteJoinPage />} />
          {/* 文件验签: anyone may check a signed PDF, signed in or not. */}
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/index" element={<Navigate to="/layout/index" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      {isDev && (
        // Its own boundary: loading the inspector must not suspend (and remount) the pages.
        <Suspense fallback={null}>
          <InspectorPanel />
        </Suspense>
      )}
      <FeedbackHost onBuy={openRecharge} />
    </HashRouter>
  );
}
