/**
 * 从常用联系人选择 on the 添加签署方 step: the people or companies this user added before, searched by
 * name, phone (or company name), most recently used first, 15 a page. A contact already among the
 * record's parties (as the server holds them now) is marked 已添加 and cannot be picked again.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import type { QuickActor } from '../../../machines/quick-file-sign-context';
import {
  contactPageSize,
  fetchCompanyContacts,
  fetchPersonalContacts,
  fetchRecordActors,
  type CompanyContact,
  type ContactQuery,
  type PersonalContact,
} from './quick-sign-contact-actors';

/** Whether the record already has this contact: the same phone for a person, the same company name for a company. */
export function isInRecord(
  actors: readonly QuickActor[],
  contact: { phone: string } | { cropName: string },
): boolean {
  return 'cropName' in contact
    ? actors.some((actor) => actor.actorType === 2 && actor.cropName === contact.cropName)
    : actors.some((actor) => actor.actorType === 1 && actor.phone === contact.phone);
}

function useRecordActors(contractsysId: string) {
  const [actors, setActors] = useState<QuickActor[]>([]);
  useEffect(() => {
    let isCurrent = true;
    // Without the list nothing is marked; the server still refuses a repeated phone or company.
    fetchRecordActors(contractsysId).then(
      (list) => isCurrent && setActors(list),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [contractsysId]);
  return actors;
}

function pickCell(isAdded: boolean, onPick: () => void) {
  return isAdded ? (
    <Badge color="gray">已添加</Badge>
  ) : (
    <Button size="1" variant="soft" onClick={onPick}>
      选择
    </Button>
  );
}

function SearchBar({
  placeholder,
  onSearch,
}: {
  placeholder: string;
  onSearch: (query: ContactQuery) => void;
}) {
  const [key, setKey] = useState('');
  const search = () => onSearch(key.trim() ? { key: key.trim() } : {});
  return (
    <FilterBar
      applyText="搜索"
      onApply={search}
      onReset={() => {
        setKey('');
        onSearch({});
      }}
    >
      <TextField.Root
        aria-label="联系人关键字"
        placeholder={placeholder}
        maxLength={50}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && search()}
        style={{ width: 260 }}
      />
    </FilterBar>
  );
}

function PersonalContacts({
  contractsysId,
  onPick,
}: {
  contractsysId: string;
  onPick: (c: PersonalContact) => void;
}) {
  const actors = useRecordActors(contractsysId);
  const list = useListPage<PersonalContact, ContactQuery>({
    load: fetchPersonalContacts,
    query: {},
    pageSize: contactPageSize,
  });
  const columns: Column<PersonalContact>[] = [
    { key: 'name', header: '姓名', cell: (c) => c.name, isRowHeader: true },
    { key: 'phone', header: '手机号', cell: (c) => c.phone },
    { key: 'certNo', header: '证件号码', cell: (c) => c.certNo ?? '由签署方自行填写' },
    { key: 'lastUse', header: '最近使用', cell: (c) => c.lastUseTime },
    { key: 'pick', header: '操作', cell: (c) => pickCell(isInRecord(actors, c), () => onPick(c)) },
  ];
  return (
    <Flex direction="column" gap="3">
      <SearchBar placeholder="请输入姓名或手机号" onSearch={list.setQuery} />
      <ListTable
        list={list}
        columns={columns}
        rowKey={(c) => c.contactsId}
        emptyText="暂无常用联系人"
        rowTestId="contact-row"
        size="1"
      />
    </Flex>
  );
}

function CompanyContacts({
  contractsysId,
  onPick,
}: {
  contractsysId: string;
  onPick: (c: CompanyContact) => void;
}) {
  const actors = useRecordActors(contractsysId);
  const list = useListPage<CompanyContact, ContactQuery>({
    load: fetchCompanyContacts,
    query: {},
    pageSize: contactPageSize,
  });
  const columns: Column<CompanyContact>[] = [
    { key: 'cropName', header: '企业名称', cell: (c) => c.cropName, isRowHeader: true },
    { key: 'name', header: '经办人', cell: (c) => c.name },
    { key: 'phone', header: '手机号', cell: (c) => c.phone },
    { key: 'lastUse', header: '最近使用', cell: (c) => c.lastUseTime },
    { key: 'pick', header: '操作', cell: (c) => pickCell(isInRecord(actors, c), () => onPick(c)) },
  ];
  return (
    <Flex direction="column" gap="3">
      <SearchBar placeholder="请输入企业名称、经办人姓名或手机号" onSearch={list.setQuery} />
      <ListTable
        list={list}
        columns={columns}
        rowKey={(c) => c.contactsId}
        emptyText="暂无企业常用联系人"
        rowTestId="contact-row"
        size="1"
      />
    </Flex>
  );
}

export type ContactPick =
  { kind: 'personal'; contact: PersonalContact } | { kind: 'company'; contact: CompanyContact };

/** 从常用联系人选择: the dialog of the kind of party being added. */
export function ContactPicker({
  contractsysId,
  kind,
  disabled,
  onPick,
}: {
  contractsysId: string;
  kind: 'personal' | 'company';
  disabled?: boolean;
  onPick: (pick: ContactPick) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="outline" disabled={disabled}>
          从常用联系人选择
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="720px" aria-describedby={undefined}>
        <Dialog.Title>{kind === 'personal' ? '个人常用联系人' : '企业常用联系人'}</Dialog.Title>
        {isOpen &&
          (kind === 'personal' ? (
            <PersonalContacts
              contractsysId={contractsysId}
              onPick={(contact) => {
                onPick({ kind: 'personal', contact });
                setOpen(false);
              }}
            />
          ) : (
            <CompanyContacts
              contractsysId={contractsysId}
              onPick={(contact) => {
                onPick({ kind: 'company', contact });
                setOpen(false);
              }}
            />
          ))}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              取消
            </Button>
          </Dialog.Close>
        </Flex>
        <Text size="1" color="gray">
          添加过的签署方会自动记入常用联系人
        </Text>
      </Dialog.Content>
    </Dialog.Root>
  );
}
