/**
 * Step-by-step signing (/views/sign/sign-operation, signing type 1): choose a template (or continue
 * a draft), fill the parties, the house, the transaction and the other terms, then submit
 * (contractSubmissionV2501, or contractEditV2501 with ?contractId=) and follow the nextType offer.
 * The sign-contract machine runs the submission and the offer; the sign-draft machine autosaves
 * (已保存 for 3 seconds, only with a house name, building or room number). Without a sign setting
 * the page says 您还未设置签署方式,请前往设置! and leads to the sign settings.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Flex,
  Grid,
  Heading,
  RadioGroup,
  Spinner,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { signOaItems } from '../../../machines/sign-contract.machine';
import { draftMessages } from '../../../machines/sign-draft.machine';
import { tabKey } from '../../../machines/tabs.machine';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import {
  checkForm,
  contentForSubmit,
  draftContent,
  emptyForm,
  formFromContent,
  formFromDraft,
  formSteps,
  type FormValues,
} from './contract-fields';
import { CustomFieldsForm, FurnitureForm, GroupForm, PartyForm, RegionPicker } from './contract-form-parts';
import {
  createSignContractMachine,
  deleteDraft,
  fetchDraft,
  loadFields,
  loadFormStart,
  signDraftAutosaveMachine,
  type FormRestore,
  type FormStart,
  type SignFieldDefinitions,
  type SignTemplateItem,
} from './sign-actors';
import { contractTypeNames, houseTitle, signatureTypeNames, signStateNames } from './sign-format';
import { signPages } from './sign-pages';

export const noSignSettingMessage = '您还未设置签署方式,请前往设置!';

export default function SignOperationPage({ params }: PageProps) {
  // The parameters of the first render: a saved draft later writes its code into the tab's parameters.
  const [initial] = useState(() => ({ draftCode: params['draftCode'], contractId: params['contractId'] }));
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: loadFormStart({
          ...(initial.draftCode ? { draftCode: initial.draftCode } : {}),
          ...(initial.contractId ? { contractId: initial.contractId } : {}),
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const { openPage } = useWorkspace();
  const [chosen, setChosen] = useState<FormRestore | { kind: 'new'; boxid: number } | null>(null);
  const start = snapshot.context.data as FormStart | null;

  if (snapshot.matches('failed'))
    return (
      <Box p="5">
        <Callout.Root color="red">
          <Callout.Text>{snapshot.context.error}</Callout.Text>
        </Callout.Root>
        <Button mt="3" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Box>
    );
  if (!start)
    return (
      <Flex p="5" gap="2" align="center">
        <Spinner /> <Text color="gray">加载中...</Text>
      </Flex>
    );
  if (!start.setting?.signType)
    return (
      <Box p="5" data-testid="sign-setting-missing">
        <Card size="3" style={{ maxWidth: 520 }}>
          <Callout.Root color="amber">
            <Callout.Text>{noSignSettingMessage}</Callout.Text>
          </Callout.Root>
          <Button mt="4" onClick={() => openPage(signPages.settings())}>
            前往设置
          </Button>
        </Card>
      </Box>
    );
  const restore = chosen ?? start.restore;
  if (!restore) {
    if (start.setting.signType === 2)
      return (
        <Box p="5">
          <Callout.Root color="blue">
            <Callout.Text>
              本公司的签约方式为可视化签约（在合同文本上直接填写），请在可视化合同编辑页发起；如需分步填写，请在在线签约设置中修改签约方式。
            </Callout.Text>
          </Callout.Root>
          <Button mt="3" variant="soft" onClick={() => openPage(signPages.settings())}>
            前往设置
          </Button>
        </Box>
      );
    return (
      <TemplateChooser
        start={start}
        onPick={(template) => setChosen({ kind: 'new', boxid: template.boxId })}
        onDraft={(restored) => {
          openPage(signPages.operation({ draftCode: restored.draftCode }));
          setChosen(restored);
        }}
        onDraftDeleted={() => send({ type: 'reload' })}
      />
    );
  }
  const template = start.templates.find((t) => t.boxId === restore.boxid) ?? null;
  return <ContractForm key={`${restore.kind}:${restore.boxid}`} restore={restore} template={template} />;
}

function TemplateChooser({
  start,
  onPick,
  onDraft,
  onDraftDeleted,
}: {
  start: FormStart;
  onPick: (template: SignTemplateItem) => void;
  onDraft: (restored: Extract<FormRestore, { kind: 'draft' }>) => void;
  onDraftDeleted: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const usable = start.templates.filter((t) => t.signingInitiateType.includes(1));
  const groups = [...new Set(usable.map((t) => t.groupName))];
  return (
    <Box p="5" pb="9" data-testid="template-chooser">
      <Heading size="5" mb="4">
        发起签约：选择合同模板
      </Heading>
      {usable.length === 0 && <Text color="gray">暂无可用的合同模板（模板需已上架且在您的使用范围内）</Text>}
      {groups.map((group) => (
        <Box key={group} mb="4">
          <Text as="p" weight="bold" mb="2">
            {group}
          </Text>
          <Grid columns={{ initial: '2', md: '4' }} gap="3">
            {usable
              .filter((t) => t.groupName === group)
              .map((t) => (
                <Card key={t.boxId} asChild>
                  <button type="button" className="template-card" onClick={() => onPick(t)}>
                    <Text as="p" weight="bold">
                      {t.boxName}
                    </Text>
                    <Text size="1" color="gray">
                      {contractTypeNames[t.contractType]}
                    </Text>
                  </button>
                </Card>
              ))}
          </Grid>
        </Box>
      ))}
      <Heading size="3" mt="5" mb="2">
        我的草稿
      </Heading>
      {error && (
        <Text color="red" size="2">
          {error}
        </Text>
      )}
      {start.drafts.length === 0 ? (
        <Text color="gray" size="2">
          暂无草稿（填写楼盘名称、楼栋号或房号后自动保存）
        </Text>
      ) : (
        <Flex direction="column" gap="2" data-testid="draft-list">
          {start.drafts.map((draft) => (
            <Card key={draft.draftCode}>
              <Flex justify="between" align="center">
                <Box>
                  <Text weight="bold">{houseTitle(draft.houseInfo)}</Text>
                  <Text size="1" color="gray" ml="2">
                    {draft.boxName} · {draft.updateTime}
                  </Text>
                </Box>
                <Flex gap="2">
                  <Button
                    size="1"
                    onClick={() => {
                      setError(null);
                      fetchDraft(draft.draftCode).then(
                        (detail) =>
                          detail
                            ? onDraft({
                                kind: 'draft',
                                boxid: detail.boxid,
                                draftCode: detail.draftCode,
                                content: detail.content,
                              })
                            : setError('草稿不存在或已被删除'),
                        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
                      );
                    }}
                  >
                    继续填写
                  </Button>
                  <Button
                    size="1"
                    variant="soft"
                    color="red"
                    onClick={() => {
                      setError(null);
                      deleteDraft(draft.draftCode).then(onDraftDeleted, (e: unknown) =>
                        setError(e instanceof Error ? e.message : String(e)),
                      );
                    }}
                  >
                    删除
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </Box>
  );
}

function initialValues(restore: FormRestore | { kind: 'new'; boxid: number }): FormValues {
  if (restore.kind === 'draft') return formFromDraft(restore.content);
  if (restore.kind === 'contract') return formFromContent(restore.content, restore.signatureType);
  return emptyForm();
}

function ContractForm({
  restore,
  template,
}: {
  restore: FormRestore | { kind: 'new'; boxid: number };
  template: SignTemplateItem | null;
}) {
  const workspace = useWorkspace();
  const boxid = restore.boxid;
  const editingId = restore.kind === 'contract' ? restore.contractId : null;
  const contractType = template?.contractType ?? 1;
  const [fieldsMachine] = useState(() => resourceMachine.provide({ actors: { load: loadFields(boxid) } }));
  const [fieldsState] = useMachine(fieldsMachine, { inspect });
  const [draft, sendDraft] = useMachine(signDraftAutosaveMachine, {
    input: { draftCode: restore.kind === 'draft' ? restore.draftCode : null },
    inspect,
  });
  const [signMachine] = useState(() =>
    createSignContractMachine({
      navigateToDetail: (contractId) => {
        workspace.openPage(signPages.detail(contractId));
        workspace.closePage(tabKey(signPages.operation()));
      },
      navigateToList: () => workspace.openPage(signPages.list()),
    }),
  );
  const [sign, send] = useMachine(signMachine, { inspect });
  const [values, setValues] = useState<FormValues>(() => initialValues(restore));
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  // 001 section 3: a submission may carry oaParam and go straight into the approval flow.
  const [withApproval, setWithApproval] = useState(false);
  const [approvalRemark, setApprovalRemark] = useState('');

  useEffect(() => {
    if (editingId !== null) send({ type: 'contract.load', contractId: editingId });
  }, [send, editingId]);

  // The first autosave names the draft: keep its code in the tab so a reload continues it.
  const savedCode = draft.context.draftCode;
  useEffect(() => {
    if (editingId === null && savedCode && restore.kind !== 'draft')
      workspace.openPage(signPages.operation({ draftCode: savedCode }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedCode]);

  // Once submitted the server has removed the draft; stop autosaving.
  const isSubmitted = (
    [
      'offerSigning',
      'offerApproval',
      'openingDetail',
      'startingSigning',
      'startingApproval',
      'started',
    ] as const
  ).some((s) => sign.matches(s));
  useEffect(() => {
    if (isSubmitted) sendDraft({ type: 'draft.stop' });
  }, [isSubmitted, sendDraft]);

  const fields = fieldsState.context.data as SignFieldDefinitions | null;
  const steps = [
    { title: '当事人信息', groups: [] },
    ...formSteps(contractType),
    { title: '提交', groups: [] },
  ];
  const isLast = step === steps.length - 1;

  const update = (next: FormValues) => {
    setValues(next);
    setFormError(null);
    if (editingId === null) sendDraft({ type: 'draft.change', boxid, content: draftContent(next) });
  };
  const setGroup = (group: keyof FormValues['groups'], key: string, value: unknown) =>
    update({ ...values, groups: { ...values.groups, [group]: { ...values.groups[group], [key]: value } } });

  const submit = () => {
    if (!fields) return;
    const message = checkForm(contractType, values, fields.requireFlags, fields.fields);
    if (message) {
      setFormError(message);
      return;
    }
    const body = {
      boxid,
      content: contentForSubmit(contractType, values, fields.fields),
      signatureType: values.signatureType,
      ...(editingId === null && draft.context.draftCode ? { draftCode: draft.context.draftCode } : {}),
      ...(withApproval
        ? {
            oaParam: {
              oaItemId: signOaItems[contractType],
              ...(approvalRemark.trim() ? { oaReamrk: approvalRemark.trim() } : {}),
            },
          }
        : {}),
    };
    if (editingId !== null && sign.can({ type: 'contract.edit', request: { contractId: editingId, body } }))
      send({ type: 'contract.edit', request: { contractId: editingId, body } });
    else
      send({
        type: 'contract.submit',
        request: editingId !== null ? { contractId: editingId, body } : { body },
      });
  };

  if (
    editingId !== null &&
    (sign.matches('loading') || (sign.matches('editing') && sign.context.state === null))
  )
    return (
      <Flex p="5" gap="2" align="center">
        <Spinner /> <Text color="gray">加载中...</Text>
      </Flex>
    );
  const isEditable =
    editingId === null ||
    sign.matches('editing') ||
    sign.matches('submitting') ||
    sign.matches({ toStart: 'idle' }) ||
    sign.matches({ rejected: 'idle' }) ||
    isSubmitted;
  if (!isEditable)
    return (
      <Box p="5">
        <Callout.Root color="amber">
          <Callout.Text>当前状态不允许修改该合同</Callout.Text>
        </Callout.Root>
        <Button mt="3" variant="soft" onClick={() => workspace.openPage(signPages.detail(editingId))}>
          查看合同详情
        </Button>
      </Box>
    );

  const notice = sign.context.notice;
  // A new contract whose start failed: the machine reloaded it; the rest happens on the detail.
  const isSubmittedElsewhere =
    editingId === null &&
    sign.context.contractId !== null &&
    !isSubmitted &&
    !sign.matches('editing') &&
    !sign.matches('submitting');
  if (isSubmittedElsewhere)
    return (
      <Box p="5" data-testid="sign-operation-page">
        <Heading size="5" mb="3">
          合同已提交
        </Heading>
        {notice && (
          <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'}>
            <Callout.Text data-testid="form-error">{notice.text}</Callout.Text>
          </Callout.Root>
        )}
        <Text as="p" mt="3" color="gray" size="2">
          合同已保存{sign.context.state !== null ? `（${signStateNames[sign.context.state]}）` : ''}
          ，可在合同详情中继续操作。
        </Text>
        <Button mt="3" onClick={() => workspace.openPage(signPages.detail(sign.context.contractId!))}>
          查看合同详情
        </Button>
      </Box>
    );
  return (
    <Box p="5" pb="9" data-testid="sign-operation-page">
      <Flex justify="between" align="center" mb="3" wrap="wrap" gap="3">
        <Flex align="center" gap="3">
          <Heading size="5">{editingId !== null ? '修改签约合同' : '发起签约'}</Heading>
          <Badge size="2">{template?.boxName ?? `模板 ${boxid}`}</Badge>
        </Flex>
        <Box data-testid="draft-indicator">
          {draft.matches('saving') && (
            <Text size="2" color="gray">
              草稿保存中...
            </Text>
          )}
          {draft.matches('saved') && (
            <Text size="2" color="green">
              {draftMessages.saved}
            </Text>
          )}
          {draft.matches('failed') && (
            <Text size="2" color="red">
              草稿未保存：{draft.context.error}
            </Text>
          )}
        </Box>
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
      {(formError ?? notice?.kind === 'error') && (
        <Callout.Root color="red" mb="3">
          <Callout.Text data-testid="form-error">{formError ?? notice?.text}</Callout.Text>
        </Callout.Root>
      )}
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
              <CustomFieldsForm
                fields={fields.fields}
                values={values.customFields}
                onChange={(name, value) =>
                  update({ ...values, customFields: { ...values.customFields, [name]: value } })
                }
              />
              <Card>
                <Heading size="3" mb="3">
                  签署方式
                </Heading>
                <RadioGroup.Root
                  value={String(values.signatureType)}
                  onValueChange={(value) => update({ ...values, signatureType: Number(value) as 1 | 2 })}
                  aria-label="签署方式"
                >
                  <Flex gap="4">
                    <RadioGroup.Item value="1">{signatureTypeNames[1]}（各方在线签字）</RadioGroup.Item>
                    <RadioGroup.Item value="2">{signatureTypeNames[2]}（打印后线下签字）</RadioGroup.Item>
                  </Flex>
                </RadioGroup.Root>
              </Card>
              <Card>
                <Heading size="3" mb="3">
                  签约审批
                </Heading>
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={withApproval}
                      onCheckedChange={(checked) => setWithApproval(checked === true)}
                    />
                    提交后直接发起审批（本合同类型已启用签约审批时）
                  </Flex>
                </Text>
                {withApproval && (
                  <TextArea
                    mt="2"
                    aria-label="审批备注"
                    placeholder="请输入审批备注（选填）"
                    maxLength={140}
                    value={approvalRemark}
                    onChange={(e) => setApprovalRemark(e.target.value)}
                  />
                )}
              </Card>
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
                    if (message) return setFormError(message);
                  }
                  setStep(step + 1);
                }}
              >
                下一步
              </Button>
            )}
            {isLast && (
              <Button disabled={sign.matches('submitting') || isSubmitted} onClick={submit}>
                {sign.matches('submitting') ? '提交中...' : '提交'}
              </Button>
            )}
          </Flex>
        </Flex>
      )}

      <AlertDialog.Root open={sign.matches('offerSigning') || sign.matches('offerApproval')}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>提交成功</AlertDialog.Title>
          <AlertDialog.Description>
            {sign.matches('offerSigning')
              ? '合同已提交，是否立即发起签署？'
              : '合同已提交，该合同需要审批，是否立即发起审批？'}
          </AlertDialog.Description>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" onClick={() => send({ type: 'offer.decline' })}>
                稍后再说
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={() => send({ type: 'offer.accept' })}>
                {sign.matches('offerSigning') ? '立即发起签署' : '立即发起审批'}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
      {(sign.matches('openingDetail') ||
        sign.matches('started') ||
        sign.matches('startingSigning') ||
        sign.matches('startingApproval')) && (
        <Callout.Root color="green" mt="4">
          <Callout.Text data-testid="submit-done">
            {notice?.kind === 'success' ? `${notice.text}，` : '合同已提交，'}正在打开合同详情...
          </Callout.Text>
        </Callout.Root>
      )}
    </Box>
  );
}
