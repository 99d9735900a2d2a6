/** The calls of the quick file-sign wizard: the quickFileSign machine's actors (/fileSign/*). */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import { quickFileSignMachine } from '../../../machines/quick-file-sign.machine';
import {
  type ChosenFile,
  type CompanyInput,
  type PersonalInput,
  type QuickActor,
  type QuickContractStartResult,
  type QuickFile,
  type QuickPosition,
  type QuickRecord,
  type QuickSettings,
  type QuickStartResult,
  type QuickUnfinished,
} from '../../../machines/quick-file-sign-context';

function required<T>(data: T | undefined, what: string): T {
  if (data === undefined || data === null) throw new Error(`${what}失败`);
  return data;
}

export const quickSignActors = {
  loadUnfinished: fromPromise<QuickUnfinished>(async () =>
    required((await ok(api.GET('/fileSign/fileSignContractState'))).data, '读取未完成记录'),
  ),
  loadRecord: fromPromise<QuickRecord, { contractsysId: string }>(async ({ input }) =>
    required(
      (await ok(api.GET('/fileSign/getFileSignContract', { params: { query: input } }))).data,
      '读取快速签署记录',
    ),
  ),
  uploadFile: fromPromise<QuickFile, { file: ChosenFile; contractsysId: string | null }>(
    async ({ input }) => {
      const form = new FormData();
      if (input.file.data) form.set('file', input.file.data, input.file.name);
      if (input.contractsysId) form.set('contractsysId', input.contractsysId);
      const result = await ok(
        api.POST('/fileSign/fileSignUploadFile', {
          body: { file: '', ...(input.contractsysId ? { contractsysId: input.contractsysId } : {}) },
          bodySerializer: () => form,
        }),
      );
      return required(result.data, '上传');
    },
  ),
  savePersonalActor: fromPromise<QuickActor, { contractsysId: string; actor: PersonalInput }>(
    async ({ input }) =>
      required(
        (
          await ok(
            api.POST('/fileSign/fileSignPersonalActorUpdate', {
              body: { contractsysId: input.contractsysId, ...input.actor },
            }),
          )
        ).data,
        '保存签署方',
      ),
  ),
  addCompany: fromPromise<QuickActor, { contractsysId: string; cropName: string; contactsId?: number }>(
    async ({ input }) =>
      required((await ok(api.POST('/fileSign/fileSignCropActorAdd1', { body: input }))).data, '添加企业'),
  ),
  addOperator: fromPromise<
    QuickActor,
    { contractsysId: string; actorId: number; name: string; phone: string }
  >(async ({ input }) =>
    required((await ok(api.POST('/fileSign/fileSignCropActorAdd2', { body: input }))).data, '添加经办人'),
  ),
  updateCompany: fromPromise<
    QuickActor,
    { contractsysId: string; company: CompanyInput & { actorId: number } }
  >(async ({ input }) =>
    required(
      (
        await ok(
          api.POST('/fileSign/fileSignCropActorUpdate', {
            body: { contractsysId: input.contractsysId, ...input.company },
          }),
        )
      ).data,
      '保存企业签署方',
    ),
  ),
  deleteActor: fromPromise<void, { contractsysId: string; actorId: number }>(async ({ input }) => {
    await ok(api.POST('/fileSign/fileSignPersonalActorDelete', { body: input }));
  }),
  saveDraft: fromPromise<
    void,
    { contractsysId: string; settings: QuickSettings; positions: QuickPosition[] }
  >(async ({ input }) => {
    await ok(
      api.POST('/fileSign/fileSignDraftSave', {
        body: { contractsysId: input.contractsysId, ...input.settings, positions: input.positions },
      }),
    );
  }),
  saveSettings: fromPromise<
    QuickStartResult,
    {
      contractsysId: string;
      contractId: number | null;
      settings: QuickSettings;
      positions: QuickPosition[];
      actorOrder: number[];
    }
  >(async ({ input }) => {
    const body = {
      contractsysId: input.contractsysId,
      ...input.settings,
      ...(input.settings.watermarkType === 2 ? {} : { watermark: input.settings.watermark }),
      positions: input.positions,
      actorOrder: input.actorOrder,
    };
    const result =
      input.contractId === null
        ? await ok(api.POST('/fileSign/fileSignStart', { body }))
        : await ok(api.POST('/fileSign/fileSignEdit', { body }));
    return required(result.data, '保存');
  }),
  startContract: fromPromise<
    QuickContractStartResult,
    { contractId: number; type: 1 | 2; oaParam?: { oaItemId: 49; oaReamrk?: string } }
  >(async ({ input }) =>
    required((await ok(api.POST('/fileSign/fileSignContractStart', { body: input }))).data, '发起'),
  ),
};

export function createQuickSignMachine() {
  return quickFileSignMachine.provide({ actors: quickSignActors });
}
