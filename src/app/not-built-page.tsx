import type { PageProps } from '../core/workspace';
import { NotBuiltYet } from '../ui/not-built-yet';

export default function NotBuiltPage({ title, path }: PageProps) {
  return <NotBuiltYet title={title} path={path} />;
}
