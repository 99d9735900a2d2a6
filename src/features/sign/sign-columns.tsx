/**
 * The columns of a list of sign contracts (the sign list, 我的签约): number, template, house, parties,
 * state, then what the contracts' templates show (模板管理 › 列表显示: 发起人, 部门, 角色, 发起时间,
 * 更新时间). A column is there when a contract on the page shows it; a contract whose template hides
 * it reads —.
 */
import { Badge, Button } from '@radix-ui/themes';
import type { Column } from '../../ui/list-page/list-table';
import { houseTitle, signStateColors, signStateNames } from '../../shared/sign-format';
import type { SignListItem } from './sign-actors';

type DisplayKey = keyof NonNullable<SignListItem['display']>;

const displayColumns: {
  flag: DisplayKey;
  header: string;
  value: (item: SignListItem) => string | null | undefined;
}[] = [
  { flag: 'user', header: '发起人', value: (item) => item.creator.name },
  { flag: 'dept', header: '部门', value: (item) => item.creator.deptName },
  { flag: 'role', header: '角色', value: (item) => item.creator.roleName },
  { flag: 'sendtime', header: '发起时间', value: (item) => item.startTime },
  { flag: 'updatetime', header: '更新时间', value: (item) => item.updateTime },
];

/** A contract without its template's flags shows the item. */
const shows = (item: SignListItem, flag: DisplayKey) => (item.display ? item.display[flag] === 1 : true);

export function signColumns(
  rows: SignListItem[],
  onOpen: (item: SignListItem) => void,
  /** The display items the list offers at all (我的签约: only 更新时间, the user's own contracts). */
  offered: DisplayKey[] = displayColumns.map((column) => column.flag),
): Column<SignListItem>[] {
  const shown = displayColumns.filter(
    (column) => offered.includes(column.flag) && rows.some((item) => shows(item, column.flag)),
  );
  return [
    { key: 'contractNo', header: '合同编号', cell: (item) => item.contractNo, isRowHeader: true },
    { key: 'box', header: '合同模板', cell: (item) => item.boxName },
    { key: 'house', header: '房屋', cell: (item) => houseTitle(item.houseInfo) },
    { key: 'partyA', header: '甲方', cell: (item) => item.partyANames || '—' },
    { key: 'partyB', header: '乙方', cell: (item) => item.partyBNames || '—' },
    {
      key: 'state',
      header: '状态',
      cell: (item) => <Badge color={signStateColors[item.state]}>{signStateNames[item.state]}</Badge>,
    },
    ...shown.map((column): Column<SignListItem> => ({
      key: column.flag,
      header: column.header,
      cell: (item) => (shows(item, column.flag) ? column.value(item) || '—' : '—'),
    })),
    {
      key: 'open',
      header: '操作',
      cell: (item) => (
        <Button size="1" variant="soft" onClick={() => onOpen(item)}>
          查看
        </Button>
      ),
    },
  ];
}
