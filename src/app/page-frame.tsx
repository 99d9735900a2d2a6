/**
 * Where a screen renders, in a tab or opened by its own address: it loads lazily behind the delayed
 * loading text, and an error inside it (its code failing to load, or a render error) stays inside it
 * with 重试, which imports the screen again when its code failed.
 */
import { Suspense, useState } from 'react';
import type { PageProps } from '../core/workspace';
import { PageErrorBoundary } from '../ui/page-error-boundary';
import { PageLoading } from '../ui/page-loading';
import { forgetPageComponent, pageComponent } from './pages';

/** The screen of `props.path` (a known page: the callers check pageComponent first). */
export function PageFrame(props: PageProps) {
  const [attempt, setAttempt] = useState(0);
  // Read on every render: after a failure, forgetPageComponent makes this a fresh import.
  const page = pageComponent(props.path);
  if (!page) return null;
  return (
    <PageErrorBoundary
      key={attempt}
      onRetry={() => {
        forgetPageComponent(props.path);
        setAttempt(attempt + 1);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <page.Component {...props} />
      </Suspense>
    </PageErrorBoundary>
  );
}
