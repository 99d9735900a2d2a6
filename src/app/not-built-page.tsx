import type { PageProps } from '../core/workspace';
import { NotBuiltYet } from '../ui/not-built-yet';

export default function NotBuiltPage({ title }: PageProps) {
  return <NotBuiltYet title={title} />;
}
