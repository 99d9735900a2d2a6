/**
 * Seal management (/views/manager/seal, 001 sections 3 and 7): the company's signing bodies and
 * their electronic seals — type 1 公章, 2 合同专用章, 3 财务专用章, each with its sealTitle and image.
 * A seal is made from its name or from an uploaded picture, renamed or retyped, or deleted; each
 * change needs the operator's SMS code. 免验证签署授权 opens the seal-free window (1260x800). The
 * 企业认证 section (company-registration.tsx) registers the bodies the seals belong to.
 */
import { useCallback, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Dialog,
  Flex,
  Grid,
  Heading,
  Inset,
  SegmentedControl,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { FilePicker } from '../../ui/file-picker';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { SealAuthDialog } from './seal-auth-dialog';
import { CompanyRegistration } from './company-registration';
import {
  loadSealScreen,
  saveSealChange,
  sendSealCode,
  type SealChange,
  type SealScreenData,
  type SealType,
  type SignSeal,
} from './signing-actors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { isMobile } from '../../../domain/validators';

export const sealTypeNames: Record<SealType, string> = { 1: '公章', 2: '合同专用章', 3: '财务专用章' };
const sealTypes: SealType[] = [1, 2, 3];

const sealScreenMachine = resourceMachine.provide({ actors: { load: loadSealScreen, save: saveSealChange } });

function toSealType(value: string): SealType {
  return value === '1' ? 1 : value === '3' ? 3 : 2;
}

type EditorProps = {
  data: SealScreenData;
  seal: SignSeal | null;
  isSaving: boolean;
  onSave: (change: SealChange) => void;
  onClose: () => void;
};

/** Create (seal null) or update one seal; the code goes to the operator's phone. */
function SealEditor({ data, seal, isSaving, onSave, onClose }: EditorProps) {
  const verified = data.bodies.filter((body) => body.state === 1);
  const [etcomid, setEtcomid] = useState(seal?.etcomid ?? verified[0]?.etcomid ?? '');
  const [name, setName] = useState(seal?.sealTitle ?? '');
  const [sealType, setSealType] = useState<SealType>(seal?.sealType ?? 2);
  const [source, setSource] = useState<'1' | '2'>('1');
  const [file, setFile] = useState<File | null>(null);
  const [phone, setPhone] = useState('');
  const [vercode, setVercode] = useState('');
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const body = data.bodies.find((item) => item.etcomid === etcomid);

  // The number is checked here before any code is sent (001 section 5); the seed's words (000 section 8).
  const onSendCode = () => {
    const mobile = phone.trim();
    if (!isMobile(mobile)) {
      setCodeNote('手机号格式不正确');
      return;
    }
    sendSealCode(mobile).then(
      () => setCodeNote('验证码已发送,请注意查收!'),
      (error: unknown) => setCodeNote(error instanceof Error ? error.message : String(error)),
    );
  };
  const onSubmit = () => {
    const agentCode = body?.agentCode ?? '';
    onSave(
      seal
        ? { op: 'update', sealId: seal.sealId, etcomid, agentCode, name, sealType, vercode }
        : { op: 'create', etcomid, agentCode, name, sealType, vercode, file: source === '2' ? file : null },
    );
  };

  return (
    <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
      <Dialog.Title>{seal ? '修改印章' : '新建印章'}</Dialog.Title>
      <Flex direction="column" gap="3">
        <label>
          <Text as="div" size="2" mb="1" weight="medium">
            签约主体
          </Text>
          <Select.Root value={etcomid} onValueChange={setEtcomid} disabled={seal !== null}>
            <Select.Trigger style={{ width: '100%' }} />
            <Select.Content>
              {verified.map((item) => (
                <Select.Item key={item.etcomid} value={item.etcomid}>
                  {item.corpName}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </label>
        <label>
          <Text as="div" size="2" mb="1" weight="medium">
            印章名称
          </Text>
          <TextField.Root
            value={name}
            placeholder="请输入印章名称"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          <Text as="div" size="2" mb="1" weight="medium">
            印章类型
          </Text>
          <Select.Root value={String(sealType)} onValueChange={(value) => setSealType(toSealType(value))}>
            <Select.Trigger style={{ width: '100%' }} aria-label="印章类型" />
            <Select.Content>
              {sealTypes.map((type) => (
                <Select.Item key={type} value={String(type)}>
                  {sealTypeNames[type]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </label>
        {!seal && (
          <Flex direction="column" gap="2">
            <SegmentedControl.Root
              value={source}
              onValueChange={(value) => setSource(value === '2' ? '2' : '1')}
            >
              <SegmentedControl.Item value="1">按名称生成</SegmentedControl.Item>
              <SegmentedControl.Item value="2">上传图片</SegmentedControl.Item>
            </SegmentedControl.Root>
            {source === '2' && (
              <label>
                <Text as="div" size="2" mb="1" color="gray">
                  透明底 PNG 或 JPG，不超过 2 MB
                </Text>
                <FilePicker label="印章图片" accept="image/png,image/jpeg" onFile={setFile} />
              </label>
            )}
          </Flex>
        )}
        <Flex gap="2" align="end">
          <Box flexGrow="1">
            <label>
              <Text as="div" size="2" mb="1" weight="medium">
                经办人手机号{body?.oprUserName ? `（${body.oprUserName}）` : ''}
              </Text>
              <TextField.Root
                value={phone}
                placeholder="请输入手机号"
                onChange={(e) => setPhone(e.target.value)}
              />
            </label>
          </Box>
          <Button variant="soft" onClick={onSendCode}>
            获取验证码
          </Button>
        </Flex>
        {codeNote && (
          <Text size="2" color="gray" data-testid="seal-code-note" role="status">
            {codeNote}
          </Text>
        )}
        <label>
          <Text as="div" size="2" mb="1" weight="medium">
            验证码
          </Text>
          <TextField.Root
            value={vercode}
            placeholder="请输入6位验证码"
            onChange={(e) => setVercode(e.target.value)}
          />
        </label>
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        <Button variant="soft" color="gray" onClick={onClose}>
          取消
        </Button>
        <Button loading={isSaving} onClick={onSubmit}>
          确定
        </Button>
      </Flex>
    </Dialog.Content>
  );
}

function SealCard({ seal, onEdit, onDelete }: { seal: SignSeal; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card size="2" data-testid="seal-card">
      <Inset side="top" pb="current">
        <Flex justify="center" align="center" style={{ height: 160, background: 'var(--gray-2)' }}>
          <img src={seal.sealUrl} alt={seal.sealTitle} style={{ maxHeight: 140, maxWidth: '90%' }} />
        </Flex>
      </Inset>
      <Flex justify="between" align="center" gap="2">
        <Text weight="bold">{seal.sealTitle}</Text>
        <Badge color={seal.sealType === 1 ? 'red' : seal.sealType === 2 ? 'blue' : 'amber'}>
          {sealTypeNames[seal.sealType]}
        </Badge>
      </Flex>
      <Text as="p" size="1" color="gray" mt="1">
        {seal.corpName} · {seal.source === 2 ? '上传图片' : '按名称生成'} · {seal.createTime}
      </Text>
      <Flex gap="2" mt="3" justify="end">
        <Button size="1" variant="soft" onClick={onEdit}>
          修改
        </Button>
        <Button size="1" variant="soft" color="red" onClick={onDelete}>
          删除
        </Button>
      </Flex>
    </Card>
  );
}

export default function SealPage(_props: PageProps) {
  const [snapshot, send] = useMachine(sealScreenMachine, { inspect });
  const data = snapshot.context.data as SealScreenData | null;
  const [tab, setTab] = useState('0');
  const [editing, setEditing] = useState<SignSeal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SignSeal | null>(null);
  const [isAuthOpen, setAuthOpen] = useState(false);
  const isSaving = snapshot.matches('saving');
  // A newly registered body can carry seals: read the seal screen again.
  const onRegistered = useCallback(() => send({ type: 'reload' }), [send]);

  const onSave = (change: SealChange) => {
    send({ type: 'save', value: change });
    setEditing(null);
  };

  const seals = (data?.seals ?? []).filter((seal) => tab === '0' || String(seal.sealType) === tab);
  return (
    <Box p="5" data-testid="seal-page">
      <Flex justify="between" align="center" mb="4">
        <Heading size="5">印章管理</Heading>
        <Flex gap="2">
          <Button variant="soft" onClick={() => setAuthOpen(true)}>
            免验证签署授权
          </Button>
          <Button onClick={() => setEditing('new')} disabled={!data?.bodies.some((body) => body.state === 1)}>
            新建印章
          </Button>
        </Flex>
      </Flex>
      {snapshot.matches('failed') && (
        <Callout.Root color="red" mb="3">
          <Callout.Text>{snapshot.context.error}</Callout.Text>
        </Callout.Root>
      )}
      {snapshot.context.error && !snapshot.matches('failed') && (
        <Callout.Root color="red" mb="3" data-testid="seal-error">
          <Callout.Text>{snapshot.context.error}</Callout.Text>
        </Callout.Root>
      )}
      <CompanyRegistration onRegistered={onRegistered} />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="0" aria-controls="seal-list">
            全部
          </Tabs.Trigger>
          {sealTypes.map((type) => (
            <Tabs.Trigger key={type} value={String(type)} aria-controls="seal-list">
              {sealTypeNames[type]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {/* The tabs filter this list rather than swap panels: it is what each of them controls. */}
      <Box mt="3" id="seal-list">
        {snapshot.matches('loading') && <Text color="gray">加载中...</Text>}
        {data && seals.length === 0 && <Text color="gray">暂无印章</Text>}
        <Grid columns="repeat(auto-fill, minmax(240px, 1fr))" gap="3">
          {seals.map((seal) => (
            <SealCard
              key={seal.sealId}
              seal={seal}
              onEdit={() => setEditing(seal)}
              onDelete={() => setDeleting(seal)}
            />
          ))}
        </Grid>
      </Box>
      <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && data && (
          <SealEditor
            data={data}
            seal={editing === 'new' ? null : editing}
            isSaving={isSaving}
            onSave={onSave}
            onClose={() => setEditing(null)}
          />
        )}
      </Dialog.Root>
      <ConfirmDialog
        open={deleting !== null}
        title="删除印章"
        message={`是否确定删除该印章「${deleting?.sealTitle ?? ''}」？`}
        onConfirm={() => {
          if (deleting) send({ type: 'save', value: { op: 'delete', sealId: deleting.sealId } });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <SealAuthDialog open={isAuthOpen} onOpenChange={setAuthOpen} />
    </Box>
  );
}
