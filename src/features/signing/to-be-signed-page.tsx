/**
 * The awaiting-signature page (/views/sign/to-be-signed?hash=): one signatory's link. The party
 * sees the contract and who has signed, asks for an SMS code, and signs: an individual with a drawn
 * or generated signature, a company party as its legal person or agent with the company seal, its
 * signer verified by the SMS code or by 人脸核身 (the face check on the provider's page; its faceId
 * replaces the code, VerificationCode type 2). The signing-link machine runs the steps; the server refuses what may not happen (wrong code, expired
 * link, already signed) and the page shows its message.
 */
import { useCallback, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Link,
  SegmentedControl,
  Table,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import type { SignRequest, SigningLinkContext } from '../../../machines/signing-link.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { PdfPreview } from '../../ui/pdf-preview';
import { createSigningLinkMachine, type SignSignatory } from './signing-actors';
import { SignatureInput, type SignatureValue } from './signature-pad';
import { FaceVerification } from './face-verification';
import { signatoryRoleNames } from '../../shared/sign-format';
import { CERT_TYPE_NAMES, checkCertificate, normalizeIdCard } from '../../../domain/validators';

/** The product's PDF preview page for this file (url, type pdf, print, download). */
function pdfViewHref(url: string, name: string): string {
  const query = new URLSearchParams({ url, type: 'pdf', print: '1', download: '1', name });
  return `#/views/public/pdf-view?${query.toString()}`;
}

const signStatusLabels = ['未签', '已签', '已拒签'] as const;

function Notice({ notice }: { notice: SigningLinkContext['notice'] }) {
  if (!notice) return null;
  const color = notice.kind === 'error' ? 'red' : notice.kind === 'success' ? 'green' : 'blue';
  return (
    <Callout.Root
      color={color}
      data-testid="signing-notice"
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <Callout.Text>{notice.text}</Callout.Text>
    </Callout.Root>
  );
}

function SignatoriesTable({ signatories, ownId }: { signatories: SignSignatory[]; ownId: number }) {
  return (
    <Table.Root size="1" data-testid="signatories">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>签署方</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>名称</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>签署时间</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {signatories.map((s) => (
          <Table.Row key={s.signatoryId} data-testid="signatory-row">
            <Table.Cell>
              {signatoryRoleNames[s.role]}
              {s.signatoryId === ownId && (
                <Badge ml="2" color="blue">
                  本链接
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell>{s.name}</Table.Cell>
            <Table.Cell>
              <Badge color={s.signStatus === 1 ? 'green' : 'orange'}>{signStatusLabels[s.signStatus]}</Badge>
            </Table.Cell>
            <Table.Cell>{s.signTime ?? '—'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

type OwnIdentity = { certType: 1 | 2 | 3 | 4; certNo: string; name: string };

/** A quick-sign person the initiator left to fill in their own details (fillMethods 2: no certificate yet). */
function needsOwnIdentity(signatory: SignSignatory): boolean {
  return signatory.role === 8 && signatory.subjectType === 1 && !signatory.certNo;
}

function ownIdentityProblem(signatory: SignSignatory, identity: OwnIdentity): string | null {
  if (!signatory.name.trim() && !identity.name.trim()) return '请输入姓名';
  return checkCertificate(identity.certType, identity.certNo);
}

/** 证件类型 and 证件号码 (and 姓名 when the initiator left it empty), checked as they are typed. */
function OwnIdentityFields({
  signatory,
  identity,
  onChange,
}: {
  signatory: SignSignatory;
  identity: OwnIdentity;
  onChange: (identity: OwnIdentity) => void;
}) {
  const problem = ownIdentityProblem(signatory, identity);
  return (
    <Flex direction="column" gap="2" data-testid="own-identity">
      <Text size="2" color="gray">
        发起方请您自行填写证件信息，签署前须填写
      </Text>
      {!signatory.name.trim() && (
        <Field
          label="姓名"
          name="ownName"
          value={identity.name}
          onChange={(name) => onChange({ ...identity, name })}
          placeholder="请输入姓名"
        />
      )}
      <Text as="div" size="2" weight="medium">
        证件类型
      </Text>
      <Select.Root
        value={String(identity.certType)}
        onValueChange={(value) =>
          onChange({ ...identity, certType: Number(value) as OwnIdentity['certType'] })
        }
      >
        <Select.Trigger aria-label="证件类型" />
        <Select.Content>
          {([1, 2, 3, 4] as const).map((certType) => (
            <Select.Item key={certType} value={String(certType)}>
              {CERT_TYPE_NAMES[certType]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Field
        label="证件号码"
        name="certNo"
        value={identity.certNo}
        onChange={(certNo) => onChange({ ...identity, certNo })}
        placeholder="请输入证件号码"
      />
      {problem && identity.certNo.trim() !== '' && (
        <Text size="2" color="red" data-testid="identity-error">
          {problem}
        </Text>
      )}
    </Flex>
  );
}

type CompanyForm = { name: string; idNo: string; mobileNo: string; company: string; orgCode: string };

function Field({
  label,
  name,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <label>
      <Text as="div" size="2" mb="1" weight="medium">
        {label}
      </Text>
      <TextField.Root
        name={name}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** One machine per link: opening another link in the same tab starts afresh. */
export default function ToBeSignedPage({ params }: PageProps) {
  const hash = params['hash'] ?? '';
  return <SigningLink key={hash} hash={hash} />;
}

function SigningLink({ hash }: { hash: string }) {
  const [machine] = useState(createSigningLinkMachine);
  const [snapshot, send] = useMachine(machine, { input: { hash }, inspect });
  const { landing, notice, result, codePhone } = snapshot.context;
  const [code, setCode] = useState('');
  const [signature, setSignature] = useState<SignatureValue>({ kind: 1, image: '' });
  const [company, setCompany] = useState<CompanyForm | null>(null);
  const [identity, setIdentity] = useState<OwnIdentity>({ certType: 1, certNo: '', name: '' });
  // A company party's signer verifies by SMS code or by 人脸核身; a passed check's faceId stands in for the code.
  const [method, setMethod] = useState<'sms' | 'face'>('sms');
  const [faceId, setFaceId] = useState<string | null>(null);
  const onFaceResult = useCallback(
    (passed: string | null) => {
      setFaceId(passed);
      if (passed) send({ type: 'face.passed', faceId: passed });
    },
    [send],
  );

  if (!hash) {
    return (
      <Box p="5">
        <Callout.Root color="red">
          <Callout.Text>缺少签署链接参数（hash），请从签约详情中打开签署链接</Callout.Text>
        </Callout.Root>
      </Box>
    );
  }
  if (snapshot.matches('loading')) {
    return (
      <Box p="5">
        <Text color="gray">签署信息加载中...</Text>
      </Box>
    );
  }
  if (snapshot.matches('loadFailed') || !landing) {
    return (
      <Box p="5">
        <Flex direction="column" gap="3" align="start">
          <Notice notice={notice} />
          <Button variant="soft" onClick={() => send({ type: 'landing.reload' })}>
            重新加载
          </Button>
        </Flex>
      </Box>
    );
  }

  const { signatory } = landing;
  const isCompanyParty = signatory.subjectType === 2 || signatory.role === 7;
  const form: CompanyForm = company ?? {
    name: '',
    idNo: '',
    mobileNo: '',
    company: signatory.name,
    orgCode: '',
  };
  const setForm = (patch: Partial<CompanyForm>) => setCompany({ ...form, ...patch });
  const isSending = snapshot.matches({ ready: 'sendingCode' });
  const isSigning = snapshot.matches({ ready: 'signing' });
  const canSign = snapshot.can({
    type: 'sign.submit',
    request: { kind: 'individual', verificationCode: '', signatureKind: 1, signatureImage: '' },
  });
  const previewUrl = result?.previewUrl ?? landing.previewUrl;
  const asksIdentity = !isCompanyParty && needsOwnIdentity(signatory);
  const identityProblem = asksIdentity ? ownIdentityProblem(signatory, identity) : null;

  const byFace = isCompanyParty && method === 'face';
  const onSubmit = () => {
    const request: SignRequest = isCompanyParty
      ? {
          kind: 'company',
          ...form,
          ...(byFace ? { verificationCode: '', faceId: faceId ?? '' } : { verificationCode: code.trim() }),
        }
      : {
          kind: 'individual',
          verificationCode: code.trim(),
          signatureKind: signature.kind,
          signatureImage: signature.image,
          ...(asksIdentity
            ? {
                identity: {
                  certType: identity.certType,
                  certNo: normalizeIdCard(identity.certNo),
                  ...(signatory.name.trim() ? {} : { name: identity.name.trim() }),
                },
              }
            : {}),
        };
    send({ type: 'sign.submit', request });
  };

  return (
    <Box p="5" data-testid="to-be-signed-page">
      <Flex justify="between" align="center" mb="4">
        <Box>
          <Heading size="5">{landing.boxName}</Heading>
          <Text size="2" color="gray">
            合同编号 {landing.contractNo}
            {landing.signDeadline ? ` · 签署截止 ${landing.signDeadline}` : ''}
          </Text>
        </Box>
        {previewUrl && (
          <Flex gap="4">
            <Link href={pdfViewHref(previewUrl, landing.boxName)} target="_blank" data-testid="open-pdf-view">
              在 PDF 预览中打开
            </Link>
            <Link href={previewUrl} download={`${landing.contractNo}.pdf`} data-testid="download-pdf">
              下载合同
            </Link>
          </Flex>
        )}
      </Flex>
      <Grid columns="minmax(0, 1fr) 540px" gap="4" align="start">
        <Card size="2">
          {/* The contract scrolls inside this box; the box is a Tab stop so the keyboard can scroll it
              (arrows, Page Up/Down), and so it is named as the region it is. */}
          <Box
            role="region"
            aria-label="合同文件"
            tabIndex={0}
            className="scroll-region"
            data-testid="contract-scroll"
            style={{ maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}
          >
            {previewUrl ? (
              <PdfPreview url={previewUrl} width={620} />
            ) : (
              <Text color="gray">暂无合同文件</Text>
            )}
          </Box>
        </Card>
        <Flex direction="column" gap="3">
          <Card size="2">
            <Heading size="3" mb="2">
              签署方
            </Heading>
            <SignatoriesTable signatories={landing.signatories} ownId={signatory.signatoryId} />
          </Card>
          <Card size="2">
            <Heading size="3" mb="3">
              {signatoryRoleNames[signatory.role]}：{signatory.name}
            </Heading>
            <Flex direction="column" gap="3">
              <Notice notice={notice} />
              {snapshot.matches('ready') && (
                <>
                  {isCompanyParty ? (
                    <Grid columns="2" gap="3">
                      <Field
                        label="企业名称"
                        name="company"
                        value={form.company}
                        onChange={(value) => setForm({ company: value })}
                        placeholder="请输入企业名称"
                      />
                      <Field
                        label="统一社会信用代码"
                        name="orgCode"
                        value={form.orgCode}
                        onChange={(value) => setForm({ orgCode: value })}
                        placeholder="请输入统一社会信用代码"
                      />
                      <Field
                        label="签署人姓名（法定代表人或经办人）"
                        name="name"
                        value={form.name}
                        onChange={(value) => setForm({ name: value })}
                        placeholder="请输入姓名"
                      />
                      <Field
                        label="签署人身份证号"
                        name="idNo"
                        value={form.idNo}
                        onChange={(value) => setForm({ idNo: value })}
                        placeholder="请输入身份证号"
                      />
                      <Field
                        label="签署人手机号"
                        name="mobileNo"
                        value={form.mobileNo}
                        onChange={(value) => setForm({ mobileNo: value })}
                        placeholder="请输入手机号"
                      />
                    </Grid>
                  ) : (
                    <DataList.Root size="2">
                      <DataList.Item>
                        <DataList.Label>签署人</DataList.Label>
                        <DataList.Value>{signatory.name}</DataList.Value>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.Label>手机号</DataList.Label>
                        <DataList.Value>{signatory.phone ?? '—'}</DataList.Value>
                      </DataList.Item>
                    </DataList.Root>
                  )}
                  {asksIdentity && (
                    <OwnIdentityFields signatory={signatory} identity={identity} onChange={setIdentity} />
                  )}
                  {isCompanyParty && (
                    <Flex direction="column" gap="2">
                      <Text as="div" size="2" weight="medium">
                        验证方式
                      </Text>
                      <SegmentedControl.Root
                        value={method}
                        onValueChange={(value) => setMethod(value === 'face' ? 'face' : 'sms')}
                        aria-label="验证方式"
                      >
                        <SegmentedControl.Item value="sms">短信验证码</SegmentedControl.Item>
                        <SegmentedControl.Item value="face">人脸核身</SegmentedControl.Item>
                      </SegmentedControl.Root>
                      {/* Kept while the SMS code is shown: switching back finds the check as it was. */}
                      <Box display={byFace ? 'block' : 'none'}>
                        <FaceVerification
                          role="签署人"
                          name={form.name}
                          idNo={form.idNo}
                          hash={hash}
                          onResult={onFaceResult}
                        />
                      </Box>
                    </Flex>
                  )}
                  <Flex gap="2" align="end" display={byFace ? 'none' : 'flex'}>
                    <Box flexGrow="1">
                      <Field
                        label="短信验证码"
                        name="verificationCode"
                        value={code}
                        onChange={setCode}
                        placeholder="请输入6位验证码"
                      />
                    </Box>
                    <Button
                      variant="soft"
                      loading={isSending}
                      disabled={isSigning}
                      onClick={() =>
                        send(
                          isCompanyParty
                            ? { type: 'code.send', mobileNo: form.mobileNo.trim() }
                            : { type: 'code.send' },
                        )
                      }
                    >
                      {codePhone ? '重新发送' : '获取验证码'}
                    </Button>
                  </Flex>
                  {!isCompanyParty && <SignatureInput name={signatory.name} onChange={setSignature} />}
                  <Button
                    size="3"
                    disabled={!canSign || isSigning || identityProblem !== null}
                    loading={isSigning}
                    onClick={onSubmit}
                  >
                    {isCompanyParty ? '确认签署并盖章' : '确认签署'}
                  </Button>
                </>
              )}
              {(snapshot.matches('signed') || snapshot.matches('closed')) && (
                <Flex gap="2">
                  <Button variant="soft" onClick={() => send({ type: 'landing.reload' })}>
                    刷新签署状态
                  </Button>
                </Flex>
              )}
            </Flex>
          </Card>
        </Flex>
      </Grid>
    </Box>
  );
}
