/**
 * A settings page's draft on the resource machine (合同基础设置, 客源簿基础设置, 房源基础设置): the
 * setting loads, edits go into a draft shown instead of it, 保存 checks the draft (when the page has
 * a local rule) and sends it, and the save is reported while the draft sent is still what the page
 * shows — the draft is pinned when sent, so saving an unchanged page is reported too. SettingsSaveBar
 * is the page's foot: the outcome (the server's refusal, the check's message, or 「…已保存」) and
 * 保存, or the sentence for who may only look.
 */
import { useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Callout, Flex, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../machines/resource.machine';
import { inspect } from '../inspector/inspection-store';
import { Button } from './button';

export type SettingsDraft<Setting> = {
  /** The draft, or the loaded setting until the first edit; null while loading. */
  setting: Setting | null;
  isFailed: boolean;
  isSaving: boolean;
  /** The server's refusal or the local check's message. */
  error: string | null;
  /** 「…已保存」 while the saved draft is what the page shows. */
  savedNotice: string | null;
  set: (patch: Partial<Setting>) => void;
  save: () => void;
  retry: () => void;
};

export function useSettingsDraft<Setting extends object>(options: {
  load: () => Promise<Setting | null>;
  save: (setting: Setting) => Promise<unknown>;
  savedText: string;
  /** A rule the page checks before sending: the message naming the field, or null. */
  check?: (setting: Setting) => string | null;
  /** Called on every edit and on 保存 (a page clears its own notices). */
  onEdit?: () => void;
}): SettingsDraft<Setting> {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(() => options.load()),
        save: fromPromise<unknown, { value: unknown }>(({ input }) => options.save(input.value as Setting)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const [draft, setDraft] = useState<Setting | null>(null);
  const [sent, setSent] = useState<Setting | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const setting = draft ?? (snapshot.context.data as Setting | null);
  const error = localError ?? snapshot.context.error;
  return {
    setting,
    isFailed: snapshot.matches('failed'),
    isSaving: snapshot.matches('saving'),
    error,
    savedNotice: sent !== null && sent === setting && !error ? options.savedText : null,
    set: (patch) => {
      if (!setting) return;
      setLocalError(null);
      options.onEdit?.();
      setDraft({ ...setting, ...patch });
    },
    save: () => {
      if (!setting) return;
      const message = options.check?.(setting) ?? null;
      setLocalError(message);
      options.onEdit?.();
      if (message) return;
      send({ type: 'save', value: setting });
      setDraft(setting);
      setSent(setting);
    },
    retry: () => send({ type: 'retry' }),
  };
}

export function SettingsSaveBar({
  draft,
  maySave = true,
  notice = null,
  deniedText = '您没有基础设置权限，只能查看。',
}: {
  draft: SettingsDraft<object>;
  maySave?: boolean;
  /** A page's own notice (a change not saved yet), after the error and before 「已保存」. */
  notice?: ReactNode;
  deniedText?: string;
}) {
  const shown = draft.error ?? notice ?? draft.savedNotice;
  return (
    <>
      {/* Said once the server has kept it: the draft stays on screen until then, and after a refusal. */}
      {shown && !draft.isSaving && (
        <Callout.Root color={draft.error ? 'red' : 'green'} role="status">
          <Callout.Text>{shown}</Callout.Text>
        </Callout.Root>
      )}
      {maySave ? (
        <Flex>
          <Button loading={draft.isSaving} onClick={draft.save}>
            保存
          </Button>
        </Flex>
      ) : (
        <Text size="2" color="gray">
          {deniedText}
        </Text>
      )}
    </>
  );
}
