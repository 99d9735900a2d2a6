/**
 * How both contract views begin: load the company's signing type, the usable templates, one's drafts
 * and what the tab's parameters restore (boxId a new contract, draftCode a draft, contractId a
 * submitted contract); without a signing type say 您还未设置签署方式,请前往设置!; hand the tab over
 * to the other view when the signing type and contract type call for it; else the template chooser,
 * then the view's editor.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Card, Flex, Spinner, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { tabKey } from '../../../machines/tabs.machine';
import { useWorkspace } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import type { EditorRestore } from './contract-editor';
import {
  houseSourceOf,
  ledgerSourceOf,
  loadFormStart,
  type FormStart,
  type SignTemplateItem,
} from './sign-actors';
import { isVisualSigning, signPages } from '../../shared/sign-pages';
import { TemplateChooser } from './template-chooser';

export const noSignSettingMessage = '您还未设置签署方式,请前往设置!';
const ledgerNotice = '已从合同台账导入双方、房屋与成交信息，请选择合同模板后补充其余内容';
const houseNotice = '已从房源导入房屋、价格与业主信息，请选择合同模板后补充其余内容';

export function ContractViewStart({
  params,
  isVisual,
  renderEditor,
}: {
  params: Record<string, string>;
  isVisual: boolean;
  renderEditor: (restore: EditorRestore, template: SignTemplateItem | null) => ReactNode;
}) {
  // The parameters of the first render: a saved draft later writes its code into the tab's parameters.
  const [initial] = useState(() => ({
    draftCode: params['draftCode'],
    contractId: params['contractId'],
    boxId: Number(params['boxId']),
    ledger: ledgerSourceOf(params),
    house: houseSourceOf(params),
  }));
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: loadFormStart({
          ...(initial.draftCode ? { draftCode: initial.draftCode } : {}),
          ...(initial.contractId ? { contractId: initial.contractId } : {}),
          // A listing is read by the form's sign-contract machine (its prefill and running contracts).
          ...(initial.ledger ? { ledger: initial.ledger } : {}),
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const { openPage, closePage } = useWorkspace();
  const [chosen, setChosen] = useState<EditorRestore | null>(null);
  // A contract started from a listing: the form's machine reads it and the submission names it.
  const house = initial.house && !initial.ledger ? { house: initial.house } : {};
  const start = snapshot.context.data as FormStart | null;
  const ownPage = isVisual ? signPages.contractOperation : signPages.operation;

  const fromParams: EditorRestore | null =
    start?.restore ??
    (Number.isInteger(initial.boxId) && initial.boxId > 0
      ? { kind: 'new', boxid: initial.boxId, prefill: start?.prefill ?? null, ...house }
      : null);
  const restore = chosen ?? fromParams;
  const template = start?.templates.find((t) => t.boxId === restore?.boxid) ?? null;
  const signType = start?.setting?.signType ?? null;
  const contractType = restore?.kind === 'new' || !restore ? template?.contractType : restore.contractType;
  // This tab belongs to the other view: the company's signing type or the contract type says so.
  const handover =
    signType !== null && isVisualSigning(signType, contractType) !== isVisual
      ? signPages.contractEditor({ signType, contractType }, { ...params })
      : null;
  useEffect(() => {
    if (!handover) return;
    openPage(handover);
    closePage(tabKey(ownPage()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handover?.path]);

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
  if (!start || handover)
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
  const ledgerParams: Record<string, string> = initial.ledger
    ? { ledgerType: String(initial.ledger.ledgerType), ledgerId: String(initial.ledger.ledgerId) }
    : initial.house
      ? { houseType: String(initial.house.houseType), houseId: String(initial.house.houseId) }
      : {};
  // The prefill's source decides the contract type offered: a sale listing or contract → 买卖, rent → 租赁.
  const sourceType = initial.ledger?.ledgerType ?? initial.house?.houseType ?? null;
  const isPrefilled = start.prefill !== null || 'house' in house;
  if (!restore)
    return (
      <TemplateChooser
        start={
          isPrefilled && sourceType !== null
            ? { ...start, templates: start.templates.filter((t) => t.contractType === sourceType) }
            : start
        }
        notice={isPrefilled ? (initial.ledger ? ledgerNotice : houseNotice) : null}
        carry={ledgerParams}
        isVisual={isVisual}
        onPick={(picked) => {
          openPage(ownPage({ boxId: String(picked.boxId), ...ledgerParams }));
          setChosen({ kind: 'new', boxid: picked.boxId, prefill: start.prefill, ...house });
        }}
        onDraft={(restored) => {
          openPage(ownPage({ draftCode: restored.draftCode }));
          setChosen(restored);
        }}
        onDraftDeleted={() => send({ type: 'reload' })}
      />
    );
  return <Box key={`${restore.kind}:${restore.boxid}`}>{renderEditor(restore, template)}</Box>;
}
