/**
 * The wizard's 添加签署方 step: people, companies with their operator, either typed or picked from
 * 常用联系人; a person is edited from the server's full record of them (fileSignGetPersonalActor);
 * delete after a confirmation.
 */
import { useState } from 'react';
import { Badge, Button, Card, Flex, RadioGroup, Table, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import type { QuickFileSignContext } from '../../../machines/quick-file-sign-context';
import { type Send, actorLabel } from './quick-sign-step';
import { ContactPicker, type ContactPick } from './quick-sign-contacts';
import { fetchPersonalActor } from './quick-sign-contact-actors';

export function PartiesStep({
  context,
  send,
  busy,
}: {
  context: QuickFileSignContext;
  send: Send;
  busy: boolean;
}) {
  const [kind, setKind] = useState<'1' | '2'>('1');
  const [fillMethods, setFillMethods] = useState<'1' | '2'>('2');
  const [form, setForm] = useState({ name: '', phone: '', certNo: '', cropName: '' });
  const [editingCompany, setEditingCompany] = useState<number | null>(null);
  const [editingPerson, setEditingPerson] = useState<number | null>(null);
  /** The 常用联系人 the form was filled from; typing over it makes the party a typed one again. */
  const [contactsId, setContactsId] = useState<number | undefined>(undefined);
  const [readError, setReadError] = useState<string | null>(null);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm({ ...form, [key]: event.target.value });
      // Another name, phone or company is no longer that contact (the ID number may be typed in).
      if (key !== 'certNo') setContactsId(undefined);
    },
  });
  const fromContact = (pick: ContactPick) => {
    setEditingCompany(null);
    setEditingPerson(null);
    setContactsId(pick.contact.contactsId);
    if (pick.kind === 'company') {
      const { name, phone, cropName } = pick.contact;
      setForm({ name, phone, certNo: '', cropName });
    } else {
      // The list shows the ID number masked: the party fills it in, or the initiator types it again.
      setFillMethods('2');
      setForm({ name: pick.contact.name, phone: pick.contact.phone, certNo: '', cropName: '' });
    }
  };
  const editPerson = (actorId: number) => {
    if (!context.contractsysId) return;
    setReadError(null);
    fetchPersonalActor(context.contractsysId, actorId).then(
      (person) => {
        setKind('1');
        setEditingCompany(null);
        setEditingPerson(actorId);
        setContactsId(undefined);
        setFillMethods(person.fillMethods === 1 ? '1' : '2');
        setForm({ name: person.name, phone: person.phone, certNo: person.certNo ?? '', cropName: '' });
      },
      (error: unknown) => setReadError(error instanceof Error ? error.message : String(error)),
    );
  };
  const submit = () => {
    if (kind === '1') {
      send({
        type: 'party.savePersonal',
        actor: {
          ...(editingPerson !== null ? { actorId: editingPerson } : {}),
          ...(contactsId !== undefined ? { contactsId } : {}),
          fillMethods: fillMethods === '1' ? 1 : 2,
          name: form.name,
          phone: form.phone,
          ...(fillMethods === '1' ? { certType: 1 as const, certNo: form.certNo.trim().toUpperCase() } : {}),
        },
      });
      setEditingPerson(null);
    } else if (editingCompany !== null) {
      send({
        type: 'party.updateCompany',
        company: { actorId: editingCompany, cropName: form.cropName, name: form.name, phone: form.phone },
      });
      setEditingCompany(null);
    } else {
      send({
        type: 'party.addCompany',
        company: {
          cropName: form.cropName,
          name: form.name,
          phone: form.phone,
          ...(contactsId !== undefined ? { contactsId } : {}),
        },
      });
    }
    setContactsId(undefined);
    setForm({ name: '', phone: '', certNo: '', cropName: '' });
  };
  return (
    <Flex direction="column" gap="3">
      <Table.Root size="1" data-testid="quick-actors">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>顺序</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>签署方</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {context.actors.map((actor) => (
            <Table.Row key={actor.actorId} data-testid="quick-actor-row">
              <Table.Cell>{actor.sortNo}</Table.Cell>
              <Table.Cell>{actor.actorType === 2 ? '企业' : '个人'}</Table.Cell>
              <Table.Cell>
                {actorLabel(actor)}
                {actor.complete !== 1 && (
                  <Badge ml="2" color="orange">
                    待完善
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{actor.phone}</Table.Cell>
              <Table.Cell>
                <Flex gap="2">
                  {actor.actorType === 1 && (
                    <Button size="1" variant="soft" disabled={busy} onClick={() => editPerson(actor.actorId)}>
                      修改
                    </Button>
                  )}
                  {actor.actorType === 2 && (
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => {
                        setKind('2');
                        setEditingPerson(null);
                        setContactsId(undefined);
                        setEditingCompany(actor.actorId);
                        setForm({
                          name: actor.name,
                          phone: actor.phone,
                          certNo: '',
                          cropName: actor.cropName ?? '',
                        });
                      }}
                    >
                      修改
                    </Button>
                  )}
                  <Button
                    size="1"
                    color="red"
                    variant="soft"
                    onClick={() => send({ type: 'party.delete', actorId: actor.actorId })}
                  >
                    删除
                  </Button>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Card>
        <Flex direction="column" gap="2">
          <RadioGroup.Root
            value={kind}
            onValueChange={(value) => setKind(value === '2' ? '2' : '1')}
            aria-label="签署方类型"
          >
            <Flex gap="4">
              <RadioGroup.Item value="1">个人签署方</RadioGroup.Item>
              <RadioGroup.Item value="2">企业签署方</RadioGroup.Item>
            </Flex>
          </RadioGroup.Root>
          {kind === '2' && (
            <TextField.Root placeholder="请输入企业名称" aria-label="企业名称" {...field('cropName')} />
          )}
          {kind === '1' && (
            <RadioGroup.Root
              value={fillMethods}
              onValueChange={(value) => setFillMethods(value === '1' ? '1' : '2')}
              aria-label="填写方式"
            >
              <Flex gap="4">
                <RadioGroup.Item value="2">由签署方自行填写证件</RadioGroup.Item>
                <RadioGroup.Item value="1">发起方填写证件</RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
          )}
          <TextField.Root
            placeholder={kind === '2' ? '请输入经办人人名' : '请输入姓名'}
            aria-label={kind === '2' ? '经办人姓名' : '姓名'}
            {...field('name')}
          />
          <TextField.Root placeholder="请输入手机号" aria-label="手机号" {...field('phone')} />
          {kind === '1' && fillMethods === '1' && (
            <TextField.Root placeholder="请输入身份证号" aria-label="身份证号" {...field('certNo')} />
          )}
          <Flex gap="2" align="center">
            <Button disabled={busy} onClick={submit}>
              {editingCompany !== null
                ? '保存企业签署方'
                : editingPerson !== null
                  ? '保存签署方'
                  : '添加签署方'}
            </Button>
            {context.contractsysId && editingCompany === null && editingPerson === null && (
              <ContactPicker
                contractsysId={context.contractsysId}
                kind={kind === '2' ? 'company' : 'personal'}
                disabled={busy}
                onPick={fromContact}
              />
            )}
            {contactsId !== undefined && (
              <Badge color="blue" data-testid="from-contact">
                来自常用联系人
              </Badge>
            )}
          </Flex>
          {readError && (
            <Text color="red" size="2" role="alert">
              {readError}
            </Text>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
