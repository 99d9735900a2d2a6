/**
 * Step-by-step signing (/views/sign/sign-operation, signing type 1): choose a template (or continue
 * a draft), fill the parties, the house, the transaction and the other terms, then submit
 * (contractSubmissionV2501, or contractEditV2501 with ?contractId=) and follow the nextType offer.
 * The values, checks, draft autosave and submission are the contract editor's (contract-editor.tsx),
 * shared with the visual view; a company with visual signing, or a visual template (type 3), is
 * handed over to /views/sign/contract-operation (contract-view-start.tsx).
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { checkForm } from './contract-form-checks';
import { formSteps } from './contract-fields';
import {
  DraftIndicator,
  EditorError,
  EditorPhaseScreen,
  SubmitButton,
  SubmitOffer,
  SubmitOptions,
  useContractEditor,
  type EditorRestore,
} from './contract-editor';
import { WidgetFieldsForm } from '../../ui/widget-fields-form';
import { FurnitureForm } from './contract-furniture-form';
import { GroupForm } from './contract-group-form';
import { PartyForm } from './contract-party-form';
import { CustomerPicker } from '../../shared/customer-picker';
import { withPickedCustomer, withoutPickedCustomer } from './contract-form-values';
import { RegionPicker } from './contract-region-picker';
import { ContractViewStart } from './contract-view-start';
import type { SignTemplateItem } from './sign-actors';
import { signPages } from '../../shared/sign-pages';

export default function SignOperationPage({ params }: PageProps) {
  return (
    <ContractViewStart
      params={params}
      isVisual={false}
      renderEditor={(restore, template) => <ContractForm restore={restore} template={template} />}
    />
  );
}

function ContractForm({ restore, template }: { restore: EditorRestore; template: SignTemplateItem | null }) {
  const editor = useContractEditor({ restore, template, pageOf: signPages.operation });
  const { boxid, contractType, fields, fieldsState, values, update } = editor;
  const [step, setStep] = useState(0);

  const steps = [
    { title: '当事人信息', groups: [] },
    ...formSteps(contractType),
    { title: '提交', groups: [] },
  ];
  const isLast = step === steps.length - 1;
  const setGroup = (group: keyof typeof values.groups, key: string, value: unknown) =>
    update({ ...values, groups: { ...values.groups, [group]: { ...values.groups[group], [key]: value } } });

  if (editor.phase !== 'editing') return <EditorPhaseScreen editor={editor} testId="sign-operation-page" />;
  return (
    <Box p="5" pb="9" data-testid="sign-operation-page">
      <Flex justify="between" align="center" mb="3" wrap="wrap" gap="3">
        <Flex align="center" gap="3">
          <Heading size="5">{editor.editingId !== null ? '修改签约合同' : '发起签约'}</Heading>
          <Badge size="2">{template?.boxName ?? `模板 ${boxid}`}</Badge>
        </Flex>
        <DraftIndicator editor={editor} />
      </Flex>
      <Flex gap="2" mb="4" wrap="wrap" data-testid="steps">
        {steps.map((s, index) => (
          <Button
            key={s.title}
            size="1"
            variant={index === step ? 'solid' : 'soft'}
            color={index < step ? 'green' : undefined}
            onClick={() => setStep(index)}
          >
            {index + 1}. {s.title}
          </Button>
        ))}
      </Flex>
      <EditorError editor={editor} />
      {!fields ? (
        fieldsState.matches('failed') ? (
          <Text color="red">{fieldsState.context.error}</Text>
        ) : (
          <Text color="gray">加载中...</Text>
        )
      ) : (
        <Flex direction="column" gap="4">
          {step === 0 && (
            <>
              <PartyForm
                label="甲方"
                role={contractType === 2 ? '出租人' : '出卖人'}
                party={values.partyA}
                onChange={(partyA) => update({ ...values, partyA })}
              />
              <PartyForm
                label="乙方"
                role={contractType === 2 ? '承租人' : '买受人'}
                party={values.partyB}
                onChange={(partyB) => update({ ...values, partyB })}
                picker={
                  contractType !== 3 && (
                    <CustomerPicker
                      contractType={contractType}
                      picked={values.links?.customerName ?? null}
                      onPick={(customer) => update(withPickedCustomer(values, customer))}
                      onClear={() => update(withoutPickedCustomer(values))}
                    />
                  )
                }
              />
            </>
          )}
          {step > 0 &&
            !isLast &&
            steps[step]!.groups.map((group) => (
              <Box key={group.group}>
                {group.group === 'property' && (
                  <Card mb="3">
                    <RegionPicker
                      region={values.region}
                      required={fields.requireFlags['property.region'] === 1}
                      onChange={(region) => update({ ...values, region })}
                    />
                  </Card>
                )}
                <GroupForm
                  spec={group}
                  values={values}
                  requireFlags={fields.requireFlags}
                  onChange={(key, value) => setGroup(group.group, key, value)}
                />
              </Box>
            ))}
          {step === steps.length - 2 && contractType !== 3 && (
            <FurnitureForm
              furniture={values.furniture}
              onChange={(furniture) => update({ ...values, furniture })}
            />
          )}
          {isLast && (
            <>
              <WidgetFieldsForm
                title="模板约定"
                fields={fields.fields}
                values={values.customFields}
                onChange={(name, value) =>
                  update({ ...values, customFields: { ...values.customFields, [name]: value } })
                }
              />
              <SubmitOptions editor={editor} />
            </>
          )}
          <Flex gap="3" justify="end">
            {step > 0 && (
              <Button variant="soft" onClick={() => setStep(step - 1)}>
                上一步
              </Button>
            )}
            {!isLast && (
              <Button
                onClick={() => {
                  if (step === 0) {
                    const message = checkForm(contractType, values, {}, []);
                    if (message) return editor.setFormError(message);
                  }
                  setStep(step + 1);
                }}
              >
                下一步
              </Button>
            )}
            {isLast && <SubmitButton editor={editor} />}
          </Flex>
        </Flex>
      )}
      <SubmitOffer editor={editor} />
    </Box>
  );
}
