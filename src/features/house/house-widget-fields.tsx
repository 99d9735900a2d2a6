/**
 * 房源基础设置 → 自定义字段: the company's own fields on the listing form (types 1-7 with their
 * require flags), defined with the same editor and rules as a template's 模板约定
 * (src/ui/widget-field-editor.tsx, domain/widget-fields.ts) and saved whole (housingCustomizeSettings).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { widgetFieldsProblem } from '../../../domain/template-customization';
import { WidgetFieldEditor, type WidgetFieldDraft } from '../../ui/widget-field-editor';
import { fetchWidgetFields, saveWidgetFields, type HouseWidgetField } from './house-actors';

/** A saved definition as the editor's draft (the optional parts only when they carry something). */
function toDraft(field: HouseWidgetField): WidgetFieldDraft {
  return {
    fieldTitle: field.fieldTitle,
    fieldName: field.fieldName,
    type: field.type,
    requiredStatus: field.requiredStatus,
    optionStatus: field.optionStatus,
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.numUnit ? { numUnit: field.numUnit } : {}),
    ...(field.optionsData.length > 0 ? { optionsData: field.optionsData } : {}),
    ...(field.dateType ? { dateType: field.dateType } : {}),
  };
}

const fieldsMachine = resourceMachine.provide({
  actors: { load: fetchWidgetFields, save: saveWidgetFields },
});

export function HouseWidgetFields() {
  const [snapshot, send] = useMachine(fieldsMachine, { inspect });
  const saved = (snapshot.context.data as HouseWidgetField[] | null) ?? null;
  const [draft, setDraft] = useState<WidgetFieldDraft[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSavedNotice, setIsSavedNotice] = useState(false);
  const fields = draft ?? saved?.map(toDraft) ?? [];
  const error = problem ?? snapshot.context.error;
  return (
    <Card size="3" style={{ maxWidth: 860 }} data-testid="house-widget-fields">
      <Heading size="4" mb="2">
        自定义字段
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        录入、编辑房源时填写；开启必填的字段不填不能保存
      </Text>
      {snapshot.matches('loading') && <Text size="2">加载中...</Text>}
      {snapshot.matches('failed') && (
        <Flex gap="2" align="center">
          <Text color="red">{snapshot.context.error}</Text>
          <Button size="1" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Flex>
      )}
      {saved && (
        <WidgetFieldEditor
          fields={fields}
          onChange={(next) => {
            setDraft(next);
            setProblem(null);
            setIsSavedNotice(false);
          }}
        />
      )}
      {error && (
        <Callout.Root color="red" mt="3" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {isSavedNotice && !error && !snapshot.matches('saving') && (
        <Callout.Root color="green" mt="3" role="status">
          <Callout.Text>自定义字段已保存</Callout.Text>
        </Callout.Root>
      )}
      <Flex mt="3">
        <Button
          disabled={!saved || draft === null}
          loading={snapshot.matches('saving')}
          onClick={() => {
            const found = widgetFieldsProblem(fields);
            if (found) return setProblem(found);
            send({ type: 'save', value: fields });
            setDraft(null);
            setIsSavedNotice(true);
          }}
        >
          保存字段
        </Button>
      </Flex>
    </Card>
  );
}
