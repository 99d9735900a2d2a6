/** Handlers of the contract ledger (openapi/paths/contract.yaml). Importing this module registers the approval outcome hook. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import {
  deleteContract,
  listPictures,
  listRentContracts,
  listSaleContracts,
  readRentContract,
  readSaleContract,
} from './contracts';
import { addContract } from './add-contract';
import { changeContractState } from './state-changes';
import { deletePicture, uploadPicture } from './pictures';

function changeMessage(result: { needApproval: 0 | 1 }): string {
  return result.needApproval === 1 ? '已提交审批，审批通过后变更' : '合同状态已变更';
}

export const contractLedgerHandlers = {
  async contractSalePosts({ body }, context) {
    return listSaleContracts(context.db, requireSession(context), body);
  },
  async contractRentPosts({ body }, context) {
    return listRentContracts(context.db, requireSession(context), body);
  },
  async contractSaleDetail({ query }, context) {
    return { data: await readSaleContract(context.db, requireSession(context), query.contractId) };
  },
  async contractRentDetail({ query }, context) {
    return { data: await readRentContract(context.db, requireSession(context), query.contractId) };
  },
  async contractPictureV2({ query }, context) {
    return listPictures(context.db, requireSession(context), query);
  },
  async contractPictureUpload({ body, files }, context) {
    const session = requireSession(context);
    const data = await uploadPicture(context.db, context.files, session, body, files, context.clock.now());
    return { data, message: '图片已上传' };
  },
  async contractPictureDelete({ body }, context) {
    await deletePicture(context.db, requireSession(context), body, context.clock.now());
    return { message: '图片已删除' };
  },
  async contractSaleDelete({ body }, context) {
    await deleteContract(context.db, requireSession(context), 1, body.contractId, context.clock.now());
    return { message: '合同已删除' };
  },
  async contractRentDelete({ body }, context) {
    await deleteContract(context.db, requireSession(context), 2, body.contractId, context.clock.now());
    return { message: '合同已删除' };
  },
  async contractSaleAdd({ body }, context) {
    const session = requireSession(context);
    const contractId = await addContract(context.db, session, 1, body, context.clock.now());
    return { data: await readSaleContract(context.db, session, contractId), message: '合同已录入' };
  },
  async contractRentAdd({ body }, context) {
    const session = requireSession(context);
    const contractId = await addContract(context.db, session, 2, body, context.clock.now());
    return { data: await readRentContract(context.db, session, contractId), message: '合同已录入' };
  },
  async contractSaleStateChange({ body }, context) {
    const data = await changeContractState(context.db, requireSession(context), 1, body, context.clock.now());
    return { data, message: changeMessage(data) };
  },
  async contractRentStateChange({ body }, context) {
    const data = await changeContractState(context.db, requireSession(context), 2, body, context.clock.now());
    return { data, message: changeMessage(data) };
  },
} satisfies HandlerMap;
