/**
 * Runs a generated model path through the real UI: each event has an executor (what a person does,
 * or what makes the real server answer that way; it may look at the next step), and after each
 * step every active state's assertion must hold.
 *
 * Each path records what it did — per step the event, how it was produced, the transitions taken
 * and the states asserted — as a `model-path` attachment of its test; e2e/support/model-run-reporter.ts
 * writes them to reports/model-runs/<port>.jsonl with the test's outcome, and
 * `npm run model:coverage` reads them (tests/support/observed-coverage.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  checkExecutors,
  deriveTestMachine,
  transitionsTaken,
  type ModelPath,
  type ModelSpec,
  type ModelStep,
} from '../../tests/support/machine-model';
import type { EventSource, PathRecord, StepRecord } from '../../tests/support/observed-coverage';

export type { EventSource } from '../../tests/support/observed-coverage';

export type StepContext<F> = {
  page: Page;
  request: APIRequestContext;
  fixture: F;
  step: ModelStep;
  next: ModelStep | undefined;
  afterNext: ModelStep | undefined;
};

export type BrowserExecutors<F> = {
  events: Record<string, (context: StepContext<F>) => Promise<void>>;
  states: Record<string, (context: StepContext<F>) => Promise<void>>;
  /**
   * How an event is produced, where its type does not say it: by default `xstate.done.actor.*` and
   * `xstate.error.actor.*` are the real server's answers (a failure made at the network layer with
   * page.route counts as one), `xstate.after.*` the page's clock, every other event the UI. A step
   * whose executor calls sendThroughInspector is recorded as forced through the inspector whatever
   * is declared here.
   */
  sources?: Partial<Record<string, Exclude<EventSource, 'inspector'>>>;
};

export function defaultSource(eventType: string): Exclude<EventSource, 'inspector'> {
  if (eventType.startsWith('xstate.done.actor.') || eventType.startsWith('xstate.error.actor.'))
    return 'server';
  if (eventType.startsWith('xstate.after.')) return 'clock';
  return 'ui';
}

/** Set by sendThroughInspector while a step's executor runs: that step was forced. */
let forcedThroughInspector = false;
/** Set by declareStepSource while a step's executor runs. */
let declaredSource: Exclude<EventSource, 'inspector'> | null = null;
let declaredReason: string | null = null;

/**
 * Declares how the running step's event is produced, where it differs from its event type's: above
 * all `network`, a server answer forged at the network layer (page.route fulfilling the call with a
 * changed body) because the real server cannot give it — recorded and reported apart, with the
 * reason (what the real server cannot give, in words QA reads in npm run model:report).
 */
export function declareStepSource(source: Exclude<EventSource, 'inspector'>, reason?: string): void {
  declaredSource = source;
  declaredReason = reason ?? null;
}

export async function runPathInBrowser<F>(
  spec: ModelSpec,
  path: ModelPath,
  executors: BrowserExecutors<F>,
  setup: { page: Page; request: APIRequestContext; fixture: F },
): Promise<void> {
  checkExecutors(spec, executors);
  const testMachine = deriveTestMachine(spec.machine);
  const steps: StepRecord[] = [];
  let completed = false;
  try {
    for (const [index, step] of path.steps.entries()) {
      const context: StepContext<F> = {
        ...setup,
        step,
        next: path.steps[index + 1],
        afterNext: path.steps[index + 2],
      };
      const execute = executors.events[step.event.type];
      if (!execute) throw new Error(`no executor for ${step.event.type}`);
      forcedThroughInspector = false;
      declaredSource = null;
      declaredReason = null;
      await execute(context);
      const source: EventSource = forcedThroughInspector
        ? 'inspector'
        : (declaredSource ?? executors.sources?.[step.event.type] ?? defaultSource(step.event.type));
      const reason = source === 'network' ? declaredReason : null;
      forcedThroughInspector = false;
      declaredSource = null;
      declaredReason = null;
      for (const node of step.state._nodes) {
        if (node.type !== 'atomic' && node.type !== 'final') continue;
        const assertion = executors.states[node.id];
        if (!assertion) throw new Error(`no assertion for state ${node.id}`);
        await assertion(context);
      }
      steps.push({
        event: step.event.type,
        source,
        states: step.state._nodes.map((node) => node.id),
        transitions: step.event.type === 'xstate.init' ? [] : transitionsTaken(testMachine, step),
        ...(reason ? { reason } : {}),
      });
    }
    completed = true;
  } finally {
    await recordPath({ machine: spec.machine.id, path: path.description, completed, steps });
  }
}

/** The path's record as an attachment of the running test; the reporter adds the test's outcome. */
async function recordPath(record: Omit<PathRecord, 'file' | 'test' | 'status' | 'retry'>): Promise<void> {
  try {
    await test.info().attach('model-path', { body: JSON.stringify(record), contentType: 'application/json' });
  } catch {
    // Outside a Playwright test, or the test is already over (timed out): nothing to record, and
    // the path's own error, if any, must stay the one reported.
  }
}

/** The e2e model: states by value (and the context the guards need), so paths stay few. */
export function browserModel(spec: ModelSpec): ModelSpec {
  const { serializeContext: _ignored, browserSerializeContext, ...rest } = spec;
  return browserSerializeContext ? { ...rest, serializeContext: browserSerializeContext } : rest;
}

/**
 * Sends an event through the in-app inspector (a developer tool), for events no screen offers: its
 * console API (`window.inspector`, the panel's "send event"), which works under a modal dialog too.
 * The step it is called in is recorded as forced, and counts apart in `npm run model:coverage`.
 */
export async function sendThroughInspector(page: Page, machineId: string, event: object): Promise<void> {
  forcedThroughInspector = true;
  await expect
    .poll(
      () =>
        page.evaluate(
          ([id, sent]) =>
            (
              window as unknown as {
                inspector?: { send: (machineId: string, event: { type: string }) => boolean };
              }
            ).inspector?.send(id, sent) ?? false,
          [machineId, event as { type: string }] as const,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}
