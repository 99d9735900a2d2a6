/** The quick file-sign machine's guards, by name (the conditions are in quick-file-sign-rules). */
import type {
  QuickFileSignContext,
  QuickFileSignEvent,
  QuickRecord,
  QuickUnfinished,
} from './quick-file-sign-context';
import { arePositionsComplete, isAllowedFile, maxFileBytes, outputOf } from './quick-file-sign-rules';

type GuardArgs = { context: QuickFileSignContext; event: QuickFileSignEvent };

export const quickFileSignGuards = {
  hasUnfinished: ({ event }: GuardArgs) => outputOf<QuickUnfinished>(event).state === 1,
  recordHasNoActors: ({ event }: GuardArgs) => outputOf<QuickRecord>(event).actors.length === 0,
  recordNeedsPositions: ({ event }: GuardArgs) => {
    const record = outputOf<QuickRecord>(event);
    return (
      record.actors.some((actor) => actor.complete !== 1) ||
      !arePositionsComplete(record.actors, record.positions)
    );
  },
  isAllowedFile: ({ event }: GuardArgs) => event.type === 'file.choose' && isAllowedFile(event.file),
  isSmallEnough: ({ event }: GuardArgs) => event.type === 'file.choose' && event.file.size <= maxFileBytes,
  hasCompleteParties: ({ context }: GuardArgs) =>
    context.actors.length > 0 && context.actors.every((actor) => actor.complete === 1),
  hasParties: ({ context }: GuardArgs) => context.actors.length > 0,
  hasFile: ({ context }: GuardArgs) => context.file !== null,
  arePositionsComplete: ({ context }: GuardArgs) => arePositionsComplete(context.actors, context.positions),
  hasContractName: ({ context }: GuardArgs) => context.settings.contractName.trim() !== '',
  hasWatermark: ({ context }: GuardArgs) =>
    context.settings.watermarkType !== 2 || context.settings.watermark.trim() !== '',
  /** Saved as a contract already (went back after 保存): fileSignEdit keeps the changes, no draft. */
  isSaved: ({ context }: GuardArgs) => context.contractId !== null,
  offersSigning: ({ context }: GuardArgs) => context.nextType === 1,
  offersApproval: ({ context }: GuardArgs) => context.nextType === 2,
};
