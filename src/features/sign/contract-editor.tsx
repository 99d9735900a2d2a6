/**
 * What both contract views (step by step, sign-operation; visual, contract-operation) share: the
 * form values of one contract, the draft autosave (sign-draft machine: 已保存 for 3 seconds), the
 * submission or edit with the same checks (contract-fields.ts) and the nextType offer (sign-contract
 * machine), and the pieces of screen around them. The views differ only in how the values are entered.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Flex,
  Heading,
  RadioGroup,
  Spinner,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { draftMessages } from '../../../machines/sign-draft.machine';
import { tabKey } from '../../../machines/tabs.machine';
import { useWorkspace } from '../../core/workspace';
import { PageDisabledDialog } from '../../ui/page-disabled-dialog';
import { inspect } from '../../inspector/inspection-store';
import { checkForm } from './contract-form-checks';
import { draftContent, submissionBody } from './contract-form-submit';
import {
  emptyForm,
  formFromContent,
  formFromDraft,
  formFromPrefill,
  type DealLinks,
  type FormValues,
} from './contract-form-values';
import { sealChoiceMessages } from '../../../machines/sign-seal-choice.machine';
import {
  createSignContractMachine,
  loadFields,
  sealChoiceMachine,
  signDraftAutosaveMachine,
  type FormRestore,
  type HouseSource,
  type SignFieldDefinitions,
  type SignTemplateItem,
} from './sign-actors';
import { sealTypeNames, signatureTypeNames, signStateNames } from '../../shared/sign-format';
import { signPages } from '../../shared/sign-pages';

/** A contract to edit: a new one from a template, a draft, or a submitted contract. */
/** What an editor starts from: a draft, a submitted contract, or a new contract (prefilled from the ledger or empty). */
export type EditorRestore =
  | FormRestore
  | {
      kind: 'new';
      boxid: number;
      prefill?: Record<string, unknown> | null;
      links?: DealLinks;
      /** Started from a listing: the sign-contract machine reads it before the form (house.open). */
      house?: HouseSource;
    };

type PageEntry = ReturnType<typeof signPages.operation>;

function initialValues(restore: EditorRestore): FormValues {
  if (restore.kind === 'draft') return formFromDraft(restore.content);
  if (restore.kind === 'contract') return formFromContent(restore.content, restore.signatureType);
  const values = restore.prefill ? formFromPrefill(restore.prefill) : emptyForm();
  return restore.links ? { ...values, links: restore.links } : values;
}

const submittedStates = [
  'offerSigning',
  'offerApproval',
  'openingDetail',
  'startingSigning',
  'startingApproval',
  'started',
] as const;

