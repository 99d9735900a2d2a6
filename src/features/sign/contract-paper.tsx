/**
 * The contract text as a document (contract-document.ts blocks) whose blanks are inputs bound to the
 * same form values as the step-by-step view.
 */
import { Flex, Popover } from '@radix-ui/themes';
import {
  bindField,
  bindingLabel,
  derivedText,
  displayValue,
  isBindingShown,
  readBinding,
  writeBinding,
  type DocumentBlock,
  type FieldBinding,
} from './contract-document';
import type { ContractEditor } from './contract-editor';
import type { FieldSpec } from './contract-fields';
import { ChoiceChecks } from '../../ui/form-controls';
import { RegionPicker } from './contract-region-picker';
import { selectPlaceholder } from '../../ui/input-rules';

export function ContractPaper({
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
        <option value="">{selectPlaceholder}</option>
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
