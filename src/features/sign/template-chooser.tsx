/**
 * The first screen of both contract views: the templates usable for starting a contract and one's
 * own drafts (继续填写, 预览, 删除). A template or draft opens in the view that the company's signing type
 * and its contract type call for (signPages.contractEditor): here, or in the other view's tab.
 */
import { useState } from 'react';
import { Box, Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useWorkspace } from '../../core/workspace';
import { ContractTextDialog } from './contract-text-view';
import {
  deleteDraft,
  fetchDraft,
  loadDraftPreview,
  type FormRestore,
  type FormStart,
  type SignTemplateItem,
} from './sign-actors';
import { contractTypeNames, houseTitle } from '../../shared/sign-format';
import { isVisualSigning, signPages, usableTemplates } from '../../shared/sign-pages';

export function TemplateChooser({
  start,
  isVisual,
  notice = null,
  carry = {},
  onPick,
  onDraft,
  onDraftDeleted,
}: {
  start: FormStart;
  /** Said above the templates (a contract prefilled from the ledger). */
  notice?: string | null;
  /** Tab parameters that go with a template opened in the other view (the ledger contract). */
  carry?: Record<string, string>;
  /** Whether this chooser is the visual view's (contract-operation). */
  isVisual: boolean;
  onPick: (template: SignTemplateItem) => void;
  onDraft: (restored: Extract<FormRestore, { kind: 'draft' }>) => void;
  onDraftDeleted: () => void;
}) {
  const { openPage } = useWorkspace();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signType = start.setting?.signType ?? null;
  const usable = usableTemplates(start.templates, isVisual);
  const groups = [...new Set(usable.map((t) => t.groupName))];
  const isHere = (contractType: number) => isVisualSigning(signType, contractType) === isVisual;

  const pick = (template: SignTemplateItem) => {
    if (isHere(template.contractType)) onPick(template);
    else
      openPage(
        signPages.contractEditor(
          { signType, contractType: template.contractType },
          { boxId: String(template.boxId), ...carry },
        ),
      );
  };
  const continueDraft = (draftCode: string) => {
    setError(null);
    fetchDraft(draftCode).then(
      (detail) => {
        if (!detail) return setError('草稿不存在或已被删除');
        if (!isHere(detail.contractType))
          return openPage(
            signPages.contractEditor(
              { signType, contractType: detail.contractType },
              { draftCode: detail.draftCode },
            ),
          );
        onDraft({
          kind: 'draft',
          boxid: detail.boxid,
          contractType: detail.contractType,
          draftCode: detail.draftCode,
          content: detail.content,
        });
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };

  return (
    <Box p="5" pb="9" data-testid="template-chooser">
      <Heading size="5" mb="4">
        {isVisual ? '可视化签约：选择合同模板' : '发起签约：选择合同模板'}
      </Heading>
      {notice && (
        <Callout.Root color="blue" mb="4" data-testid="template-chooser-notice">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      )}
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
                  <button type="button" className="template-card" onClick={() => pick(t)}>
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
                  <Button size="1" onClick={() => continueDraft(draft.draftCode)}>
                    继续填写
                  </Button>
                  <Button size="1" variant="soft" onClick={() => setPreviewing(draft.draftCode)}>
                    预览
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
      {previewing !== null && (
        <ContractTextDialog
          title="草稿预览"
          load={loadDraftPreview(previewing)}
          onClose={() => setPreviewing(null)}
        />
      )}
    </Box>
  );
}
