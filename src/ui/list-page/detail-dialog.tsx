/**
 * A record in a dialog over its list: open while a key is set; closing tells the list whether
 * something changed inside, so it reloads only then.
 */
import { useState, type ReactNode } from 'react';
import { Dialog } from '@radix-ui/themes';

export function DetailDialog<Key extends string | number>({
  title,
  openKey,
  onClose,
  maxWidth = '640px',
  children,
}: {
  title: string;
  openKey: Key | null;
  onClose: (changed: boolean) => void;
  maxWidth?: string;
  children: (key: Key, onChanged: () => void) => ReactNode;
}) {
  const [changed, setChanged] = useState(false);
  const [shownKey, setShownKey] = useState(openKey);
  if (shownKey !== openKey) {
    // Closed from outside (the record was deleted and the list already reloads): start clean next time.
    setShownKey(openKey);
    if (openKey === null) setChanged(false);
  }
  return (
    <Dialog.Root
      open={openKey !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose(changed);
          setChanged(false);
        }
      }}
    >
      <Dialog.Content maxWidth={maxWidth} aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {openKey !== null && children(openKey, () => setChanged(true))}
      </Dialog.Content>
    </Dialog.Root>
  );
}
