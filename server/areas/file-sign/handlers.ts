/** Handlers of quick file-based signing (openapi/paths/filesign.yaml); the services take the database. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import {
  addCompanyStep1,
  addCompanyStep2,
  deleteActor,
  listActors,
  listCompanyContacts,
  listPersonalContacts,
  readPersonalActor,
  savePersonalActor,
  updateCompanyActor,
} from './actors';
import { readRecord, readUnfinished, uploadFile } from './records';
import { editRecord, saveDraft, startRecord } from './record-settings';
import { startQuickContract } from './start';

export const fileSignHandlers = {
  async fileSignContractState(_input, context) {
    return { data: await readUnfinished(context.db, requireSession(context)) };
  },
  async getFileSignContract({ query }, context) {
    return { data: await readRecord(context.db, requireSession(context), query.contractsysId) };
  },
  async fileSignUploadFile({ body, files }, context) {
    const file = files.find((candidate) => candidate.fieldName === 'file');
    return {
      data: await uploadFile(
        context.db,
        context.files,
        requireSession(context),
        context.clock.now(),
        body,
        file,
      ),
      message: '上传成功',
    };
  },
  async fileSignActorList({ query }, context) {
    return listActors(context.db, requireSession(context), query.contractsysId);
  },
  async fileSignPersonalActorContactsList({ query }, context) {
    return listPersonalContacts(context.db, requireSession(context), query);
  },
  async fileSignCropActorContactsList({ query }, context) {
    return listCompanyContacts(context.db, requireSession(context), query);
  },
  async fileSignPersonalActorUpdate({ body }, context) {
    return {
      data: await savePersonalActor(context.db, requireSession(context), context.clock.now(), body),
      message: '签署方已保存',
    };
  },
  async fileSignGetPersonalActor({ body }, context) {
    return { data: await readPersonalActor(context.db, requireSession(context), body) };
  },
  async fileSignPersonalActorDelete({ body }, context) {
    await deleteActor(context.db, requireSession(context), context.clock.now(), body);
    return { message: '签署方已删除' };
  },
  async fileSignCropActorAdd1({ body }, context) {
    return { data: await addCompanyStep1(context.db, requireSession(context), context.clock.now(), body) };
  },
  async fileSignCropActorAdd2({ body }, context) {
    return {
      data: await addCompanyStep2(context.db, requireSession(context), context.clock.now(), body),
      message: '签署方已保存',
    };
  },
  async fileSignCropActorUpdate({ body }, context) {
    return {
      data: await updateCompanyActor(context.db, requireSession(context), context.clock.now(), body),
      message: '签署方已保存',
    };
  },
  async fileSignDraftSave({ body }, context) {
    await saveDraft(context.db, requireSession(context), context.clock.now(), body);
    return { message: '已保存' };
  },
  async fileSignStart({ body }, context) {
    return { data: await startRecord(context.db, requireSession(context), context.clock.now(), body) };
  },
  async fileSignEdit({ body }, context) {
    return { data: await editRecord(context.db, requireSession(context), context.clock.now(), body) };
  },
  async fileSignContractStart({ body }, context) {
    const session = requireSession(context);
    return {
      data: await startQuickContract(
        { db: context.db, files: context.files, sms: context.sms, now: context.clock.now(), session },
        body,
      ),
    };
  },
} satisfies HandlerMap;
