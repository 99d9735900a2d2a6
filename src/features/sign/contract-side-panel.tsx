/**
 * What visual signing edits beside the text: the parties (添加签约方), the template's widget fields,
 * required fields the text leaves out and the furniture list.
 */
import { useState } from 'react';
import { Box, Button, Card, Dialog, Flex, Heading, Text } from '@radix-ui/themes';
import { certTypeOptions } from '../../../domain/sign-contract-text';
import { hasRegionInDocument, requiredOutsideDocument, type PartySide } from './contract-document';
import { SubmitButton, SubmitOptions, type ContractEditor } from './contract-editor';
import type { FormGroup } from './contract-fields';
import type { PartyValues } from './contract-form-values';
import { WidgetFieldsForm } from '../../ui/widget-fields-form';
import { FurnitureForm } from './contract-furniture-form';
import { GroupForm } from './contract-group-form';
import { PartyForm } from './contract-party-form';
import { CustomerPicker } from '../../shared/customer-picker';
import { withPickedCustomer, withoutPickedCustomer } from './contract-form-values';
import { RegionPicker } from './contract-region-picker';

const roleNames = (contractType: 1 | 2 | 3): Record<PartySide, string> =>
  contractType === 2
    ? { partyA: '出租人', partyB: '承租人' }
    : contractType === 1
      ? { partyA: '出卖人', partyB: '买受人' }
      : { partyA: '签约方', partyB: '签约方' };

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

export function SidePanel({
  editor,
  paths,
  initialParty = null,
}: {
  editor: ContractEditor;
  paths: string[];
  /** Opened at this party's form (the fp-contract-party address). */
  initialParty?: PartySide | null;
}) {
  const { values, update, contractType } = editor;
  const fields = editor.fields!;
  const [partyOpen, setPartyOpen] = useState<PartySide | null>(initialParty);
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
      <WidgetFieldsForm
        title="模板约定"
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
                picker={
                  partyOpen === 'partyB' &&
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
