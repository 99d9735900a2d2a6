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
import { Badge, Box, Button, Callout, Card, Dialog, Flex, Heading, Popover, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { certTypeOptions } from '../../../domain/sign-contract-text';
import { inspect } from '../../inspector/inspection-store';
import {
  bindField,
  bindingLabel,
  derivedText,
  displayValue,
  documentPaths,
  hasRegionInDocument,
  isBindingShown,
  parseContractDocument,
  readBinding,
  requiredOutsideDocument,
  writeBinding,
  type DocumentBlock,
  type FieldBinding,
  type PartySide,
} from './contract-document';
import {
  DraftIndicator,
  EditorError,
  EditorPhaseScreen,
  SubmitButton,
  SubmitOffer,
  SubmitOptions,
  useContractEditor,
  type ContractEditor,
  type EditorRestore,
} from './contract-editor';
import type { FieldSpec, FormGroup } from './contract-fields';
import type { PartyValues } from './contract-form-values';
import { ChoiceChecks } from './contract-form-controls';
import { CustomFieldsForm } from './contract-custom-fields-form';
import { FurnitureForm } from './contract-furniture-form';
import { GroupForm } from './contract-group-form';
import { PartyForm } from './contract-party-form';
import { RegionPicker } from './contract-region-picker';
import { ContractViewStart } from './contract-view-start';
import { loadContractText, type SignPreview, type SignTemplateItem } from './sign-actors';
import { signPages } from '../../shared/sign-pages';
import './contract-document.css';

export default function ContractOperationPage({ params }: PageProps) {
  return (
    <ContractViewStart
      params={params}
      isVisual
      renderEditor={(restore, template) => <VisualEditor restore={restore} template={template} />}
    />
  );
}

const roleNames = (contractType: 1 | 2 | 3): Record<PartySide, string> =>
  contractType === 2
    ? { partyA: '出租人', partyB: '承租人' }
    : contractType === 1
      ? { partyA: '出卖人', partyB: '买受人' }
      : { partyA: '签约方', partyB: '签约方' };

function VisualEditor({ restore, template }: { restore: EditorRestore; template: SignTemplateItem | null }) {
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
        {editor.fields && preview && <SidePanel editor={editor} paths={paths} />}
      </Flex>
      <SubmitOffer editor={editor} />
    </Box>
  );
}

function ContractPaper({
  blocks,
  subTitle,
  editor,
}: {
  blocks: DocumentBlock[];
  subTitle: string | null;
  editor: ContractEditor;
}) {
  const widgets = editor.fields?.fields ?? [];
  return (
    <article className="contract-paper" data-testid="contract-document" aria-label="合同正文">
      {blocks.map((block, index) => {
        const Tag = block.tag;
        const content = block.parts.map((part, partIndex) =>
          part.kind === 'text' ? (
            <span key={partIndex}>{part.text}</span>
          ) : (
            <DocumentBlank
              key={partIndex}
              path={part.path}
              text={part.text}
              isBlank={part.isBlank}
              binding={bindField(editor.contractType, part.path, widgets)}
              editor={editor}
            />
          ),
        );
        return (
          <Tag key={index}>
            {content}
            {index === 0 && subTitle && block.tag === 'h1' && (
              <small className="contract-subtitle">{subTitle}</small>
            )}
          </Tag>
        );
      })}
    </article>
  );
}

