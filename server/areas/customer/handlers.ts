/** Handlers of the customer operations (openapi/paths/customer.yaml). */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { readCustomerSetting, saveCustomerSetting } from './settings';
import { customerAccess } from './access';
import { addCustomer, editCustomer, writeCustomerFollowUp } from './entry';
import { listCustomerFollowUps, readCustomerDetail, searchCustomers } from './book';
import { listCustomerRecords } from './records';
import { viewCustomerPhones } from './phone-views';
import { matchCustomersForHouse, matchHousesForCustomer } from './matching';
import {
  assignCustomers,
  changeCustomerState,
  changeDealStatus,
  customerToPrivate,
  customerToPublic,
  deleteCustomer,
} from './pools';

export const customerHandlers = {
  async customerPosts({ body }, context) {
    return searchCustomers(context.db, requireSession(context), body);
  },
  async customerDetail({ query }, context) {
    return { data: await readCustomerDetail(context.db, requireSession(context), query.customerId) };
  },
  async getCustomerSetting(_input, context) {
    const session = requireSession(context);
    await customerAccess(context.db, session);
    return { data: await readCustomerSetting(context.db, session.companyId) };
  },
  async customerSetting({ body }, context) {
    await saveCustomerSetting(context.db, context.clock, requireSession(context), body);
    return { data: null, message: '客源设置已保存' };
  },
  async customerChangeRecord({ query }, context) {
    return listCustomerRecords(context.db, requireSession(context), query);
  },
  async getCustomerfollowUp({ query }, context) {
    return listCustomerFollowUps(context.db, requireSession(context), query);
  },
  async customerfollowUp({ body }, context) {
    const followId = await writeCustomerFollowUp(context, requireSession(context), body);
    return { data: { followId }, message: '跟进已保存' };
  },
  async customerPhoneView({ body }, context) {
    return { data: await viewCustomerPhones(context, requireSession(context), body.customerId) };
  },
  async customerAdd({ body }, context) {
    return { data: await addCustomer(context, requireSession(context), body), message: '客户已录入' };
  },
  async customerEdit({ body }, context) {
    return { data: await editCustomer(context, requireSession(context), body), message: '客户已保存' };
  },
  async publicClients({ body }, context) {
    await customerToPublic(context, requireSession(context), body.customerId, body.reason);
    return { data: null, message: '已转为公客' };
  },
  async privateClients({ body }, context) {
    await customerToPrivate(context, requireSession(context), body.customerId);
    return { data: null, message: '已拣入私客' };
  },
  async customerAssignment({ body }, context) {
    await assignCustomers(context, requireSession(context), body, 1);
    return { data: null, message: '已分配' };
  },
  async publicCustomerAssignment({ body }, context) {
    await assignCustomers(context, requireSession(context), body, 2);
    return { data: null, message: '已分配' };
  },
  async customerChangeState({ body }, context) {
    await changeCustomerState(context, requireSession(context), body);
    return { data: null, message: '客户状态已修改' };
  },
  async customerTransactionStatus({ body }, context) {
    await changeDealStatus(context, requireSession(context), body);
    return { data: null, message: body.status === 1 ? '已成交' : '已取消成交' };
  },
  async customerMatchHouses({ query }, context) {
    return matchHousesForCustomer(context.db, requireSession(context), query);
  },
  async houseMatchCustomers({ query }, context) {
    return matchCustomersForHouse(context.db, requireSession(context), query);
  },
  async customerDelete({ body }, context) {
    await deleteCustomer(context, requireSession(context), body.customerId, 1);
    return { data: null, message: '已删除' };
  },
  async publicCustomerDelete({ body }, context) {
    await deleteCustomer(context, requireSession(context), body.customerId, 2);
    return { data: null, message: '已删除' };
  },
} satisfies HandlerMap;
