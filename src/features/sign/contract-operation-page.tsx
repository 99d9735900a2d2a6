/**
 * Visual signing (/views/sign/contract-operation; the company's signing type 2, or a visual template,
 * contract type 3): the contract text itself is the form. The template's text (signAddView, or
 * signingPreviewEditContent for a submitted contract) is shown as a document whose blanks are inputs
 * bound to the same values as the step-by-step view (contract-document.ts); the parties (添加签约方),
 * the template's widget fields, required fields the text leaves out and the furniture list are
 * edited beside it. Checks, draft autosave (已保存 for 3 seconds), submission and the nextType offer
 * are the shared contract editor's (contract-editor.tsx).
 */
import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { documentPaths, parseContractDocument } from './contract-document';
import {
  DraftIndicator,
  EditorError,
  EditorPhaseScreen,
  SubmitButton,
  SubmitOffer,
  useContractEditor,
  type EditorRestore,
} from './contract-editor';
import { ContractViewStart } from './contract-view-start';
import { loadContractText, type SignPreview, type SignTemplateItem } from './sign-actors';
import { signPages } from '../../shared/sign-pages';
import { ContractPaper } from './contract-paper';
import { SidePanel } from './contract-side-panel';
import './contract-document.css';

export default function ContractOperationPage({ params }: PageProps) {
  // fp-contract-party opens the editor at a party's form (party=partyA|partyB).
  const party = params['party'] === 'partyA' || params['party'] === 'partyB' ? params['party'] : null;
  return (
    <ContractViewStart
      params={params}
      isVisual
      renderEditor={(restore, template) => (
        <VisualEditor restore={restore} template={template} openParty={party} />
      )}
    />
  );
}

/** /views/sign/components/fp-contract-party: the visual editor with the party form open (甲方 unless party=partyB). */
export function ContractPartyPage(props: PageProps) {
  return (
    <ContractOperationPage
      {...props}
      params={{ ...props.params, party: props.params['party'] ?? 'partyA' }}
    />
  );
}

function VisualEditor({
  restore,
  template,
  openParty,
}: {
  restore: EditorRestore;
  template: SignTemplateItem | null;
  openParty: 'partyA' | 'partyB' | null;
}) {
  const editor = useContractEditor({ restore, template, pageOf: signPages.contractOperation });
  const [textMachine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: loadContractText(
          restore.kind === 'contract' ? { contractId: restore.contractId } : { boxId: restore.boxid },
        ),
      },
    }),
  );
  const [text, sendText] = useMachine(textMachine, { inspect });
  const preview = text.context.data as SignPreview | null;
  const blocks = useMemo(() => (preview ? parseContractDocument(preview.html) : []), [preview]);
  const paths = useMemo(() => documentPaths(blocks), [blocks]);

  if (editor.phase !== 'editing')
    return <EditorPhaseScreen editor={editor} testId="contract-operation-page" />;
  return (
    <Box className="visual-editor" data-testid="contract-operation-page">
      <Flex className="visual-editor-toolbar" justify="between" align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="3">
          <Heading size="4">{editor.editingId !== null ? '修改签约合同' : '可视化合同编辑'}</Heading>
          <Badge size="2">{template?.boxName ?? preview?.title ?? `模板 ${editor.boxid}`}</Badge>
          <Text size="1" color="gray">
            直接在合同正文的空白处填写；签约方、模板约定与附件在右侧填写
          </Text>
        </Flex>
        <Flex align="center" gap="3">
          <DraftIndicator editor={editor} />
          <SubmitButton editor={editor} />
        </Flex>
      </Flex>
      <Box px="5" pt="3">
        <EditorError editor={editor} />
      </Box>
      <Flex gap="5" px="5" pb="9" align="start">
        <Box className="contract-paper-wrap">
          {text.matches('failed') ? (
            <Callout.Root color="red">
              <Callout.Text>{text.context.error}</Callout.Text>
              <Button size="1" variant="soft" onClick={() => sendText({ type: 'retry' })}>
                重试
              </Button>
            </Callout.Root>
          ) : !preview || !editor.fields ? (
            <Text color="gray">加载中...</Text>
          ) : (
            <ContractPaper blocks={blocks} subTitle={preview.subTitle ?? null} editor={editor} />
          )}
        </Box>
        {editor.fields && preview && <SidePanel editor={editor} paths={paths} initialParty={openParty} />}
      </Flex>
      <SubmitOffer editor={editor} />
    </Box>
  );
}
