/**
 * The version check after login (000 section 7): the shell asks once; an optional update is offered
 * with its version, description and download link until the user dismisses that version; a forced
 * update (forceUpdate 1) covers the app with no way past it but the update.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog, Button, Flex, Text } from '@radix-ui/themes';
import { forcedUpdateMessage, versionCheckMachine } from '../../machines/version-check.machine';
import { checkVersion, rememberDismissed, wasDismissed } from '../core/version-check';
import { inspect } from '../inspector/inspection-store';

const machine = versionCheckMachine.provide({ actors: { checkVersion } });

export function VersionGate() {
  const [state, send] = useMachine(machine, { inspect });
  const [isHidden, setHidden] = useState(false);
  useEffect(() => send({ type: 'check' }), [send]);
  const update = state.context.update;
  const isForced = state.matches('forcedUpdate');
  const isOffered = state.matches('updateAvailable') && update !== null && !wasDismissed(update);
  if (!update || isHidden || !(isForced || isOffered)) return null;

  const dismiss = () => {
    rememberDismissed(update);
    setHidden(true);
    send({ type: 'dismiss' });
  };
  return (
    <AlertDialog.Root open>
      <AlertDialog.Content maxWidth="440px" data-testid="version-gate">
        <AlertDialog.Title>发现新版本 {update.version}</AlertDialog.Title>
        {isForced && (
          <AlertDialog.Description size="2" color="red" data-testid="forced-update">
            {forcedUpdateMessage}
          </AlertDialog.Description>
        )}
        <Flex direction="column" gap="1" my="3" data-testid="update-description">
          {update.description
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => (
              <Text key={line} size="2">
                {line}
              </Text>
            ))}
        </Flex>
        <Flex gap="3" justify="end">
          {!isForced && (
            <Button variant="soft" color="gray" onClick={dismiss}>
              以后再说
            </Button>
          )}
          <Button asChild>
            <a href={update.downloadUrl}>立即更新</a>
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
