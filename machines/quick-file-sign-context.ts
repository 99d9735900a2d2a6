/** The quick file-sign machine's context, events and settings, shared with the page and its actors. */
import type { components } from '../openapi/generated/api';

type Schemas = components['schemas'];
export type QuickFile = Schemas['FileSignFile'];
export type QuickActor = Schemas['FileSignActor'];
export type QuickPosition = Schemas['FileSignPosition'];
export type QuickRecord = Schemas['FileSignRecord'];
export type QuickUnfinished = Schemas['FileSignUnfinished'];
export type QuickStartResult = Schemas['FileSignStartResult'];
export type QuickContractStartResult = Schemas['FileSignContractStartResult'];

/** What the file chooser hands over: the browser's File in the app, a stand-in in tests. */
export type ChosenFile = { name: string; size: number; data?: Blob };

export type QuickSettings = {
  contractName: string;
  signDeadline: number;
  signOrder: 1 | 2;
  showSignDate: 0 | 1;
  watermarkType: 0 | 1 | 2;
  watermark: string;
};

export type PersonalInput = {
  actorId?: number;
  contactsId?: number;
  fillMethods: 1 | 2;
  name: string;
  phone: string;
  certType?: 1 | 2 | 3 | 4;
  certNo?: string;
};

/** contactsId: picked from 企业常用联系人 (the server then takes the contact's company name). */
export type CompanyInput = {
  actorId?: number;
  contactsId?: number;
  cropName: string;
  name: string;
  phone: string;
};

export const quickFileSignMessages = {
  fileTypes: '仅支持 doc、docx、pdf、png、jpg、jpeg、webp、gif 格式的文件',
  fileTooLarge: '文件过大，不能超过 20 MB',
  deleteConfirm: '您确认删除该项信息吗？',
  noParties: '请添加签署方',
  incompleteParty: '请完善企业签署方的经办人',
  positionsMissing: '请为每个签署方设置签署位置（企业签署方须有盖章位置）',
  nameRequired: '请输入合同名称',
  watermarkRequired: '请输入水印内容',
  saved: '保存成功',
  signingStarted: '已发起签署，已短信通知签署方',
  approvalStarted: '已发起审批',
} as const;

export const quickFileSignDefaults: QuickSettings = {
  contractName: '',
  signDeadline: 7,
  signOrder: 2,
  showSignDate: 1,
  watermarkType: 2,
  watermark: '',
};

export type QuickFileSignEvent =
  | { type: 'unfinished.continue' }
  | { type: 'unfinished.refill' }
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'party.savePersonal'; actor: PersonalInput }
  | { type: 'party.addCompany'; company: CompanyInput }
  | { type: 'party.updateCompany'; company: CompanyInput & { actorId: number } }
  | { type: 'party.delete'; actorId: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'position.place'; position: QuickPosition }
  | { type: 'position.remove'; index: number }
  | { type: 'settings.change'; patch: Partial<QuickSettings> }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'sign.start' }
  | { type: 'approval.start'; remark?: string };

export type QuickFileSignContext = {
  contractsysId: string | null;
  contractId: number | null;
  file: QuickFile | null;
  actors: QuickActor[];
  positions: QuickPosition[];
  settings: QuickSettings;
  unfinished: QuickUnfinished['record'];
  nextType: 1 | 2 | null;
  /** The actor a delete confirmation is about, and the company whose operator is being added. */
  deletingActorId: number | null;
  pendingCompany: CompanyInput | null;
  result: QuickContractStartResult | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
};