export function useContractEditor({
  restore,
  template,
  pageOf,
}: {
  restore: EditorRestore;
  template: SignTemplateItem | null;
  /** This view's tab with other parameters (a saved draft's code goes into it). */
  pageOf: (params?: Record<string, string>) => PageEntry;
}) {
  const workspace = useWorkspace();
  const boxid = restore.boxid;
  const editingId = restore.kind === 'contract' ? restore.contractId : null;
  const contractType = template?.contractType ?? (restore.kind === 'new' ? 1 : restore.contractType);
  const [fieldsMachine] = useState(() => resourceMachine.provide({ actors: { load: loadFields(boxid) } }));
  const [fieldsState] = useMachine(fieldsMachine, { inspect });
  const [draft, sendDraft, draftRef] = useMachine(signDraftAutosaveMachine, {
    input: { draftCode: restore.kind === 'draft' ? restore.draftCode : null },
    inspect,
  });
  const [signMachine] = useState(() =>
    createSignContractMachine({
      navigateToDetail: (contractId) => {
        workspace.openPage(signPages.detail(contractId));
        workspace.closePage(tabKey(pageOf()));
      },
      navigateToList: () => workspace.openPage(signPages.list()),
      // Back to where 发起签约 was pressed: the form's tab closes and the listing shows again.
      closeForm: () => workspace.goBack(),
      // An edit or start refused by the edit-state check: EditorPhaseScreen shows 当前页面状态不可操作
      // over this tab itself (a new contract's tab names no contract the shell could match).
      disablePage: () => {},
    }),
  );
  const [sign, send] = useMachine(signMachine, { inspect });
  const [sealChoice, sendSealChoice, sealChoiceRef] = useMachine(sealChoiceMachine, {
    input: { initial: restore.kind === 'contract' ? restore.sealChoice : null },
    inspect,
  });
  const [values, setValues] = useState<FormValues>(() => initialValues(restore));
  const [formError, setFormError] = useState<string | null>(null);
  const [withApproval, setWithApproval] = useState(false);
  const [approvalRemark, setApprovalRemark] = useState('');

  useEffect(() => {
    if (editingId !== null) send({ type: 'contract.load', contractId: editingId });
  }, [send, editingId]);

  // A contract from a listing: the machine reads the listing first; its prefill fills the form.
  const house = restore.kind === 'new' ? (restore.house ?? null) : null;
  useEffect(() => {
    if (house) send({ type: 'house.open', house });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [send]);
  const housePrefill = sign.context.prefill;
  const [appliedPrefill, setAppliedPrefill] = useState<Record<string, unknown> | null>(null);
  if (housePrefill && housePrefill !== appliedPrefill) {
    setAppliedPrefill(housePrefill);
    setValues((current) => ({ ...formFromPrefill(housePrefill), links: current.links }));
  }

  // The first autosave names the draft: keep its code in the tab so a reload continues it.
  const savedCode = draft.context.draftCode;
  useEffect(() => {
    if (editingId === null && savedCode && restore.kind !== 'draft')
      workspace.openPage(pageOf({ draftCode: savedCode }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedCode]);

  const isSubmitted = submittedStates.some((s) => sign.matches(s));
  // A submission takes the draft with it, so the autosave stops before it is sent (a save under way
  // finishes first: the submission names its draft) and no save starts while it is under way; a
  // failed submission resumes the autosave.
  const isSubmitting = sign.matches('submitting') || draft.matches({ saving: 'stopping' });
  const isSending = sign.matches('submitting');
  const wasSending = useRef(false);
  useEffect(() => {
    if (isSending) wasSending.current = true;
    else if (wasSending.current) {
      wasSending.current = false;
      if (!isSubmitted) sendDraft({ type: 'draft.resume' });
    }
  }, [isSending, isSubmitted, sendDraft]);

  const fields = fieldsState.context.data as SignFieldDefinitions | null;

  const update = (next: FormValues) => {
    setValues(next);
    setFormError(null);
    if (editingId === null) sendDraft({ type: 'draft.change', boxid, content: draftContent(next) });
  };

  const submit = () => {
    if (!fields || isSubmitting) return;
    const message = checkForm(contractType, values, fields.requireFlags, fields.fields);
    if (message) {
      setFormError(message);
      return;
    }
    // An electronic contract names the company's signing body and seal: wait for the list to be read.
    const isElectronic = values.signatureType === 1;
    if (isElectronic && sealChoiceRef.getSnapshot().matches('failed')) {
      setFormError(sealChoiceMessages.notReady);
      return;
    }
    const approval = withApproval ? { remark: approvalRemark } : null;
    const sendSubmission = (draftCode: string | null) => {
      const body = submissionBody({
        boxid,
        contractType,
        values,
        fields: fields.fields,
        draftCode: editingId === null ? draftCode : null,
        approval,
        sealChoice: sealChoiceRef.getSnapshot().context.choice,
      });
      if (editingId !== null && sign.can({ type: 'contract.edit', request: { contractId: editingId, body } }))
        send({ type: 'contract.edit', request: { contractId: editingId, body } });
      else
        send({
          type: 'contract.submit',
          request: editingId !== null ? { contractId: editingId, body } : { body },
        });
    };
    sendDraft({ type: 'draft.stop' });
    const whenStopped = () => {
      const stopped = draftRef.getSnapshot();
      if (stopped.matches('stopped')) {
        sendSubmission(stopped.context.draftCode);
        return;
      }
      const subscription = draftRef.subscribe((snapshot) => {
        if (!snapshot.matches('stopped')) return;
        subscription.unsubscribe();
        sendSubmission(snapshot.context.draftCode);
      });
    };
    if (!isElectronic || !sealChoiceRef.getSnapshot().matches('loading')) {
      whenStopped();
      return;
    }
    const reading = sealChoiceRef.subscribe((snapshot) => {
      if (snapshot.matches('loading')) return;
      reading.unsubscribe();
      if (snapshot.matches('failed')) {
        setFormError(sealChoiceMessages.notReady);
        sendDraft({ type: 'draft.resume' });
      } else whenStopped();
    });
  };

  const isLoadingContract =
    editingId !== null &&
    (sign.matches('loading') || (sign.matches('editing') && sign.context.state === null));
  const isEditable =
    editingId === null ||
    sign.matches('editing') ||
    sign.matches('submitting') ||
    sign.matches({ toStart: 'idle' }) ||
    sign.matches({ rejected: 'idle' }) ||
    isSubmitted;
  // A new contract whose start failed: the machine reloaded it; the rest happens on the detail.
  const isSubmittedElsewhere =
    editingId === null &&
    sign.context.contractId !== null &&
    !isSubmitted &&
    !sign.matches('editing') &&
    !sign.matches('submitting');

  return {
    boxid,
    editingId,
    /** This view's tab, closed by 当前页面状态不可操作's 关闭. */
    pageKey: tabKey(pageOf()),
    contractType,
    fields,
    fieldsState,
    draft,
    sign,
    send,
    sealChoice,
    sendSealChoice,
    values,
    update,
    submit,
    formError,
    setFormError,
    withApproval,
    setWithApproval,
    approvalRemark,
    setApprovalRemark,
    isSubmitted,
    /** Submitting, or waiting for the autosave to stop first. */
    isSubmitting,
    phase: sign.matches('preparingHouse')
      ? ('preparingHouse' as const)
      : sign.matches('houseFailed')
        ? ('houseFailed' as const)
        : sign.matches('houseWarning') || sign.matches('abandoned')
          ? ('houseWarning' as const)
          : isLoadingContract
            ? ('loading' as const)
            : !isEditable
              ? ('notEditable' as const)
              : isSubmittedElsewhere
                ? ('submittedElsewhere' as const)
                : ('editing' as const),
  };
}

export type ContractEditor = ReturnType<typeof useContractEditor>;

/** The screens instead of the form: loading the contract, a state that cannot be edited, submitted already. */
export function EditorPhaseScreen({ editor, testId }: { editor: ContractEditor; testId: string }) {
  const workspace = useWorkspace();
  const notice = editor.sign.context.notice;
  // Refused by the edit-state check (001 section 8): the page is disabled; 关闭 closes its tab.
  if (editor.sign.matches('inoperable'))
    return (
      <Box p="5" data-testid={testId}>
        {notice && (
          <Callout.Root color="red">
            <Callout.Text data-testid="form-error">{notice.text}</Callout.Text>
          </Callout.Root>
        )}
        <PageDisabledDialog open onClose={() => workspace.closePage(editor.pageKey)} />
      </Box>
    );
  if (editor.phase === 'preparingHouse')
    return (
      <Flex p="5" gap="2" align="center" data-testid={testId}>
        <Spinner /> <Text color="gray">正在从房源导入...</Text>
      </Flex>
    );
  if (editor.phase === 'houseFailed')
    return (
      <Box p="5" data-testid={testId}>
        <Callout.Root color="red">
          <Callout.Text data-testid="form-error">{notice?.text}</Callout.Text>
        </Callout.Root>
        <Button mt="3" variant="soft" onClick={() => editor.send({ type: 'contract.refresh' })}>
          重试
        </Button>
      </Box>
    );
  if (editor.phase === 'houseWarning')
    return (
      <Box p="5" data-testid={testId}>
        <AlertDialog.Root
          open={editor.sign.matches('houseWarning')}
          onOpenChange={(open) => !open && editor.send({ type: 'confirm.no' })}
        >
          <AlertDialog.Content maxWidth="460px">
            <AlertDialog.Title>发起签约</AlertDialog.Title>
            <AlertDialog.Description size="2">{editor.sign.context.houseWarning}</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray">
                  取消
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button onClick={() => editor.send({ type: 'confirm.yes' })}>继续发起</Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Box>
    );
  if (editor.phase === 'loading')
    return (
      <Flex p="5" gap="2" align="center">
        <Spinner /> <Text color="gray">加载中...</Text>
      </Flex>
    );
  if (editor.phase === 'notEditable')
    return (
      <Box p="5">
        <Callout.Root color="amber">
          <Callout.Text>当前状态不允许修改该合同</Callout.Text>
        </Callout.Root>
        <Button
          mt="3"
          variant="soft"
          onClick={() => workspace.openPage(signPages.detail(editor.editingId ?? 0))}
        >
          查看合同详情
        </Button>
      </Box>
    );
  if (editor.phase !== 'submittedElsewhere') return null;
  const contractId = editor.sign.context.contractId;
  return (
    <Box p="5" data-testid={testId}>
      <Heading size="5" mb="3">
        合同已提交
      </Heading>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'}>
          <Callout.Text data-testid="form-error">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <Text as="p" mt="3" color="gray" size="2">
        合同已保存
        {editor.sign.context.state !== null ? `（${signStateNames[editor.sign.context.state]}）` : ''}
        ，可在合同详情中继续操作。
      </Text>
      {contractId !== null && (
        <Button mt="3" onClick={() => workspace.openPage(signPages.detail(contractId))}>
          查看合同详情
        </Button>
      )}
    </Box>
  );
}

/** 草稿保存中... / 已保存 (3 seconds) / 草稿未保存：… */
export function DraftIndicator({ editor }: { editor: ContractEditor }) {
  const { draft } = editor;
  return (
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
  );
}

/** The first problem of the checks, or the server's refusal. */
export function EditorError({ editor }: { editor: ContractEditor }) {
  const notice = editor.sign.context.notice;
  const text = editor.formError ?? (notice?.kind === 'error' ? notice.text : null);
  if (!text) return null;
  return (
    <Callout.Root color="red" mb="3">
      <Callout.Text data-testid="form-error">{text}</Callout.Text>
    </Callout.Root>
  );
}

/** 签署方式 and 签约审批 (submit straight into the approval flow). */
export function SubmitOptions({ editor }: { editor: ContractEditor }) {
  const { values, update } = editor;
  return (
    <>
      <Card>
        <Heading size="3" mb="3">
          签署方式
        </Heading>
        <RadioGroup.Root
          value={String(values.signatureType)}
          onValueChange={(value) => update({ ...values, signatureType: Number(value) as 1 | 2 })}
          aria-label="签署方式"
        >
          <Flex gap="4" wrap="wrap">
            <RadioGroup.Item value="1">{signatureTypeNames[1]}（各方在线签字）</RadioGroup.Item>
            <RadioGroup.Item value="2">{signatureTypeNames[2]}（打印后线下签字）</RadioGroup.Item>
          </Flex>
        </RadioGroup.Root>
      </Card>
      {values.signatureType === 1 && <SealChoiceCard editor={editor} />}
      <Card>
        <Heading size="3" mb="3">
          签约审批
        </Heading>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={editor.withApproval}
              onCheckedChange={(checked) => editor.setWithApproval(checked === true)}
            />
            提交后直接发起审批（本合同类型已启用签约审批时）
          </Flex>
        </Text>
        {editor.withApproval && (
          <TextArea
            mt="2"
            aria-label="审批备注"
            placeholder="请输入审批备注（选填）"
            maxLength={140}
            value={editor.approvalRemark}
            onChange={(e) => editor.setApprovalRemark(e.target.value)}
          />
        )}
      </Card>
    </>
  );
}

export function SubmitButton({ editor }: { editor: ContractEditor }) {
  const { isSubmitting } = editor;
  return (
    <Button disabled={isSubmitting || editor.isSubmitted || !editor.fields} onClick={editor.submit}>
      {isSubmitting ? '提交中...' : '提交'}
    </Button>
  );
}

/** nextType 1 or 2: the offer to start signing or the approval; then the detail opens. */
export function SubmitOffer({ editor }: { editor: ContractEditor }) {
  const { sign, send } = editor;
  const notice = sign.context.notice;
  const isOffering = sign.matches('offerSigning') || sign.matches('offerApproval');
  return (
    <>
      <AlertDialog.Root open={isOffering}>
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
    </>
  );
}

/** A seal by its title, with its type when the title does not say it (财务章（财务专用章）). */
function sealLabel(seal: { sealTitle: string; sealType: 1 | 2 | 3 }): string {
  const type = sealTypeNames[seal.sealType];
  return seal.sealTitle === type ? seal.sealTitle : `${seal.sealTitle}（${type}）`;
}

/** 签约主体与印章: the company's verified body and the seal the company party (居间方) signs with. */
function SealChoiceCard({ editor }: { editor: ContractEditor }) {
  const workspace = useWorkspace();
  const { sealChoice: snapshot, sendSealChoice: send } = editor;
  const { bodies, choice, error } = snapshot.context;
  const body = bodies.find((b) => b.signBodyId === choice?.signBodyId) ?? null;
  const seal = body?.seals.find((s) => s.sealId === choice?.sealId) ?? null;
  return (
    <Card data-testid="seal-choice">
      <Heading size="3" mb="3">
        签约主体与印章
      </Heading>
      {snapshot.matches('loading') && (
        <Flex gap="2" align="center">
          <Spinner /> <Text color="gray">读取签约主体...</Text>
        </Flex>
      )}
      {snapshot.matches('failed') && (
        <Flex gap="2" align="center">
          <Text color="red" role="alert">
            {error}
          </Text>
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Flex>
      )}
      {snapshot.matches('none') && (
        <Flex direction="column" gap="2" align="start">
          <Text size="2" color="amber">
            {sealChoiceMessages.none}
          </Text>
          <Flex gap="2">
            <Button size="1" variant="soft" onClick={() => workspace.openPage(signPages.seals())}>
              去印章管理
            </Button>
            <Button size="1" variant="soft" color="gray" onClick={() => send({ type: 'reload' })}>
              重新读取
            </Button>
          </Flex>
        </Flex>
      )}
      {snapshot.matches('chosen') && (
        <Flex gap="4" align="end" wrap="wrap">
          <label className="field">
            <Text size="1" color="gray">
              签约主体
            </Text>
            <Select.Root
              value={String(choice?.signBodyId ?? '')}
              onValueChange={(value) => send({ type: 'body.pick', signBodyId: Number(value) })}
            >
              <Select.Trigger aria-label="签约主体" style={{ minWidth: 220 }} />
              <Select.Content>
                {bodies.map((b) => (
                  <Select.Item key={b.signBodyId} value={String(b.signBodyId)}>
                    {b.corpName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <label className="field">
            <Text size="1" color="gray">
              印章
            </Text>
            <Select.Root
              value={String(choice?.sealId ?? '')}
              onValueChange={(value) => send({ type: 'seal.pick', sealId: Number(value) })}
            >
              <Select.Trigger aria-label="印章" style={{ minWidth: 180 }} />
              <Select.Content>
                {(body?.seals ?? []).map((s) => (
                  <Select.Item key={s.sealId} value={String(s.sealId)}>
                    {sealLabel(s)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          {seal && (
            <img
              src={seal.sealUrl}
              alt={`${seal.sealTitle}印模`}
              width={64}
              height={64}
              data-testid="seal-chosen"
            />
          )}
          <Button size="1" variant="ghost" color="gray" onClick={() => send({ type: 'reload' })}>
            刷新
          </Button>
        </Flex>
      )}
    </Card>
  );
}
