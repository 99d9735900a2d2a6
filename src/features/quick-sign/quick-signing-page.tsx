/**
 * 快速签署 (/views/sign/quick-signing): the quickFileSign machine's wizard. The page only shows the
 * machine's step and sends events: the unfinished-record prompt, the file chooser, the parties, the
 * boxes dragged on the pages (react-pdf renders each page at one pixel per PDF point times the scale,
 * so a box converts to PDF points by dividing by the scale and flipping y), the settings and the start.
 */
import { useContext, useEffect, useMemo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Document, Page, pdfjs } from 'react-pdf';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  RadioGroup,
  Select,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { FilePicker } from '../../ui/file-picker';
import {
  quickFileSignMessages,
  type QuickActor,
  type QuickFileSignContext,
  type QuickPosition,
} from '../../../machines/quick-file-sign-context';
import { WorkspaceContext, type PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { createQuickSignMachine } from './quick-sign-actors';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const steps = [
  ['upload', '上传文件'],
  ['parties', '添加签署方'],
  ['positions', '设置签署位置'],
  ['settings', '签署设置'],
  ['review', '确认发起'],
] as const;

const scale = 1;
const accept = '.doc,.docx,.pdf,.png,.jpg,.jpeg,.webp,.gif';

function actorLabel(actor: QuickActor): string {
  return actor.actorType === 2 ? `${actor.cropName ?? ''}（经办人 ${actor.name || '未填写'}）` : actor.name;
}

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

type Send = ReturnType<typeof useMachine<ReturnType<typeof createQuickSignMachine>>>[1];

function PartiesStep({ context, send, busy }: { context: QuickFileSignContext; send: Send; busy: boolean }) {
  const [kind, setKind] = useState<'1' | '2'>('1');
  const [fillMethods, setFillMethods] = useState<'1' | '2'>('2');
  const [form, setForm] = useState({ name: '', phone: '', certNo: '', cropName: '' });
  const [editingCompany, setEditingCompany] = useState<number | null>(null);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const submit = () => {
    if (kind === '1') {
      send({
        type: 'party.savePersonal',
        actor: {
          fillMethods: fillMethods === '1' ? 1 : 2,
          name: form.name,
          phone: form.phone,
          ...(fillMethods === '1' ? { certType: 1 as const, certNo: form.certNo.trim().toUpperCase() } : {}),
        },
      });
    } else if (editingCompany !== null) {
      send({
        type: 'party.updateCompany',
        company: { actorId: editingCompany, cropName: form.cropName, name: form.name, phone: form.phone },
      });
      setEditingCompany(null);
    } else {
      send({
        type: 'party.addCompany',
        company: { cropName: form.cropName, name: form.name, phone: form.phone },
      });
    }
    setForm({ name: '', phone: '', certNo: '', cropName: '' });
  };
  return (
    <Flex direction="column" gap="3">
      <Table.Root size="1" data-testid="quick-actors">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>顺序</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>签署方</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {context.actors.map((actor) => (
            <Table.Row key={actor.actorId} data-testid="quick-actor-row">
              <Table.Cell>{actor.sortNo}</Table.Cell>
              <Table.Cell>{actor.actorType === 2 ? '企业' : '个人'}</Table.Cell>
              <Table.Cell>
                {actorLabel(actor)}
                {actor.complete !== 1 && (
                  <Badge ml="2" color="orange">
                    待完善
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{actor.phone}</Table.Cell>
              <Table.Cell>
                <Flex gap="2">
                  {actor.actorType === 2 && (
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => {
                        setKind('2');
                        setEditingCompany(actor.actorId);
                        setForm({
                          name: actor.name,
                          phone: actor.phone,
                          certNo: '',
                          cropName: actor.cropName ?? '',
                        });
                      }}
                    >
                      修改
                    </Button>
                  )}
                  <Button
                    size="1"
                    color="red"
                    variant="soft"
                    onClick={() => send({ type: 'party.delete', actorId: actor.actorId })}
                  >
                    删除
                  </Button>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Card>
        <Flex direction="column" gap="2">
          <RadioGroup.Root
            value={kind}
            onValueChange={(value) => setKind(value === '2' ? '2' : '1')}
            aria-label="签署方类型"
          >
            <Flex gap="4">
              <RadioGroup.Item value="1">个人签署方</RadioGroup.Item>
              <RadioGroup.Item value="2">企业签署方</RadioGroup.Item>
            </Flex>
          </RadioGroup.Root>
          {kind === '2' && (
            <TextField.Root placeholder="请输入企业名称" aria-label="企业名称" {...field('cropName')} />
          )}
          {kind === '1' && (
            <RadioGroup.Root
              value={fillMethods}
              onValueChange={(value) => setFillMethods(value === '1' ? '1' : '2')}
              aria-label="填写方式"
            >
              <Flex gap="4">
                <RadioGroup.Item value="2">由签署方自行填写证件</RadioGroup.Item>
                <RadioGroup.Item value="1">发起方填写证件</RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
          )}
          <TextField.Root
            placeholder={kind === '2' ? '请输入经办人人名' : '请输入姓名'}
            aria-label={kind === '2' ? '经办人姓名' : '姓名'}
            {...field('name')}
          />
          <TextField.Root placeholder="请输入手机号" aria-label="手机号" {...field('phone')} />
          {kind === '1' && fillMethods === '1' && (
            <TextField.Root placeholder="请输入身份证号" aria-label="身份证号" {...field('certNo')} />
          )}
          <Flex gap="2">
            <Button disabled={busy} onClick={submit}>
              {editingCompany !== null ? '保存企业签署方' : '添加签署方'}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

type Drag = { pageNo: number; startX: number; startY: number; x: number; y: number; move?: QuickPosition };

function PositionsStep({ context, send }: { context: QuickFileSignContext; send: Send }) {
  const [actorId, setActorId] = useState<number>(context.actors[0]?.actorId ?? 0);
  const [positionType, setPositionType] = useState<1 | 2>(1);
  const [drag, setDrag] = useState<Drag | null>(null);
  const file = context.file;
  const actor = context.actors.find((candidate) => candidate.actorId === actorId);
  const pageSize = (pageNo: number) =>
    file?.pages.find((page) => page.pageNo === pageNo) ?? { width: 595, height: 842 };

  const place = (
    pageNo: number,
    left: number,
    top: number,
    width: number,
    height: number,
    base?: QuickPosition,
  ) => {
    const size = pageSize(pageNo);
    const w = Math.min(Math.max(width / scale, 20), size.width);
    const h = Math.min(Math.max(height / scale, 20), size.height);
    const x = Math.min(Math.max(left / scale, 0), size.width - w);
    const yTop = Math.min(Math.max(top / scale, 0), size.height - h);
    send({
      type: 'position.place',
      position: {
        actorId: base?.actorId ?? actorId,
        pageNo,
        positionType: base?.positionType ?? (actor?.actorType === 1 ? 1 : positionType),
        x: Math.round(x * 100) / 100,
        y: Math.round((size.height - yTop - h) * 100) / 100,
        width: Math.round(w * 100) / 100,
        height: Math.round(h * 100) / 100,
      },
    });
  };
  const local = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerUp = (pageNo: number, event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pageNo !== pageNo) return;
    const end = local(event);
    if (drag.move) {
      const size = pageSize(pageNo);
      const topLeftX = drag.move.x * scale + (end.x - drag.startX);
      const topLeftY = (size.height - drag.move.y - drag.move.height) * scale + (end.y - drag.startY);
      place(pageNo, topLeftX, topLeftY, drag.move.width * scale, drag.move.height * scale, drag.move);
    } else {
      const width = Math.abs(end.x - drag.startX);
      const height = Math.abs(end.y - drag.startY);
      const isClick = width < 10 && height < 10;
      const defaultSize = positionType === 2 && actor?.actorType === 2 ? [120, 120] : [150, 80];
      place(
        pageNo,
        isClick ? drag.startX : Math.min(drag.startX, end.x),
        isClick ? drag.startY : Math.min(drag.startY, end.y),
        isClick ? defaultSize[0]! * scale : width,
        isClick ? defaultSize[1]! * scale : height,
      );
    }
    setDrag(null);
  };
  if (!file) return null;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2">签署方</Text>
        <Select.Root value={String(actorId)} onValueChange={(value) => setActorId(Number(value))}>
          <Select.Trigger aria-label="选择签署方" />
          <Select.Content>
            {context.actors.map((candidate) => (
              <Select.Item key={candidate.actorId} value={String(candidate.actorId)}>
                {actorLabel(candidate)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {actor?.actorType === 2 && (
          <RadioGroup.Root
            value={String(positionType)}
            onValueChange={(value) => setPositionType(value === '2' ? 2 : 1)}
            aria-label="位置类型"
          >
            <Flex gap="3">
              <RadioGroup.Item value="1">签字</RadioGroup.Item>
              <RadioGroup.Item value="2">盖章</RadioGroup.Item>
            </Flex>
          </RadioGroup.Root>
        )}
        <Text size="1" color="gray">
          在页面上拖动画出签署框（单击放置默认大小），拖动已有的框可移动
        </Text>
      </Flex>
      <Document
        file={file.fileUrl}
        loading={<Text color="gray">合同文件加载中...</Text>}
        error={<Text color="red">合同文件加载失败</Text>}
      >
        <Flex direction="column" gap="3">
          {file.pages.map((page) => (
            <div
              key={page.pageNo}
              data-testid="quick-page"
              data-page={page.pageNo}
              style={{
                position: 'relative',
                width: page.width * scale,
                height: page.height * scale,
                boxShadow: '0 0 0 1px var(--gray-6)',
                cursor: 'crosshair',
                touchAction: 'none',
              }}
              onPointerDown={(event) => {
                const point = local(event);
                setDrag({ pageNo: page.pageNo, startX: point.x, startY: point.y, x: point.x, y: point.y });
              }}
              onPointerMove={(event) => {
                if (drag?.pageNo === page.pageNo) setDrag({ ...drag, ...local(event) });
              }}
              onPointerUp={(event) => onPointerUp(page.pageNo, event)}
            >
              <Page
                pageNumber={page.pageNo}
                width={page.width * scale}
                renderTextLayer={false}
                renderAnnotationLayer={false}
              />
              {context.positions.map((position, index) =>
                position.pageNo !== page.pageNo ? null : (
                  <div
                    key={index}
                    data-testid="quick-box"
                    title={`${actorLabel(context.actors.find((candidate) => candidate.actorId === position.actorId) ?? ({ name: '' } as QuickActor))} ${position.positionType === 2 ? '盖章' : '签字'}`}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      const rect = event.currentTarget.parentElement!.getBoundingClientRect();
                      const x = event.clientX - rect.left;
                      const y = event.clientY - rect.top;
                      setDrag({ pageNo: page.pageNo, startX: x, startY: y, x, y, move: position });
                    }}
                    onDoubleClick={() => send({ type: 'position.remove', index })}
                    style={{
                      position: 'absolute',
                      left: position.x * scale,
                      top: (page.height - position.y - position.height) * scale,
                      width: position.width * scale,
                      height: position.height * scale,
                      border: `2px dashed ${position.positionType === 2 ? 'var(--red-9)' : 'var(--blue-9)'}`,
                      background:
                        position.positionType === 2 ? 'rgba(229,72,77,0.08)' : 'rgba(0,144,255,0.08)',
                      fontSize: 12,
                      cursor: 'move',
                      zIndex: 2,
                    }}
                  >
                    {context.actors.find((candidate) => candidate.actorId === position.actorId)?.actorType ===
                    2
                      ? (context.actors.find((candidate) => candidate.actorId === position.actorId)
                          ?.cropName ?? '')
                      : (context.actors.find((candidate) => candidate.actorId === position.actorId)?.name ??
                        '')}
                    {position.positionType === 2 ? ' 盖章' : ' 签字'}
                  </div>
                ),
              )}
              {drag && !drag.move && drag.pageNo === page.pageNo && (
                <div
                  style={{
                    position: 'absolute',
                    left: Math.min(drag.startX, drag.x),
                    top: Math.min(drag.startY, drag.y),
                    width: Math.abs(drag.x - drag.startX),
                    height: Math.abs(drag.y - drag.startY),
                    border: '1px solid var(--accent-9)',
                    zIndex: 3,
                    pointerEvents: 'none',
                  }}
                />
              )}
            </div>
          ))}
        </Flex>
      </Document>
    </Flex>
  );
}

function SettingsStep({ context, send }: { context: QuickFileSignContext; send: Send }) {
  const { settings } = context;
  return (
    <Flex direction="column" gap="3" style={{ maxWidth: 520 }}>
      <label>
        <Text size="2">合同名称</Text>
        <TextField.Root
          aria-label="合同名称"
          placeholder="请输入合同名称"
          value={settings.contractName}
          maxLength={50}
          onChange={(event) => send({ type: 'settings.change', patch: { contractName: event.target.value } })}
        />
      </label>
      <label>
        <Text size="2">签署期限（天）</Text>
        <TextField.Root
          aria-label="签署期限"
          type="number"
          min={1}
          max={90}
          value={String(settings.signDeadline)}
          onChange={(event) =>
            send({
              type: 'settings.change',
              patch: { signDeadline: Math.min(90, Math.max(1, Number(event.target.value) || 7)) },
            })
          }
        />
      </label>
      <Text size="2">签署顺序</Text>
      <RadioGroup.Root
        value={String(settings.signOrder)}
        onValueChange={(value) =>
          send({ type: 'settings.change', patch: { signOrder: value === '1' ? 1 : 2 } })
        }
        aria-label="签署顺序"
      >
        <Flex gap="4">
          <RadioGroup.Item value="2">有序签署</RadioGroup.Item>
          <RadioGroup.Item value="1">无序签署</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      <Text size="2">显示签署日期</Text>
      <RadioGroup.Root
        value={String(settings.showSignDate)}
        onValueChange={(value) =>
          send({ type: 'settings.change', patch: { showSignDate: value === '0' ? 0 : 1 } })
        }
        aria-label="显示签署日期"
      >
        <Flex gap="4">
          <RadioGroup.Item value="1">显示</RadioGroup.Item>
          <RadioGroup.Item value="0">不显示</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      <Text size="2">水印</Text>
      <RadioGroup.Root
        value={String(settings.watermarkType)}
        onValueChange={(value) =>
          send({
            type: 'settings.change',
            patch: { watermarkType: value === '0' ? 0 : value === '1' ? 1 : 2 },
          })
        }
        aria-label="水印类型"
      >
        <Flex gap="4">
          <RadioGroup.Item value="0">无水印</RadioGroup.Item>
          <RadioGroup.Item value="1">合同编号</RadioGroup.Item>
          <RadioGroup.Item value="2">自定义</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {settings.watermarkType === 2 && (
        <TextField.Root
          aria-label="水印内容"
          placeholder="请输入水印内容"
          maxLength={20}
          value={settings.watermark}
          onChange={(event) => send({ type: 'settings.change', patch: { watermark: event.target.value } })}
        />
      )}
    </Flex>
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
