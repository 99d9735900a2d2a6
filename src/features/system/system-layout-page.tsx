/**
 * 系统设置 (/views/system/layout, 000 section 2 and 001 "system settings with setting pages"): the
 * settings menu the server gives this user (/base/settingMenu, filtered by permission) on the left
 * and the chosen setting page beside it. The page parameter `path` opens one of them directly.
 */
import { useState } from 'react';
import { Box, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { api, ok } from '../../api/client';
import { useWorkspace, type PageProps } from '../../core/workspace';
import { useResource } from '../../ui/use-resource';

type SettingEntry = { appType: number; appId: number; name: string; path: string };

async function fetchSettingMenu(): Promise<SettingEntry[]> {
  return (await ok(api.GET('/base/settingMenu'))).data ?? [];
}

export default function SystemLayoutPage({ params }: PageProps) {
  const menu = useResource(fetchSettingMenu);
  const { renderPage } = useWorkspace();
  const [chosenPath, setChosenPath] = useState<string | null>(params['path'] ?? null);
  const entries = menu.data ?? [];
  const chosen = entries.find((entry) => entry.path === chosenPath) ?? entries[0] ?? null;

  return (
    <Flex gap="4" p="4" align="start" data-testid="system-layout-page">
      <Card style={{ width: 200, flexShrink: 0 }}>
        <Heading size="3" mb="2">
          系统设置
        </Heading>
        {menu.isFailed && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{menu.error}</Callout.Text>
          </Callout.Root>
        )}
        {menu.data && entries.length === 0 && <Text color="gray">您没有可用的设置项</Text>}
        <Flex direction="column" gap="1" role="tablist" aria-orientation="vertical" aria-label="设置项">
          {entries.map((entry) => {
            const isChosen = entry.path === chosen?.path;
            return (
              <button
                key={entry.path}
                type="button"
                role="tab"
                aria-selected={isChosen}
                className="menu-item"
                style={{ background: isChosen ? 'var(--accent-a4)' : undefined }}
                onClick={() => setChosenPath(entry.path)}
              >
                {entry.name}
              </button>
            );
          })}
        </Flex>
      </Card>
      <Box flexGrow="1" style={{ minWidth: 0 }} role="tabpanel" aria-label={chosen?.name ?? '设置'}>
        {chosen && renderPage ? (
          <div key={chosen.path}>{renderPage(chosen.path)}</div>
        ) : (
          menu.isLoading && <Text color="gray">加载中...</Text>
        )}
      </Box>
    </Flex>
  );
}