/** Roughly how wide a value is in em (CJK one em, other characters about half). */
function widthOf(text: string): string {
  let width = 0;
  for (const char of text) width += /[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 1 : 0.58;
  return `${Math.min(Math.max(width + 0.8, 3.5), 26)}em`;
}

function isRequired(editor: ContractEditor, path: string, binding: FieldBinding): boolean {
  if (binding.kind === 'custom') return binding.field.requiredStatus === 1;
  if (binding.kind === 'party') return true;
  const flags = editor.fields?.requireFlags ?? {};
  if (binding.kind === 'region') return flags['property.region'] === 1;
  return flags[path] === 1;
}

function DocumentBlank({
  path,
  text,
  isBlank,
  binding,
  editor,
}: {
  path: string;
  text: string;
  isBlank: boolean;
  binding: FieldBinding;
  editor: ContractEditor;
}) {
  const { values, update } = editor;
  if (binding.kind === 'fixed') {
    if (path === 'contractNo' && isBlank)
      return (
        <span className="doc-fixed doc-pending" title="提交后生成">
          （提交后生成）
        </span>
      );
    const derived = derivedText(editor.contractType, path, values, editor.fields?.fields ?? []);
    if (derived !== null)
      return (
        <span className={derived ? 'doc-fixed' : 'doc-fixed doc-pending'} data-field={path}>
          {derived || '____'}
        </span>
      );
    return <span className={isBlank ? 'doc-fixed doc-pending' : 'doc-fixed'}>{text}</span>;
  }
  if (!isBindingShown(values, binding))
    return (
      <span className="doc-na" title={`${bindingLabel(binding, values)}：不适用`}>
        /
      </span>
    );
  const label = bindingLabel(binding, values);
  const raw = readBinding(values, binding);
  const isEmpty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
  const className = `doc-blank${isEmpty && isRequired(editor, path, binding) ? ' doc-required' : ''}`;
  const set = (value: unknown) => update(writeBinding(values, binding, value));

  if (binding.kind === 'region')
    return (
      <Popover.Root>
        <Popover.Trigger>
          <button type="button" className={className} aria-label={`房屋所在地区（${label}）`}>
            {values.region[binding.level].name ?? label}
          </button>
        </Popover.Trigger>
        <Popover.Content width="460px">
          <RegionPicker
            region={values.region}
            required={isRequired(editor, path, binding)}
            onChange={(region) => update({ ...values, region })}
          />
        </Popover.Content>
      </Popover.Root>
    );

  const spec = specOf(binding);
  if (spec.kind === 'select')
    return (
      <select
        className={className}
        aria-label={label}
        value={typeof raw === 'string' || typeof raw === 'number' ? String(raw) : ''}
        onChange={(e) => {
          const option = spec.options?.find((o) => String(o.value) === e.target.value);
          set(option?.value);
        }}
      >
        <option value="">{`请选择${label}`}</option>
        {(spec.options ?? []).map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  if (spec.kind === 'multi') {
    const picked = Array.isArray(raw) ? raw.map(String) : [];
    return (
      <Popover.Root>
        <Popover.Trigger>
          <button type="button" className={className} aria-label={label}>
            {displayValue(binding, picked) || label}
          </button>
        </Popover.Trigger>
        <Popover.Content>
          <Flex direction="column" gap="2">
            <ChoiceChecks options={spec.options ?? []} picked={picked} onChange={set} />
          </Flex>
        </Popover.Content>
      </Popover.Root>
    );
  }
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  if (spec.kind === 'textarea')
    return (
      <textarea
        className={`${className} doc-blank-area`}
        aria-label={label}
        placeholder={`请输入${label}`}
        maxLength={2000}
        rows={Math.max(2, value.split('\n').length)}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    );
  if (spec.kind === 'date') {
    // A widget date of dateType 2 holds a date and time (yyyy-MM-dd HH:mm).
    const hasTime = binding.kind === 'custom' && binding.field.dateType === 2;
    return (
      <input
        className={className}
        aria-label={label}
        type={hasTime ? 'datetime-local' : 'date'}
        value={hasTime ? value.replace(' ', 'T') : value}
        onChange={(e) => set(hasTime ? e.target.value.replace('T', ' ') : e.target.value)}
      />
    );
  }
  const isNumber = spec.kind === 'number' || spec.kind === 'int';
  return (
    <input
      className={className}
      aria-label={label}
      placeholder={label}
      inputMode={isNumber ? 'decimal' : undefined}
      maxLength={binding.kind === 'party' && binding.key === 'phone' ? 11 : 140}
      style={{ width: widthOf(value || label) }}
      value={value}
      onChange={(e) => set(e.target.value)}
    />
  );
}

/** How a bound blank is entered, as the step-by-step form's field spec. */
function specOf(binding: Exclude<FieldBinding, { kind: 'fixed' } | { kind: 'region' }>): FieldSpec {
  switch (binding.kind) {
    case 'group':
      return binding.spec;
    case 'houseType':
      return { key: binding.part, title: '户型', kind: 'int' };
    case 'party':
      return { key: binding.key, title: binding.key, kind: 'text' };
    case 'custom': {
      const field = binding.field;
      const options = (field.optionsData ?? []).map((o) => ({ value: o, label: o }));
      if (field.type === 4) return { key: field.fieldName, title: field.fieldTitle, kind: 'select', options };
      if (field.type === 5) return { key: field.fieldName, title: field.fieldTitle, kind: 'multi', options };
      if (field.type === 6) return { key: field.fieldName, title: field.fieldTitle, kind: 'date' };
      if (field.type === 2) return { key: field.fieldName, title: field.fieldTitle, kind: 'textarea' };
      if (field.type === 3 || field.type === 7)
        return { key: field.fieldName, title: field.fieldTitle, kind: 'number' };
      return { key: field.fieldName, title: field.fieldTitle, kind: 'text' };
    }
  }
}

function partySummary(party: PartyValues): string {
  if (!party.name.trim()) return '未填写';
  const cert =
    party.subjectType === 2
      ? '营业执照'
      : (certTypeOptions.find((o) => o.value === party.certType)?.label ?? '证件');
  const extras = [
    party.subjectType === 2 ? '企业' : '个人',
    party.hasAgent ? `代理人 ${party.agent.name || '未填写'}` : null,
    party.coOwners.length > 0 ? `共有人 ${party.coOwners.length} 人` : null,
  ].filter(Boolean);
  return `${party.name} · ${cert} ${party.certNo || '未填写'} · ${extras.join(' · ')}`;
}

const groupTitles: Record<FormGroup, string> = {
  property: '房屋信息',
  ownership: '权属信息',
  transaction: '交易信息',
  rental: '租约信息',
  supplementaryTerms: '补充条款',
  bankinfo: '收款账户与签约地点',
};

function SidePanel({ editor, paths }: { editor: ContractEditor; paths: string[] }) {
  const { values, update, contractType } = editor;
  const fields = editor.fields!;
  const [partyOpen, setPartyOpen] = useState<PartySide | null>(null);
  const [isFurnitureOpen, setFurnitureOpen] = useState(false);
  const roles = roleNames(contractType);
  const customOutside = fields.fields.filter(
    (f) => !paths.includes(`customFields.${f.fieldName}`) && !paths.includes(f.fieldName),
  );
  const outside = requiredOutsideDocument(contractType, paths, fields.requireFlags);
  const outsideGroups = [...new Set(outside.map((o) => o.group))];
  const isRegionOutside =
    contractType !== 3 && fields.requireFlags['property.region'] === 1 && !hasRegionInDocument(paths);

  return (
    <Flex direction="column" gap="3" className="visual-side-panel" data-testid="side-panel">
      <Card>
        <Heading size="3" mb="2">
          签约方
        </Heading>
        {(['partyA', 'partyB'] as const).map((side) => (
          <Flex key={side} justify="between" align="center" gap="2" py="2" className="party-row">
            <Box minWidth="0">
              <Text as="p" size="2" weight="bold">
                {side === 'partyA' ? '甲方' : '乙方'}（{roles[side]}）
              </Text>
              <Text as="p" size="1" color="gray" className="party-summary">
                {partySummary(values[side])}
              </Text>
            </Box>
            <Button size="1" variant="soft" onClick={() => setPartyOpen(side)}>
              {values[side].name.trim() ? '编辑' : '添加'}
            </Button>
          </Flex>
        ))}
        <Text as="p" size="1" color="gray" mt="1">
          主体类型、代理人、共有人与法定代表人在签约方中填写。
        </Text>
      </Card>
      {(isRegionOutside || outside.length > 0) && (
        <Flex direction="column" gap="3" data-testid="required-outside">
          {isRegionOutside && (
            <Card>
              <RegionPicker
                region={values.region}
                required
                onChange={(region) => update({ ...values, region })}
              />
            </Card>
          )}
          {outsideGroups.map((group) => (
            <GroupForm
              key={group}
              isNarrow
              spec={{
                group,
                title: `${groupTitles[group]}（正文未列出的必填项）`,
                fields: outside.filter((o) => o.group === group).map((o) => o.spec),
              }}
              values={values}
              requireFlags={fields.requireFlags}
              onChange={(key, value) =>
                update({
                  ...values,
                  groups: { ...values.groups, [group]: { ...values.groups[group], [key]: value } },
                })
              }
            />
          ))}
        </Flex>
      )}
      <CustomFieldsForm
        isNarrow
        fields={customOutside}
        values={values.customFields}
        onChange={(name, value) =>
          update({ ...values, customFields: { ...values.customFields, [name]: value } })
        }
      />
      {contractType !== 3 && (
        <Card>
          <Flex justify="between" align="center">
            <Box>
              <Heading size="3">附件：家具家电及交接清单</Heading>
              <Text size="1" color="gray">
                {values.furniture.items.length > 0 ? `${values.furniture.items.length} 项` : '暂无物品'}
              </Text>
            </Box>
            <Button size="1" variant="soft" onClick={() => setFurnitureOpen(true)}>
              编辑清单
            </Button>
          </Flex>
        </Card>
      )}
      <SubmitOptions editor={editor} />
      <Flex justify="end">
        <SubmitButton editor={editor} />
      </Flex>

      <Dialog.Root open={partyOpen !== null} onOpenChange={(open) => !open && setPartyOpen(null)}>
        <Dialog.Content maxWidth="880px">
          {partyOpen && (
            <>
              <Dialog.Title>{values[partyOpen].name.trim() ? '编辑签约方' : '添加签约方'}</Dialog.Title>
              <Dialog.Description size="2" color="gray" mb="3">
                {partyOpen === 'partyA' ? '甲方' : '乙方'}（{roles[partyOpen]}
                ）：有代理人时仅代理人签字；企业由法定代表人或代理人签字。
              </Dialog.Description>
              <PartyForm
                label={partyOpen === 'partyA' ? '甲方' : '乙方'}
                role={roles[partyOpen]}
                party={values[partyOpen]}
                onChange={(party) => update({ ...values, [partyOpen]: party })}
              />
              <Flex justify="end" mt="4">
                <Dialog.Close>
                  <Button>完成</Button>
                </Dialog.Close>
              </Flex>
            </>
          )}
        </Dialog.Content>
      </Dialog.Root>
      <Dialog.Root open={isFurnitureOpen} onOpenChange={setFurnitureOpen}>
        <Dialog.Content maxWidth="760px">
          <Dialog.Title>家具家电及交接清单</Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="3">
            作为合同附件，随合同一并签署。
          </Dialog.Description>
          <FurnitureForm
            furniture={values.furniture}
            onChange={(furniture) => update({ ...values, furniture })}
          />
          <Flex justify="end" mt="4">
            <Dialog.Close>
              <Button>完成</Button>
            </Dialog.Close>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
