/**
 * getContractAddOperateAuth: may the user add ledger contracts (app 5)? 502 新增买卖合同,
 * 503 新增租赁合同; the 新增合同 button shows when either is held. Managers hold both.
 */
import type { Db } from '../../db/db';
import type { Session } from '../../contract/types';
import { hasAuth } from '../../../domain/permissions';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import { ContractAuth } from '../../../domain/auth-ids';

const flag = (held: boolean): 0 | 1 => (held ? 1 : 0);

export async function readContractAddAuth(db: Db, session: Session) {
  const snapshot = await loadAuthSnapshot(db, session);
  const sale = hasAuth(snapshot, 5, 0, ContractAuth.addSale);
  const rent = hasAuth(snapshot, 5, 0, ContractAuth.addRent);
  return { newAddBtn: flag(sale || rent), saleContractNewAdd: flag(sale), rentContractNewAdd: flag(rent) };
}
