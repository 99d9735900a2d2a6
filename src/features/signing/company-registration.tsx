/**
 * 企业认证 on the seal management page (001 sections 3, 5, 7): the company's e-sign summary
 * (companyInfo), its registered signing bodies with their status (signRegCompanyPosts), the bodies
 * and seals contracts can be signed with (signSelectBody), and registering a body (regCompanyInfo):
 * company name, unified social credit code, type 1/2/3, the legal representative or an agent
 * (corpIdentMethod 1/2), the licence picture (uploaded by /base/uploadPhoto first), and the face
 * check of the person who registers. Each wrong field says so under the field.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Dialog,
  Flex,
  Grid,
  Heading,
  Table,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { FilePicker } from '../../ui/file-picker';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { FaceVerification } from './face-verification';
import {
  loadRegistrationScreen,
  saveRegistration,
  type Registration,
  type RegistrationScreenData,
  type SignCertTypeItem,
} from './identity-actors';
import {
  checkRegistration,
  corpIdentMethodNames,
  corpIdentTypeNames,
  emptyRegistration,
  registrationRequest,
  verifyingPerson,
  type CorpIdentMethod,
  type CorpIdentType,
  type RegistrationField,
  type RegistrationForm,
} from './registration-form';

const regStates = {
  0: { label: '认证中', color: 'orange' },
  1: { label: '已认证', color: 'green' },
  2: { label: '认证失败', color: 'red' },
} as const;
const signTypeNames = { 1: '分步签约', 2: '可视化签约' } as const;

const registrationMachine = resourceMachine.provide({
  actors: { load: loadRegistrationScreen, save: saveRegistration },
});

type FieldProps = {
  label: string;
  name: RegistrationField;
  value: string;
  error: string | undefined;
  placeholder: string;
  onChange: (value: string) => void;
};

function Field({ label, name, value, error, placeholder, onChange }: FieldProps) {
  return (
    <label>
      <Text as="div" size="2" mb="1" weight="medium">
        {label}
      </Text>
      <TextField.Root
        name={name}
        value={value}
        placeholder={placeholder}
        color={error ? 'red' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <Text as="div" size="1" color="red" mt="1" data-testid={`error-${name}`}>
          {error}
        </Text>
      )}
    </label>
  );
}

function toIdentMethod(value: string): CorpIdentMethod {
  return value === '2' ? 2 : 1;
}

function toIdentType(value: string): CorpIdentType {
  return value === '2' ? 2 : value === '3' ? 3 : 1;
}

type DialogProps = {
  certTypes: SignCertTypeItem[];
  isSaving: boolean;
  serverError: string | null;
  onSubmit: (registration: Registration) => void;
  onClose: () => void;
};

function RegistrationDialog({ certTypes, isSaving, serverError, onSubmit, onClose }: DialogProps) {
  const [form, setForm] = useState<RegistrationForm>(emptyRegistration);
  const [certType, setCertType] = useState('1');
  const [faceId, setFaceId] = useState<string | null>(null);
  const [isChecked, setChecked] = useState(false);
  const errors = isChecked ? checkRegistration(form, faceId !== null) : {};
  const person = verifyingPerson(form);
  const set = (patch: Partial<RegistrationForm>) => setForm((current) => ({ ...current, ...patch }));
  const onFaceResult = useCallback((id: string | null) => setFaceId(id), []);
  const isAgent = form.corpIdentMethod === 2;

  const onConfirm = () => {
    setChecked(true);
    const problems = checkRegistration(form, faceId !== null);
    if (Object.keys(problems).length > 0 || !form.licence || faceId === null) return;
    onSubmit({ body: registrationRequest(form, faceId), licence: form.licence });
  };

  return (
    <Dialog.Content maxWidth="720px" aria-describedby={undefined} data-testid="registration-dialog">
      <Dialog.Title>注册企业签约主体</Dialog.Title>
      <Flex direction="column" gap="3">
        <Grid columns="2" gap="3">
          <label>
            <Text as="div" size="2" mb="1" weight="medium">
              主体类型
            </Text>
            <Select.Root
              value={String(form.corpIdentType)}
              onValueChange={(value) => set({ corpIdentType: toIdentType(value) })}
            >
              <Select.Trigger style={{ width: '100%' }} aria-label="主体类型" />
              <Select.Content>
                {([1, 2, 3] as const).map((type) => (
                  <Select.Item key={type} value={String(type)}>
                    {corpIdentTypeNames[type]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <Field
            label="企业名称"
            name="corpName"
            value={form.corpName}
            error={errors.corpName}
            placeholder="请输入企业名称"
            onChange={(value) => set({ corpName: value })}
          />
          <Field
            label="统一社会信用代码"
            name="corpIdentNo"
            value={form.corpIdentNo}
            error={errors.corpIdentNo}
            placeholder="18 位统一社会信用代码或 15 位注册号"
            onChange={(value) => set({ corpIdentNo: value })}
          />
          <label>
            <Text as="div" size="2" mb="1" weight="medium">
              认证方式
            </Text>
            <Select.Root
              value={String(form.corpIdentMethod)}
              onValueChange={(value) => set({ corpIdentMethod: toIdentMethod(value) })}
            >
              <Select.Trigger style={{ width: '100%' }} aria-label="认证方式" />
              <Select.Content>
                {([1, 2] as const).map((method) => (
                  <Select.Item key={method} value={String(method)}>
                    {corpIdentMethodNames[method]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <Field
            label="法定代表人姓名"
            name="legalRepName"
            value={form.legalRepName}
            error={errors.legalRepName}
            placeholder="请输入法定代表人姓名"
            onChange={(value) => set({ legalRepName: value })}
          />
          <Field
            label="法定代表人手机号"
            name="legalPhone"
            value={form.legalPhone}
            error={errors.legalPhone}
            placeholder="请输入手机号"
            onChange={(value) => set({ legalPhone: value })}
          />
          {isAgent ? (
            <>
              <Field
                label="经办人姓名"
                name="oprUserName"
                value={form.oprUserName}
                error={errors.oprUserName}
                placeholder="请输入经办人姓名"
                onChange={(value) => set({ oprUserName: value })}
              />
              <Field
                label="经办人手机号"
                name="oprUserMobile"
                value={form.oprUserMobile}
                error={errors.oprUserMobile}
                placeholder="请输入手机号"
                onChange={(value) => set({ oprUserMobile: value })}
              />
            </>
          ) : null}
          <label>
            <Text as="div" size="2" mb="1" weight="medium">
              {person.role}证件类型
            </Text>
            <Select.Root value={certType} onValueChange={setCertType}>
              <Select.Trigger style={{ width: '100%' }} aria-label="证件类型" />
              <Select.Content>
                {certTypes.map((item) => (
                  <Select.Item key={item.certType} value={String(item.certType)}>
                    {item.certName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          {isAgent ? (
            <Field
              label="经办人身份证号"
              name="oprUserIdentNo"
              value={form.oprUserIdentNo}
              error={errors.oprUserIdentNo}
              placeholder="请输入身份证号"
              onChange={(value) => set({ oprUserIdentNo: value })}
            />
          ) : (
            <Field
              label="法定代表人身份证号"
              name="legalRepIdNo"
              value={form.legalRepIdNo}
              error={errors.legalRepIdNo}
              placeholder="请输入身份证号（用于实名认证）"
              onChange={(value) => set({ legalRepIdNo: value })}
            />
          )}
        </Grid>
        <Box>
          <Text as="div" size="2" mb="1" weight="medium">
            营业执照图片
          </Text>
          <FilePicker
            label="营业执照图片"
            accept="image/png,image/jpeg,image/webp"
            onFile={(file) => set({ licence: file })}
          />
          {errors.licence && (
            <Text as="div" size="1" color="red" mt="1" data-testid="error-licence">
              {errors.licence}
            </Text>
          )}
        </Box>
        <Card size="1">
          <FaceVerification
            key={form.corpIdentMethod}
            role={person.role}
            name={person.name}
            idNo={person.idNo}
            blockedReason={certType === '1' ? null : '人脸核身仅支持居民身份证，请选择居民身份证'}
            onResult={onFaceResult}
          />
          {errors.face && (
            <Text as="div" size="1" color="red" mt="1" data-testid="error-face">
              {errors.face}
            </Text>
          )}
        </Card>
        {serverError && (
          <Callout.Root color="red" size="1" data-testid="registration-error">
            <Callout.Text>{serverError}</Callout.Text>
          </Callout.Root>
        )}
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        <Button variant="soft" color="gray" onClick={onClose}>
          取消
        </Button>
        <Button loading={isSaving} onClick={onConfirm}>
          提交认证
        </Button>
      </Flex>
    </Dialog.Content>
  );
}

export function CompanyRegistration({ onRegistered }: { onRegistered: () => void }) {
  const [snapshot, send, actorRef] = useMachine(registrationMachine, { inspect });
  const data = snapshot.context.data as RegistrationScreenData | null;
  const [isOpen, setOpen] = useState(false);
  // Only a refusal of this dialog's own submission is shown in it, not one from an earlier opening.
  const [hasSubmitted, setSubmitted] = useState(false);
  const [selectedBody, setSelectedBody] = useState<string | null>(null);
  const isSaving = snapshot.matches('saving');
  const error = snapshot.context.error;

  // The dialog closes when the server has registered the body; a refusal keeps it open with the message.
  useEffect(() => {
    let wasSaving = false;
    const subscription = actorRef.subscribe((next) => {
      if (wasSaving && next.matches('loaded') && !next.context.error) {
        setOpen(false);
        onRegistered();
      }
      wasSaving = next.matches('saving');
    });
    return () => subscription.unsubscribe();
  }, [actorRef, onRegistered]);

  const company = data?.company ?? null;
  const selectable = data?.selectable ?? [];
  const chosen =
    selectable.find((body) => String(body.signBodyId) === selectedBody) ??
    selectable.find((body) => body.isDefault === 1) ??
    selectable[0];

  return (
    <Card size="2" mb="4" data-testid="company-registration">
      <Flex justify="between" align="center" mb="3">
        <Heading size="3">企业认证</Heading>
        <Button
          onClick={() => {
            setSubmitted(false);
            setOpen(true);
          }}
          disabled={!data}
        >
          注册企业签约主体
        </Button>
      </Flex>
      {snapshot.matches('failed') && (
        <Flex gap="3" align="center" mb="3">
          <Text color="red">{error}</Text>
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Flex>
      )}
      {snapshot.matches('loading') && <Text color="gray">加载中...</Text>}
      {company && (
        <DataList.Root orientation="horizontal" size="2" mb="3" data-testid="company-info">
          <DataList.Item>
            <DataList.Label>公司</DataList.Label>
            <DataList.Value>{company.companyName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>认证状态</DataList.Label>
            <DataList.Value>
              {company.regState === null || company.regState === undefined ? (
                <Badge color="gray">未认证</Badge>
              ) : (
                <Badge color={regStates[company.regState].color}>{regStates[company.regState].label}</Badge>
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>剩余签约份数</DataList.Label>
            <DataList.Value>
              {company.signBalance}
              {company.usedCount !== undefined ? `（已用 ${company.usedCount}）` : ''}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>签约方式</DataList.Label>
            <DataList.Value>{company.signType ? signTypeNames[company.signType] : '未设置'}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      )}
      {data && data.bodies.length === 0 ? (
        <Text as="p" color="gray" data-testid="no-bodies">
          还没有注册企业签约主体，注册并认证后才能创建印章
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>企业名称</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>统一社会信用代码</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>主体类型</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>认证方式</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>法定代表人</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>经办人</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>认证状态</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>印章数</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>注册时间</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.bodies ?? []).map((body) => (
              <Table.Row key={body.signBodyId} data-testid="reg-body-row">
                <Table.Cell>{body.corpName}</Table.Cell>
                <Table.Cell>{body.corpIdentNo}</Table.Cell>
                <Table.Cell>{corpIdentTypeNames[body.corpIdentType]}</Table.Cell>
                <Table.Cell>{corpIdentMethodNames[body.corpIdentMethod]}</Table.Cell>
                <Table.Cell>{body.legalRepName}</Table.Cell>
                <Table.Cell>{body.oprUserName ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Badge color={regStates[body.state].color}>{regStates[body.state].label}</Badge>
                  {body.failReason && (
                    <Text size="1" color="red" ml="2">
                      {body.failReason}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{body.sealCount}</Table.Cell>
                <Table.Cell>{body.createTime}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {data && (
        <Flex gap="3" align="center" mt="3" wrap="wrap">
          <Text size="2" weight="medium">
            签署使用的主体与印章
          </Text>
          {chosen ? (
            <>
              <Select.Root value={String(chosen.signBodyId)} onValueChange={setSelectedBody}>
                <Select.Trigger aria-label="签署主体" />
                <Select.Content>
                  {selectable.map((body) => (
                    <Select.Item key={body.signBodyId} value={String(body.signBodyId)}>
                      {body.corpName}
                      {body.isDefault === 1 ? '（默认）' : ''}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
              {chosen.seals.map((seal) => (
                <Badge key={seal.sealId} variant="soft">
                  {seal.sealTitle}
                </Badge>
              ))}
            </>
          ) : (
            <Text size="2" color="gray" data-testid="no-selectable">
              暂无可用于签署的主体（需已认证且至少有一枚印章）
            </Text>
          )}
        </Flex>
      )}
      <Dialog.Root open={isOpen} onOpenChange={(open) => !open && setOpen(false)}>
        {isOpen && data && (
          <RegistrationDialog
            certTypes={data.certTypes}
            isSaving={isSaving}
            serverError={hasSubmitted && !isSaving ? error : null}
            onSubmit={(registration) => {
              setSubmitted(true);
              send({ type: 'save', value: registration });
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </Dialog.Root>
    </Card>
  );
}
