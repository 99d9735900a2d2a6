/**
 * Quick file-based signing (快速签署, 001 sections 2, 3, 4, 5, 7, 9; 000 section 5 file chooser): the
 * wizard upload -> parties -> positions -> settings -> review -> start.
 * On entry fileSignContractState tells whether an unfinished record exists; then the prompt offers
 * 继续 (getFileSignContract restores every step and resumes where the record stopped) or 重新填写
 * (a new upload gives the old record up). The file is one of doc, docx, pdf, png, jpg, jpeg, webp,
 * gif (checked here by name, by the server by content). Parties: personal actors saved in one call,
 * corporate actors in two (the company, then its operator). Positions are boxes per page in PDF
 * points; every party needs one, a company also a seal box, a person only signature boxes.
 * Settings default to the seed's (deadline 7 days, ordered signing 2, date shown, custom watermark 2).
 * Leaving the positions and the settings step saves the draft (fileSignDraftSave) until the record
 * has become a contract, so 继续 restores every step.
 * Review saves with fileSignStart (first time) or fileSignEdit (after going back), and the server's
 * nextType decides what is offered: 1 start signing (fileSignContractStart type 2), 2 start the
 * approval (type 1, item 49). After a start the page moves on after 2500 ms.
 */
import { and, assign, not, setup } from 'xstate';
import { quickFileSignActors } from './quick-file-sign-actors';
import {
  quickFileSignDefaults,
  quickFileSignMessages,
  type QuickFileSignContext,
  type QuickFileSignEvent,
  type QuickRecord,
} from './quick-file-sign-context';
import { quickFileSignGuards } from './quick-file-sign-guards';
import { outputOf, upsertActor } from './quick-file-sign-rules';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const quickFileSignMachine = setup({
  types: {
    context: {} as QuickFileSignContext,
    events: {} as QuickFileSignEvent,
  },
  actors: quickFileSignActors,
  guards: quickFileSignGuards,
  actions: {
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<QuickFileSignContext['notice']>) => notice }),
    clearNotice: assign({ notice: null }),
    /** 继续: every step as the record left it. */
    restore: assign(({ event }) => {
      const record = outputOf<QuickRecord>(event);
      return {
        contractsysId: record.contractsysId,
        contractId: record.contractId,
        file: record.file,
        actors: record.actors,
        positions: record.positions.map((position) => ({ ...position, positionType: position.positionType })),
        settings: {
          contractName: record.contractName,
          signDeadline: record.signDeadline,
          signOrder: record.signOrder,
          showSignDate: record.showSignDate,
          watermarkType: record.watermarkType,
          watermark: record.watermark,
        },
        unfinished: null,
        notice: null,
      };
    }),
  },
}).createMachine({
  id: 'quickFileSign',
  context: {
    contractsysId: null,
    contractId: null,
    file: null,
    actors: [],
    positions: [],
    settings: quickFileSignDefaults,
    unfinished: null,
    nextType: null,
    deletingActorId: null,
    pendingCompany: null,
    result: null,
    notice: null,
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadUnfinished',
        src: 'loadUnfinished',
        onDone: [
          {
            guard: 'hasUnfinished',
            target: 'prompt',
            actions: assign({ unfinished: ({ event }) => event.output.record }),
          },
          { target: 'upload' },
        ],
        onError: { target: 'upload', actions: 'showActorError' },
      },
    },
    /** 有未完成的快速签署记录：继续 or 重新填写. */
    prompt: {
      on: {
        'unfinished.continue': 'restoring',
        'unfinished.refill': {
          target: 'upload',
          actions: assign({ unfinished: null, contractsysId: null }),
        },
      },
    },
    restoring: {
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ contractsysId: context.unfinished?.contractsysId ?? '' }),
        onDone: [
          { guard: 'recordHasNoActors', target: 'parties', actions: 'restore' },
          { guard: 'recordNeedsPositions', target: 'positions', actions: 'restore' },
          { target: 'settings', actions: 'restore' },
        ],
        onError: { target: 'prompt', actions: 'showActorError' },
      },
    },
    upload: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'file.choose': [
              {
                guard: not('isAllowedFile'),
                actions: { type: 'notify', params: { kind: 'error', text: quickFileSignMessages.fileTypes } },
              },
              {
                guard: not('isSmallEnough'),
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: quickFileSignMessages.fileTooLarge },
                },
              },
              { target: 'uploading', actions: 'clearNotice' },
            ],
            'wizard.next': { guard: 'hasFile', target: '#quickFileSign.parties' },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context, event }) => ({
              file: event.type === 'file.choose' ? event.file : { name: '', size: 0 },
              contractsysId: context.contractsysId,
            }),
            onDone: {
              target: '#quickFileSign.parties',
              actions: assign({
                file: ({ event }) => event.output,
                contractsysId: ({ event }) => event.output.contractsysId,
                // A new file: its boxes are placed again.
                positions: [],
                settings: ({ context, event }) => ({
                  ...context.settings,
                  contractName:
                    context.settings.contractName ||
                    event.output.fileName.replace(/\.[^.]+$/, '').slice(0, 50),
                }),
                notice: null,
              }),
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
      },
    },
    parties: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'party.savePersonal': { target: 'savingPersonal', actions: 'clearNotice' },
            'party.addCompany': {
              target: 'addingCompany',
              actions: [assign({ pendingCompany: ({ event }) => event.company }), 'clearNotice'],
            },
            'party.updateCompany': { target: 'updatingCompany', actions: 'clearNotice' },
            'party.delete': {
              target: 'confirmingDelete',
              actions: assign({ deletingActorId: ({ event }) => event.actorId }),
            },
            'wizard.next': [
              { guard: 'hasCompleteParties', target: '#quickFileSign.positions', actions: 'clearNotice' },
              {
                guard: 'hasParties',
                actions: {
                  type: 'notify',
                  params: { kind: 'error', text: quickFileSignMessages.incompleteParty },
                },
              },
              {
                actions: { type: 'notify', params: { kind: 'error', text: quickFileSignMessages.noParties } },
              },
            ],
            'wizard.back': { target: '#quickFileSign.upload', actions: 'clearNotice' },
          },
        },
        savingPersonal: {
          invoke: {
            id: 'savePersonalActor',
            src: 'savePersonalActor',
            input: ({ context, event }) => ({
              contractsysId: context.contractsysId ?? '',
              actor:
                event.type === 'party.savePersonal' ? event.actor : { fillMethods: 2, name: '', phone: '' },
            }),
            onDone: {
              target: 'idle',
              actions: assign({ actors: ({ context, event }) => upsertActor(context.actors, event.output) }),
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        /** Step 1: the company. */
        addingCompany: {
          invoke: {
            id: 'addCompany',
            src: 'addCompany',
            input: ({ context }) => ({
              contractsysId: context.contractsysId ?? '',
              cropName: context.pendingCompany?.cropName ?? '',
              ...(context.pendingCompany?.contactsId === undefined
                ? {}
                : { contactsId: context.pendingCompany.contactsId }),
            }),
            onDone: {
              target: 'addingOperator',
              actions: assign({ actors: ({ context, event }) => upsertActor(context.actors, event.output) }),
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        /** Step 2: its operator (经办人); if this fails the company stays incomplete until updated. */
        addingOperator: {
          invoke: {
            id: 'addOperator',
            src: 'addOperator',
            input: ({ context }) => ({
              contractsysId: context.contractsysId ?? '',
              actorId: context.actors.at(-1)?.actorId ?? 0,
              name: context.pendingCompany?.name ?? '',
              phone: context.pendingCompany?.phone ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                actors: ({ context, event }) => upsertActor(context.actors, event.output),
                pendingCompany: null,
              }),
            },
            onError: { target: 'idle', actions: ['showActorError', assign({ pendingCompany: null })] },
          },
        },
        updatingCompany: {
          invoke: {
            id: 'updateCompany',
            src: 'updateCompany',
            input: ({ context, event }) => ({
              contractsysId: context.contractsysId ?? '',
              company:
                event.type === 'party.updateCompany'
                  ? event.company
                  : { actorId: 0, cropName: '', name: '', phone: '' },
            }),
            onDone: {
              target: 'idle',
              actions: assign({ actors: ({ context, event }) => upsertActor(context.actors, event.output) }),
            },
            onError: { target: 'idle', actions: 'showActorError' },
          },
        },
        /** 您确认删除该项信息吗？ */
        confirmingDelete: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: assign({ deletingActorId: null }) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteActor',
            src: 'deleteActor',
            input: ({ context }) => ({
              contractsysId: context.contractsysId ?? '',
              actorId: context.deletingActorId ?? 0,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                actors: ({ context }) =>
                  context.actors
                    .filter((actor) => actor.actorId !== context.deletingActorId)
                    .map((actor, index) => ({ ...actor, sortNo: index + 1 })),
                positions: ({ context }) =>
                  context.positions.filter((position) => position.actorId !== context.deletingActorId),
                deletingActorId: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: ['showActorError', assign({ deletingActorId: null })],
            },
          },
        },
      },
    },
    positions: {
      on: {
        'position.place': {
          actions: assign({
            positions: ({ context, event }) => {
              const { position } = event;
              // One box per party, page and kind: placing it again moves it.
              const others = context.positions.filter(
                (candidate) =>
                  candidate.actorId !== position.actorId ||
                  candidate.pageNo !== position.pageNo ||
                  candidate.positionType !== position.positionType,
              );
              return [...others, position];
            },
            notice: null,
          }),
        },
        'position.remove': {
          actions: assign({
            positions: ({ context, event }) =>
              context.positions.filter((_position, index) => index !== event.index),
          }),
        },
        'wizard.next': [
          { guard: and(['arePositionsComplete', 'isSaved']), target: 'settings', actions: 'clearNotice' },
          { guard: 'arePositionsComplete', target: 'savingPositions', actions: 'clearNotice' },
          {
            actions: {
              type: 'notify',
              params: { kind: 'error', text: quickFileSignMessages.positionsMissing },
            },
          },
        ],
        'wizard.back': { target: 'parties', actions: 'clearNotice' },
      },
    },
    settings: {
      on: {
        'settings.change': {
          actions: assign({ settings: ({ context, event }) => ({ ...context.settings, ...event.patch }) }),
        },
        'wizard.next': [
          {
            guard: and(['hasContractName', 'hasWatermark', 'isSaved']),
            target: 'review',
            actions: 'clearNotice',
          },
          {
            guard: and(['hasContractName', 'hasWatermark']),
            target: 'savingSettingsDraft',
            actions: 'clearNotice',
          },
          {
            guard: not('hasContractName'),
            actions: { type: 'notify', params: { kind: 'error', text: quickFileSignMessages.nameRequired } },
          },
          {
            actions: {
              type: 'notify',
              params: { kind: 'error', text: quickFileSignMessages.watermarkRequired },
            },
          },
        ],
        'wizard.back': { target: 'positions', actions: 'clearNotice' },
      },
    },
    /** The boxes are kept on the server (fileSignDraftSave) so that 继续 finds them. */
    savingPositions: {
      invoke: {
        id: 'savePositions',
        src: 'saveDraft',
        input: ({ context }) => ({
          contractsysId: context.contractsysId ?? '',
          settings: context.settings,
          positions: context.positions,
        }),
        onDone: 'settings',
        onError: { target: 'positions', actions: 'showActorError' },
      },
    },
    savingSettingsDraft: {
      invoke: {
        id: 'saveSettingsDraft',
        src: 'saveDraft',
        input: ({ context }) => ({
          contractsysId: context.contractsysId ?? '',
          settings: context.settings,
          positions: context.positions,
        }),
        onDone: 'review',
        onError: { target: 'settings', actions: 'showActorError' },
      },
    },
    review: {
      on: {
        'wizard.submit': { target: 'saving', actions: 'clearNotice' },
        'wizard.back': { target: 'settings', actions: 'clearNotice' },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          contractsysId: context.contractsysId ?? '',
          contractId: context.contractId,
          settings: context.settings,
          positions: context.positions,
          actorOrder: context.actors.map((actor) => actor.actorId),
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            contractId: ({ event }) => event.output.contractId,
            nextType: ({ event }) => event.output.nextType,
            notice: { kind: 'success', text: quickFileSignMessages.saved },
          }),
        },
        onError: { target: 'review', actions: 'showActorError' },
      },
    },
    /** Saved as a sign contract (待发起): start signing, or the approval when the server says so. */
    ready: {
      on: {
        'sign.start': { guard: 'offersSigning', target: 'startingSigning', actions: 'clearNotice' },
        'approval.start': { guard: 'offersApproval', target: 'startingApproval', actions: 'clearNotice' },
        'wizard.back': { target: 'settings', actions: 'clearNotice' },
      },
    },
    startingSigning: {
      invoke: {
        id: 'startSigning',
        src: 'startContract',
        input: ({ context }) => ({ contractId: context.contractId ?? 0, type: 2 as const }),
        onDone: {
          target: 'started',
          actions: assign({
            result: ({ event }) => event.output,
            notice: { kind: 'success', text: quickFileSignMessages.signingStarted },
          }),
        },
        onError: { target: 'ready', actions: 'showActorError' },
      },
    },
    startingApproval: {
      invoke: {
        id: 'startApproval',
        src: 'startContract',
        input: ({ context, event }) => ({
          contractId: context.contractId ?? 0,
          type: 1 as const,
          oaParam: {
            oaItemId: 49 as const,
            ...(event.type === 'approval.start' && event.remark ? { oaReamrk: event.remark } : {}),
          },
        }),
        onDone: {
          target: 'started',
          actions: assign({
            result: ({ event }) => event.output,
            notice: { kind: 'success', text: quickFileSignMessages.approvalStarted },
          }),
        },
        onError: { target: 'ready', actions: 'showActorError' },
      },
    },
    /** The notice shows, then the page opens the contract (001 section 4: after start 2500 ms). */
    started: {
      after: { 2500: 'done' },
    },
    done: { type: 'final' },
  },
});
