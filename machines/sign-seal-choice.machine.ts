/**
 * Choosing the company's signing body and seal when a contract is submitted (signBodyList, issue 18):
 * the verified bodies with their seals are read (signSelectBody); the one the server marks default
 * is proposed with its contract seal (else its official seal, else its first), and the person may
 * pick another body or another seal of the body. The submission sends the choice; the company party
 * seals with it when it signs. Without any body there is nothing to choose (印章管理 makes one, then
 * the list is read again).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';

export type SelectableBody = components['schemas']['SignSelectBody'];
export type SealChoice = { signBodyId: number; sealId: number };

export type SealChoiceContext = {
  bodies: SelectableBody[];
  choice: SealChoice | null;
  /** The contract's earlier choice (editing a submitted contract), kept when it is still offered. */
  initial: SealChoice | null;
  error: string | null;
};

export type SealChoiceEvent =
  | { type: 'body.pick'; signBodyId: number }
  | { type: 'seal.pick'; sealId: number }
  | { type: 'reload' }
  | { type: 'retry' };

export const sealChoiceMessages = {
  none: '本公司还没有已认证的签约主体和印章，居间方暂时无法在线盖章；请先在印章管理中认证企业并创建印章',
  notReady: '签约主体和印章尚未读取成功，请重试后再提交',
} as const;

/** The seal proposed for a body: its contract seal (2), else its official seal (1), else its first. */
export function defaultSealOf(body: SelectableBody): number | null {
  return (
    body.seals.find((seal) => seal.sealType === 2)?.sealId ??
    body.seals.find((seal) => seal.sealType === 1)?.sealId ??
    body.seals[0]?.sealId ??
    null
  );
}

function proposed(bodies: SelectableBody[], initial: SealChoice | null): SealChoice | null {
  const kept = bodies
    .find((body) => body.signBodyId === initial?.signBodyId)
    ?.seals.some((seal) => seal.sealId === initial?.sealId);
  if (kept && initial) return initial;
  const body = bodies.find((b) => b.isDefault === 1) ?? bodies[0];
  const sealId = body ? defaultSealOf(body) : null;
  return body && sealId !== null ? { signBodyId: body.signBodyId, sealId } : null;
}

const errorText = ({ event }: { event: { error: unknown } }) =>
  event.error instanceof Error ? event.error.message : String(event.error);

type Output = { output: SelectableBody[] };
/** The contract's earlier choice when a submitted contract is edited. */
type SealChoiceInput = { initial: SealChoice | null } | undefined;

export const signSealChoiceMachine = setup({
  types: {
    context: {} as SealChoiceContext,
    events: {} as SealChoiceEvent,
    input: {} as SealChoiceInput,
  },
  actors: {
    loadBodies: fromPromise<SelectableBody[]>(async () => {
      throw new Error('loadBodies is provided by the page');
    }),
  },
  guards: {
    hasBodies: ({ event }) => (event as unknown as Output).output.some((body) => body.seals.length > 0),
  },
}).createMachine({
  id: 'signSealChoice',
  context: ({ input }) => ({ bodies: [], choice: null, initial: input?.initial ?? null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBodies',
        src: 'loadBodies',
        onDone: [
          {
            guard: 'hasBodies',
            target: 'chosen',
            actions: assign(({ context, event }) => {
              const bodies = event.output.filter((body) => body.seals.length > 0);
              return { bodies, choice: proposed(bodies, context.choice ?? context.initial), error: null };
            }),
          },
          { target: 'none', actions: assign({ bodies: [], choice: null, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: errorText }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    /** No verified body with a seal: the contract goes without a choice. */
    none: { on: { reload: 'loading' } },
    chosen: {
      on: {
        'body.pick': {
          actions: assign({
            choice: ({ context, event }) => {
              const body = context.bodies.find((b) => b.signBodyId === event.signBodyId);
              const sealId = body ? defaultSealOf(body) : null;
              return body && sealId !== null ? { signBodyId: body.signBodyId, sealId } : context.choice;
            },
          }),
        },
        'seal.pick': {
          actions: assign({
            choice: ({ context, event }) =>
              context.choice ? { signBodyId: context.choice.signBodyId, sealId: event.sealId } : null,
          }),
        },
        reload: 'loading',
      },
    },
  },
});
