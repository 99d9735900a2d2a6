/**
 * 回收站: deleted listings, newest first, 15 a page; 还原 after 您确认一键还原此房源吗？ and 彻底删除
 * after 您确认要彻底删除此房源吗？ (001 sections 4 and 8). Needs 回收站管理.
 */
import { useState } from 'react';
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import { housePoolMessages } from '../../../machines/house-pool.machine';
import {
  fetchRecycleBin,
  housePageSize,
  purgeFromBin,
  restoreFromBin,
  type HouseRecycleItem,
} from './house-actors';
import { formatLayout, formatPrice } from './house-format';

type Pending = { kind: 'restore' | 'purge'; houseId: number } | null;

export function RecycleBin({ onClose }: { onClose: (changed: boolean) => void }) {
  const list = useListPage({ load: fetchRecycleBin, query: {}, pageSize: housePageSize });
  const [key, setKey] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function run(action: NonNullable<Pending>) {
    setPending(null);
    try {
      if (action.kind === 'restore') await restoreFromBin(action.houseId);
      else await purgeFromBin(action.houseId);
      setNotice(action.kind === 'restore' ? housePoolMessages.restored : housePoolMessages.purged);
      setChanged(true);
      list.reload();
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    }
  }

  const columns: Column<HouseRecycleItem>[] = [
    {
      key: 'house',
      header: '房源',
      isRowHeader: true,
      cell: (row) => (
        <>
          <Text weight="medium">
            {row.communityName} {row.buildingNo ?? ''}
          </Text>
          <Text as="div" size="1" color="gray">
            {row.houseNo}
          </Text>
        </>
      ),
    },
    {
      key: 'layout',
      header: '户型',
      cell: (row) =>
        row.room == null ? '—' : formatLayout({ room: row.room, hall: row.hall ?? 0, bath: row.bath ?? 0 }),
    },
    { key: 'price', header: '价格', cell: (row) => formatPrice(row.type, row.price) },
    { key: 'who', header: '删除人', cell: (row) => row.deleteUserName },
    { key: 'when', header: '删除时间', cell: (row) => row.deleteTime },
    { key: 'reason', header: '原因', cell: (row) => row.deleteReason ?? '—' },
    {
      key: 'actions',
      header: '操作',
      cell: (row) => (
        <Flex gap="2">
          <Button
            size="1"
            variant="soft"
            onClick={() => setPending({ kind: 'restore', houseId: row.houseId })}
          >
            还原
          </Button>
          <Button
            size="1"
            variant="soft"
            color="red"
            onClick={() => setPending({ kind: 'purge', houseId: row.houseId })}
          >
            彻底删除
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(changed)}>
      <Dialog.Content maxWidth="980px" aria-describedby={undefined}>
        <Dialog.Title>房源回收站</Dialog.Title>
        <Flex gap="2" mb="3">
          <TextField.Root
            aria-label="回收站关键字"
            placeholder="小区名称、房源编号或地址"
            value={key}
            maxLength={50}
            onChange={(e) => setKey(e.target.value)}
            style={{ width: 260 }}
          />
          <Button onClick={() => list.setQuery(key.trim() ? { key: key.trim() } : {})}>搜索</Button>
        </Flex>
        {notice && (
          <Text as="div" role="status" size="2" mb="2">
            {notice}
          </Text>
        )}
        <ListTable
          list={list}
          columns={columns}
          rowKey={(row) => row.houseId}
          emptyText="回收站是空的"
          testId="recycle-list"
          rowTestId="recycle-row"
          showTotal
        />
        <Flex justify="end" mt="3">
          <Button variant="soft" color="gray" onClick={() => onClose(changed)}>
            关闭
          </Button>
        </Flex>
        <ConfirmDialog
          open={pending !== null}
          title={pending?.kind === 'purge' ? '彻底删除' : '还原房源'}
          message={
            pending?.kind === 'purge' ? housePoolMessages.purgeConfirm : housePoolMessages.restoreConfirm
          }
          isDanger={pending?.kind === 'purge'}
          onConfirm={() => pending && void run(pending)}
          onCancel={() => setPending(null)}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
