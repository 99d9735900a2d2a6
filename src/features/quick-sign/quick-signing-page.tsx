/**
 * 快速签署 (/views/sign/quick-signing): the quickFileSign machine's wizard. The page only shows the
 * machine's step and sends events: the unfinished-record prompt, the file chooser, the parties, the
 * boxes dragged on the pages (react-pdf renders each page at one pixel per PDF point times the scale,
 * so a box converts to PDF points by dividing by the scale and flipping y), the settings and the start.
 */
import { useContext, useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog, Badge, Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { FilePicker } from '../../ui/file-picker';
import { quickFileSignMessages, type QuickFileSignContext } from '../../../machines/quick-file-sign-context';
import { WorkspaceContext, type PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { createQuickSignMachine } from './quick-sign-actors';
import { PartiesStep } from './quick-sign-parties-step';
import { PositionsStep } from './quick-sign-positions-step';
import { SettingsStep } from './quick-sign-settings-step';
import { actorLabel } from './quick-sign-step';

const steps = [
  ['upload', '上传文件'],
  ['parties', '添加签署方'],
  ['positions', '设置签署位置'],
  ['settings', '签署设置'],
  ['review', '确认发起'],
] as const;

const accept = '.doc,.docx,.pdf,.png,.jpg,.jpeg,.webp,.gif';

function Notice({ notice }: { notice: QuickFileSignContext['notice'] }) {
  if (!notice) return null;
  return (
    <Callout.Root
      color={notice.kind === 'error' ? 'red' : 'green'}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="quick-notice"
    >
      <Callout.Text>{notice.text}</Callout.Text>
    </Callout.Root>
  );
}

export default function QuickSigningPage(_props: PageProps) {
  const machine = useMemo(() => createQuickSignMachine(), []);
  const [snapshot, send] = useMachine(machine, { inspect });
  const workspace = useContext(WorkspaceContext);
  const { context } = snapshot;
  const stepKey =
    steps.find(([key]) => snapshot.matches(key))?.[0] ?? (snapshot.matches('ready') ? 'review' : null);

  useEffect(() => {
    if (snapshot.status === 'done' && context.contractId !== null) {
      workspace.openPage({
        appType: 6,
        appId: 0,
        name: '签约详情',
        path: '/views/sign/detail',
        params: { contractId: String(context.contractId), boxName: context.settings.contractName },
      });
    }
  }, [snapshot.status, context.contractId, context.settings.contractName, workspace]);

  return (
    <Flex
      direction="column"
      gap="4"
      p="4"
      data-testid="quick-signing"
      data-state={JSON.stringify(snapshot.value)}
      data-sysid={context.contractsysId ?? ''}
    >
      <Heading size="5">快速签署</Heading>
      <Flex gap="2">
        {steps.map(([key, label], index) => (
          <Badge
            key={key}
            color={key === stepKey ? 'blue' : 'gray'}
            variant={key === stepKey ? 'solid' : 'soft'}
          >
            {index + 1}. {label}
          </Badge>
        ))}
      </Flex>
      <Notice notice={context.notice} />

      <AlertDialog.Root open={snapshot.matches('prompt')}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>有未完成的快速签署</AlertDialog.Title>
          <AlertDialog.Description>
            {context.unfinished
              ? `《${context.unfinished.contractName}》（${context.unfinished.fileName}，${context.unfinished.actorCount} 个签署方，${context.unfinished.updateTime}）尚未发起，是否继续？`
              : ''}
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <Button variant="soft" color="gray" onClick={() => send({ type: 'unfinished.refill' })}>
              重新填写
            </Button>
            <Button onClick={() => send({ type: 'unfinished.continue' })}>继续</Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>

      <AlertDialog.Root open={snapshot.matches({ parties: 'confirmingDelete' })}>
        <AlertDialog.Content maxWidth="380px">
          <AlertDialog.Title>删除签署方</AlertDialog.Title>
          <AlertDialog.Description>{quickFileSignMessages.deleteConfirm}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <Button variant="soft" color="gray" onClick={() => send({ type: 'delete.cancel' })}>
              取消
            </Button>
            <Button color="red" onClick={() => send({ type: 'delete.confirm' })}>
              确定
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>

      {(snapshot.matches('checking') || snapshot.matches('restoring')) && <Text color="gray">加载中...</Text>}
      {(snapshot.matches('savingPositions') || snapshot.matches('savingSettingsDraft')) && (
        <Text color="gray">保存中...</Text>
      )}

      {snapshot.matches('upload') && (
        <Card>
          <Flex direction="column" gap="3">
            <Text size="2">
              选择一个合同文件（doc、docx、pdf、png、jpg、jpeg、webp、gif，不超过 20 MB）；Word
              文件与图片会转换为 PDF。
            </Text>
            <FilePicker
              label="合同文件"
              accept={accept}
              resetAfterChoice
              disabled={snapshot.matches({ upload: 'uploading' })}
              onFile={(chosen) =>
                send({ type: 'file.choose', file: { name: chosen.name, size: chosen.size, data: chosen } })
              }
            />
            {snapshot.matches({ upload: 'uploading' }) && <Text color="gray">文件上传转换中...</Text>}
            {context.file && (
              <Flex gap="3" align="center">
                <Text size="2">
                  当前文件：{context.file.fileName}（{context.file.pageCount} 页）
                </Text>
                <Button variant="soft" onClick={() => send({ type: 'wizard.next' })}>
                  下一步
                </Button>
              </Flex>
            )}
          </Flex>
        </Card>
      )}

      {snapshot.matches('parties') && (
        <>
          <PartiesStep context={context} send={send} busy={!snapshot.matches({ parties: 'idle' })} />
          <Flex gap="2">
            <Button variant="soft" onClick={() => send({ type: 'wizard.back' })}>
              上一步
            </Button>
            <Button onClick={() => send({ type: 'wizard.next' })}>下一步</Button>
          </Flex>
        </>
      )}

      {snapshot.matches('positions') && (
        <>
          <PositionsStep context={context} send={send} />
          <Flex gap="2">
            <Button variant="soft" onClick={() => send({ type: 'wizard.back' })}>
              上一步
            </Button>
            <Button onClick={() => send({ type: 'wizard.next' })}>下一步</Button>
          </Flex>
        </>
      )}

      {snapshot.matches('settings') && (
        <>
          <SettingsStep context={context} send={send} />
          <Flex gap="2">
            <Button variant="soft" onClick={() => send({ type: 'wizard.back' })}>
              上一步
            </Button>
            <Button onClick={() => send({ type: 'wizard.next' })}>下一步</Button>
          </Flex>
        </>
      )}

      {(snapshot.matches('review') ||
        snapshot.matches('saving') ||
        snapshot.matches('ready') ||
        snapshot.matches('startingSigning') ||
        snapshot.matches('startingApproval') ||
        snapshot.matches('started')) && (
        <Card data-testid="quick-review">
          <Flex direction="column" gap="2">
            <Text>合同名称：{context.settings.contractName}</Text>
            <Text>
              文件：{context.file?.fileName}（{context.file?.pageCount} 页）
            </Text>
            <Text>签署方：{context.actors.map(actorLabel).join('、')}</Text>
            <Text>签署位置：{context.positions.length} 个</Text>
            <Text>
              签署期限 {context.settings.signDeadline} 天，
              {context.settings.signOrder === 2 ? '有序签署' : '无序签署'}，
              {context.settings.showSignDate === 1 ? '显示签署日期' : '不显示签署日期'}，水印：
              {context.settings.watermarkType === 0
                ? '无'
                : context.settings.watermarkType === 1
                  ? '合同编号'
                  : context.settings.watermark}
            </Text>
            <Box>
              {snapshot.matches('review') && (
                <Flex gap="2">
                  <Button variant="soft" onClick={() => send({ type: 'wizard.back' })}>
                    上一步
                  </Button>
                  <Button onClick={() => send({ type: 'wizard.submit' })}>保存</Button>
                </Flex>
              )}
              {snapshot.matches('saving') && <Text color="gray">保存中...</Text>}
              {snapshot.matches('ready') && (
                <Flex gap="2">
                  <Button variant="soft" onClick={() => send({ type: 'wizard.back' })}>
                    修改设置
                  </Button>
                  {snapshot.can({ type: 'sign.start' }) && (
                    <Button onClick={() => send({ type: 'sign.start' })}>发起签署</Button>
                  )}
                  {snapshot.can({ type: 'approval.start' }) && (
                    <Button onClick={() => send({ type: 'approval.start' })}>发起审批</Button>
                  )}
                </Flex>
              )}
              {(snapshot.matches('startingSigning') || snapshot.matches('startingApproval')) && (
                <Text color="gray">发起中...</Text>
              )}
            </Box>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
