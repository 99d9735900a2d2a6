/**
 * The quick file-sign machine's effects, as stand-ins that say they are missing: the app provides
 * the real calls (src/features/quick-sign/quick-sign-actors.ts), the tests controllable promises.
 */
import { fromPromise } from 'xstate';
import type {
  ChosenFile,
  CompanyInput,
  PersonalInput,
  QuickActor,
  QuickContractStartResult,
  QuickFile,
  QuickPosition,
  QuickRecord,
  QuickSettings,
  QuickStartResult,
  QuickUnfinished,
} from './quick-file-sign-context';

export const quickFileSignActors = {
  loadUnfinished: fromPromise<QuickUnfinished>(async () => {
    throw new Error('loadUnfinished is provided by the app');
  }),
  loadRecord: fromPromise<QuickRecord, { contractsysId: string }>(async () => {
    throw new Error('loadRecord is provided by the app');
  }),
  uploadFile: fromPromise<QuickFile, { file: ChosenFile; contractsysId: string | null }>(async () => {
    throw new Error('uploadFile is provided by the app');
  }),
  savePersonalActor: fromPromise<QuickActor, { contractsysId: string; actor: PersonalInput }>(async () => {
    throw new Error('savePersonalActor is provided by the app');
  }),
  addCompany: fromPromise<QuickActor, { contractsysId: string; cropName: string; contactsId?: number }>(
    async () => {
      throw new Error('addCompany is provided by the app');
    },
  ),
  addOperator: fromPromise<
    QuickActor,
    { contractsysId: string; actorId: number; name: string; phone: string }
  >(async () => {
    throw new Error('addOperator is provided by the app');
  }),
  updateCompany: fromPromise<
    QuickActor,
    { contractsysId: string; company: CompanyInput & { actorId: number } }
  >(async () => {
    throw new Error('updateCompany is provided by the app');
  }),
  deleteActor: fromPromise<void, { contractsysId: string; actorId: number }>(async () => {
    throw new Error('deleteActor is provided by the app');
  }),
  saveDraft: fromPromise<
    void,
    { contractsysId: string; settings: QuickSettings; positions: QuickPosition[] }
  >(async () => {
    throw new Error('saveDraft is provided by the app');
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
  >(async () => {
    throw new Error('saveSettings is provided by the app');
  }),
  startContract: fromPromise<
    QuickContractStartResult,
    { contractId: number; type: 1 | 2; oaParam?: { oaItemId: 49; oaReamrk?: string } }
  >(async () => {
    throw new Error('startContract is provided by the app');
  }),
};
