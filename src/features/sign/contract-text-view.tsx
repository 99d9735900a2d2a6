/**
 * A contract text as the server renders it (signCustomModelView, the history and draft views, the
 * template's blank text), read-only: the same parsed headings and paragraphs as the visual view,
 * values and blanks as text, never the server's markup itself.
 */
import { useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { AnyActorLogic } from 'xstate';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { parseContractDocument } from './contract-document';
import type { SignPreview } from './sign-actors';
import './contract-document.css';
import { LoadFailed, Loading } from '../../ui/load-state';

export function ContractText({ preview, testId }: { preview: SignPreview; testId?: string }) {
  const blocks = parseContractDocument(preview.html);
  return (
    <article className="contract-paper" data-testid={testId ?? 'contract-text'} aria-label="合同正文">
      {blocks.map((block, index) => {
        const Tag = block.tag;
        return (
          <Tag key={index}>
            {block.parts.map((part, partIndex) =>
              part.kind === 'text' ? (
                <span key={partIndex}>{part.text}</span>
              ) : (
                <span
                  key={partIndex}
                  className={part.isBlank ? 'contract-blank' : 'contract-value'}
                  data-field={part.path}
                >
                  {part.text}
                </span>
              ),
            )}
            {index === 0 && preview.subTitle && block.tag === 'h1' && (
              <small className="contract-subtitle">{preview.subTitle}</small>
            )}
          </Tag>
        );
      })}
    </article>
  );
}

/** A contract text read by its own call, with loading and retry. */
export function LoadedContractText({ load, testId }: { load: AnyActorLogic; testId?: string }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const preview = snapshot.context.data as SignPreview | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!preview) return <Loading />;
  return <ContractText preview={preview} testId={testId} />;
}

/** 预览: a dialog with a contract text (a template's blank text, a draft, a history version). */
export function ContractTextDialog({
  title,
  load,
  onClose,
  children,
}: {
  title: string;
  load: AnyActorLogic;
  onClose: () => void;
  /** What the preview shows under the text (a template's widget fields). */
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="900px" data-testid="contract-text-dialog">
        <Dialog.Title>{title}</Dialog.Title>
        <div style={{ maxHeight: '70vh', overflow: 'auto', background: 'var(--gray-3)', padding: 12 }}>
          <LoadedContractText load={load} />
        </div>
        {children}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              关闭
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
