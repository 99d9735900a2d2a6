/**
 * A button of an action the user may not be allowed: shown as usual when allowed; otherwise hidden,
 * or shown disabled with the seed's no-permission message (您没有权限，请联系管理员设置相关权限).
 * The permission itself comes from the one client permission model (src/core/permissions.ts).
 */
import type { ComponentProps } from 'react';
import { Button, Tooltip } from '@radix-ui/themes';
import { noPermissionMessage } from '../../domain/permissions';

export function PermittedButton({
  allowed,
  whenDenied = 'disable',
  ...props
}: ComponentProps<typeof Button> & { allowed: boolean; whenDenied?: 'hide' | 'disable' }) {
  if (allowed) return <Button {...props} />;
  if (whenDenied === 'hide') return null;
  return (
    <Tooltip content={noPermissionMessage}>
      <span tabIndex={0} aria-label={noPermissionMessage} style={{ display: 'inline-flex' }}>
        <Button {...props} disabled onClick={undefined} />
      </span>
    </Tooltip>
  );
}
