/**
 * 文件验签 (/#/verify): open to anyone. A PDF is chosen with the button or dropped on the area (the
 * area is a button too, so Enter or Space opens the chooser); each signature is one card with its
 * signer, issuer chain, signing time, timestamp and status; a contract of this product shows its
 * 签署证明 trail. A view of the pdfVerification machine; the file is not kept.
 */
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Callout,
  Card,
  DataList,
  Flex,
  Heading,
  Link,
  Spinner,
  Table,
  Text,
} from '@radix-ui/themes';
import {
  pdfVerificationMachine,
  type VerificationFile,
  type VerifyReport,
} from '../../../machines/pdf-verification.machine';
import { inspect } from '../../inspector/inspection-store';
import { verifyActors } from './verify-actors';
import './verify-page.css';

type Signature = VerifyReport['signatures'][number];

const statusColors: Record<Signature['status'], 'green' | 'red' | 'amber' | 'gray'> = {
  valid: 'green',
  modified: 'red',
  unknownIssuer: 'amber',
  invalid: 'red',
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function fileOf(file: File): VerificationFile {
  return { name: file.name, size: file.size, data: file };
}

function SignatureCard({ signature }: { signature: Signature }) {
  const title = signature.kind === 'documentTimestamp' ? '文档时间戳' : `签名 ${signature.index}`;
  return (
    <Card data-testid="verify-signature" asChild>
      <section aria-label={`${title}：${signature.signerName || '未知签名人'}`}>
        <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
          <Heading as="h3" size="3">
            {title}：{signature.signerName || '无法读出签名人'}
          </Heading>
          <Badge size="2" color={statusColors[signature.status]} data-testid="verify-status">
            {signature.statusText}
          </Badge>
        </Flex>
        {signature.problem && (
          <Text as="p" size="2" color="red" mb="2">
            {signature.problem}
          </Text>
        )}
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>签名人</DataList.Label>
            <DataList.Value>
              {[signature.signerName, signature.signerOrganization]
                .filter((part, index, all) => part && all.indexOf(part) === index)
                .join(' · ') || '—'}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>签发机构</DataList.Label>
            <DataList.Value>
              {signature.isTrusted
                ? signature.issuerText
                : `未知签发机构${signature.issuers.length > 0 ? `（${signature.issuers.map((issuer) => issuer.commonName || issuer.organization).join(' → ')}）` : ''}`}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>签名时间</DataList.Label>
            <DataList.Value>{signature.signingTime ?? '文件中未写明'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>可信时间戳</DataList.Label>
            <DataList.Value>
              {signature.timestamp
                ? `${signature.timestamp.authority || '未知时间戳机构'} · ${signature.timestamp.genTime}${
                    signature.timestamp.isImprintMatching && signature.timestamp.isTokenValid
                      ? ''
                      : '（与签名不符）'
                  }`
                : '无'}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>文档完整性</DataList.Label>
            <DataList.Value>
              {signature.isIntact ? signature.coverageText : '签名后文档被修改'}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>签名格式</DataList.Label>
            <DataList.Value>{signature.subFilter || '—'}</DataList.Value>
          </DataList.Item>
          {signature.reason && (
            <DataList.Item>
              <DataList.Label>签名原因</DataList.Label>
              <DataList.Value>{signature.reason}</DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
      </section>
    </Card>
  );
}

function ContractTrail({ contract }: { contract: NonNullable<VerifyReport['contract']> }) {
  return (
    <Card asChild data-testid="verify-contract">
      <section aria-label="签署证明">
        <Heading as="h3" size="3" mb="2">
          签署证明：{contract.title}
        </Heading>
        <Text as="p" size="2" mb="3">
          合同编号 {contract.contractNo} · 发起方 {contract.companyName}
          {contract.matchedBy === 'file'
            ? ' · 与平台封存的文件完全一致'
            : contract.matchedBy === 'revision'
              ? ' · 文件中的签名版本与平台记录一致'
              : ' · 由平台证书签署的签名写明此合同编号'}
        </Text>
        <Box style={{ overflowX: 'auto' }}>
          <Table.Root size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>操作人</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>操作前文件 SHA-256</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>操作后文件 SHA-256</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {contract.events.map((event, index) => (
                <Table.Row key={index}>
                  <Table.Cell>{event.createTime}</Table.Cell>
                  <Table.Cell>{event.actor}</Table.Cell>
                  <Table.Cell>{event.action}</Table.Cell>
                  <Table.Cell>
                    <code className="hash">{event.hashBefore ?? '—'}</code>
                  </Table.Cell>
                  <Table.Cell>
                    <code className="hash">{event.hashAfter ?? '—'}</code>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </section>
    </Card>
  );
}

export default function VerifyPage() {
  const [machine] = useState(() => pdfVerificationMachine.provide({ actors: verifyActors }));
  const [state, send] = useMachine(machine, { inspect });
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const { file, report, error } = state.context;
  const isVerifying = state.matches('verifying');

  const choose = (chosen: File | undefined) => {
    if (chosen) send({ type: 'file.choose', file: fileOf(chosen) });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  return (
    <Flex className="login-screen verify-screen" justify="center" data-testid="verify-page">
      <Card size="4" className="verify-card">
        <main>
          <Heading as="h1" size="6" mb="1">
            安居签 · 文件验签
          </Heading>
          <Text as="p" size="2" color="gray" mb="4">
            上传已签署的 PDF
            文件，查看其中每个数字签名的签名人、证书签发机构、签名时间与可信时间戳，以及签名后文档是否被修改。
            其他平台签署的文件同样可以验证。文件只用于本次验签，不会保存。
          </Text>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            aria-label="验签文件"
            style={visuallyHidden}
            tabIndex={-1}
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <div
            role="button"
            tabIndex={0}
            aria-disabled={isVerifying}
            className={`verify-drop${isOver ? ' verify-drop-over' : ''}`}
            data-testid="verify-drop"
            onClick={() => input.current?.click()}
            onKeyDown={onKeyDown}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
          >
            <Text as="p" size="3" weight="bold">
              选择 PDF 文件
            </Text>
            <Text as="p" size="2">
              点击或将文件拖到这里（不超过 50 MB）
            </Text>
            {file && (
              <Text as="p" size="2" mt="2" data-testid="verify-file-name">
                {file.name}
              </Text>
            )}
          </div>
          <Box mt="4" aria-live="polite">
            {isVerifying && (
              <Flex gap="2" align="center">
                <Spinner />
                <Text size="2">正在验签…</Text>
              </Flex>
            )}
            {error && (
              <Callout.Root color="red" role="alert" data-testid="verify-error">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            {report && (
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4" data-testid="verify-summary">
                  {report.summary}
                </Heading>
                <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                  {report.fileName} · {(report.fileSize / 1024).toFixed(1)} KB · SHA-256 {report.sha256}
                </Text>
                {report.signatures.map((signature) => (
                  <SignatureCard key={signature.index} signature={signature} />
                ))}
                {report.contract && <ContractTrail contract={report.contract} />}
              </Flex>
            )}
          </Box>
          <Flex mt="4" justify="end">
            <Link href="#/layout/login" size="2">
              返回登录
            </Link>
          </Flex>
        </main>
      </Card>
    </Flex>
  );
}
