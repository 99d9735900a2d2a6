/** Personal profile (/views/user/index): name, password, avatar, version check, upgrade switch, help. */
import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Avatar, Box, Card, DataList, Flex, Heading, Separator, Switch, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Button } from '../../ui/button';
import { FilePicker } from '../../ui/file-picker';
import type { PageProps } from '../../core/workspace';
import { useSessionSnapshot, sendSession } from '../../core/use-session';
import { versionCheckMachine, upToDateMessage } from '../../../machines/version-check.machine';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { loadHelp, loadUpgradeState, saveUpgradeState } from './profile-actors';
import { checkVersion } from '../../core/version-check';
import { appConfig } from '../../../domain/app-config';

const versionMachine = versionCheckMachine.provide({ actors: { checkVersion } });
const upgradeMachine = resourceMachine.provide({
  actors: { load: loadUpgradeState, save: saveUpgradeState },
});
const helpMachine = resourceMachine.provide({ actors: { load: loadHelp } });

function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

type HelpContent = { cateName?: string; pages?: { pageId: number; title: string; content: string }[] } | null;

export default function ProfilePage(_props: PageProps) {
  const session = useSessionSnapshot();
  const user = session.context.user;
  const isBusy = !session.matches({ signedIn: 'idle' });
  const [version, sendVersion] = useMachine(versionMachine, { inspect });
  const [upgrade, sendUpgrade] = useMachine(upgradeMachine, { inspect });
  const [help] = useMachine(helpMachine, { inspect });
  const [fileName, setFileName] = useState('');

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sendSession({
      type: 'profile.rename',
      name: fieldText(new FormData(event.currentTarget), 'name').trim(),
    });
  };
  const changePassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    sendSession({
      type: 'profile.changePassword',
      oldPassword: fieldText(form, 'oldPassword'),
      newPassword: fieldText(form, 'newPassword'),
    });
    event.currentTarget.reset();
  };
  const helpContent = help.context.data as HelpContent;

  return (
    <Box p="5" className="profile-page">
      <Flex gap="4" wrap="wrap" align="start">
        <Card size="3" style={{ flex: '1 1 360px' }}>
          <Flex gap="4" align="center" mb="4">
            <Avatar
              size="6"
              src={user?.faceUrl ?? undefined}
              fallback={user?.name.slice(0, 1) ?? '?'}
              radius="full"
            />
            <Box>
              <Heading size="5" data-testid="profile-name">
                {user?.name}
              </Heading>
              <Text color="gray">{user?.companyName}</Text>
            </Box>
          </Flex>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>手机号</DataList.Label>
              <DataList.Value>{user?.userName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>身份</DataList.Label>
              <DataList.Value>{user?.isManager === 1 ? '管理员' : '员工'}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Separator size="4" my="4" />
          <form onSubmit={rename} className="inline-form">
            <Text size="2" weight="medium">
              修改姓名
            </Text>
            <Flex gap="2">
              <TextField.Root
                name="name"
                defaultValue={user?.name}
                maxLength={30}
                placeholder="请输入姓名"
                style={{ flex: 1 }}
              />
              <Button type="submit" disabled={isBusy}>
                {session.matches({ signedIn: 'renaming' }) ? '保存中...' : '保存'}
              </Button>
            </Flex>
          </form>
          <form onSubmit={changePassword} className="inline-form">
            <Text size="2" weight="medium">
              修改密码
            </Text>
            <TextField.Root
              name="oldPassword"
              type="password"
              placeholder="请输入原密码"
              autoComplete="current-password"
            />
            <TextField.Root
              name="newPassword"
              type="password"
              placeholder="请输入 6 位以上新密码"
              autoComplete="new-password"
            />
            <Button type="submit" disabled={isBusy}>
              {session.matches({ signedIn: 'changingPassword' }) ? '提交中...' : '修改密码'}
            </Button>
          </form>
          <div className="inline-form">
            <Text size="2" weight="medium">
              更换头像
            </Text>
            <FilePicker
              label="选择头像图片"
              accept=".png,.jpg,.jpeg,.webp,.gif"
              resetAfterChoice
              onFile={(file) => {
                setFileName(file.name);
                sendSession({ type: 'profile.uploadFace', file });
              }}
            />
            {fileName && (
              <Text size="1" color="gray">
                {session.matches({ signedIn: 'uploadingFace' })
                  ? `正在上传 ${fileName}...`
                  : `已选择 ${fileName}`}
              </Text>
            )}
          </div>
          {session.context.notice && session.context.notice.source === 'local' && (
            <Flex align="center" gap="2" data-testid="profile-notice">
              <Text size="2" color={session.context.notice.kind === 'error' ? 'red' : 'green'}>
                {session.context.notice.text}
              </Text>
              <Button
                size="1"
                variant="ghost"
                aria-label="关闭提示"
                onClick={() => sendSession({ type: 'notice.dismiss' })}
              >
                ×
              </Button>
            </Flex>
          )}
        </Card>
        <Flex direction="column" gap="4" style={{ flex: '1 1 320px' }}>
          <Card size="3">
            <Heading size="3" mb="2">
              版本
            </Heading>
            <Text as="p" size="2" color="gray">
              PC 客户端 {appConfig.productVersion}（{appConfig.version}，版本代码 {appConfig.versionCode}）
            </Text>
            <Flex gap="3" align="center" mt="3">
              <Button
                variant="soft"
                onClick={() => sendVersion({ type: 'check' })}
                disabled={version.matches('checking')}
              >
                {version.matches('checking') ? '检查中...' : '检查更新'}
              </Button>
              <Text size="2" data-testid="version-result">
                {version.matches('upToDate') && upToDateMessage}
                {(version.matches('updateAvailable') || version.matches('forcedUpdate')) &&
                  `发现新版本 ${version.context.update?.version}`}
                {version.matches('failed') && version.context.error}
              </Text>
            </Flex>
            <Separator size="4" my="3" />
            <Flex justify="between" align="center">
              <Text as="label" size="2" htmlFor="use-new-interface">
                使用新版界面
              </Text>
              <Switch
                id="use-new-interface"
                checked={upgrade.context.data === 1}
                disabled={!upgrade.matches('loaded')}
                onCheckedChange={(checked) => sendUpgrade({ type: 'save', value: checked ? 1 : 0 })}
              />
            </Flex>
            {upgrade.matches('failed') && (
              <Text size="1" color="red">
                {upgrade.context.error}
              </Text>
            )}
          </Card>
          <Card size="3">
            <Heading size="3" mb="2">
              帮助中心
            </Heading>
            {help.matches('loading') && <Text color="gray">加载中...</Text>}
            {help.matches('failed') && <Text color="red">{help.context.error}</Text>}
            {help.matches('loaded') &&
              (helpContent?.pages?.length ? (
                helpContent.pages.map((page) => (
                  <details key={page.pageId} className="help-article">
                    <summary>{page.title}</summary>
                    <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
                      {page.content}
                    </Text>
                  </details>
                ))
              ) : (
                <Text color="gray">暂无帮助内容</Text>
              ))}
          </Card>
        </Flex>
      </Flex>
    </Box>
  );
}
