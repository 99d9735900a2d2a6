/**
 * Runs a generated model path through the real UI: each event has an executor (what a person does,
 * or what makes the real server answer that way; it may look at the next step), and after each
 * step every active state's assertion must hold.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  checkExecutors,
  type ModelPath,
  type ModelSpec,
  type ModelStep,
} from '../../tests/support/machine-model';

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
};

export async function runPathInBrowser<F>(
  spec: ModelSpec,
  path: ModelPath,
  executors: BrowserExecutors<F>,
  setup: { page: Page; request: APIRequestContext; fixture: F },
): Promise<void> {
  checkExecutors(spec, executors);
  for (const [index, step] of path.steps.entries()) {
    const context: StepContext<F> = {
      ...setup,
      step,
      next: path.steps[index + 1],
      afterNext: path.steps[index + 2],
    };
    const execute = executors.events[step.event.type];
    if (!execute) throw new Error(`no executor for ${step.event.type}`);
    await execute(context);
    for (const node of step.state._nodes) {
      if (node.type !== 'atomic' && node.type !== 'final') continue;
      const assertion = executors.states[node.id];
      if (!assertion) throw new Error(`no assertion for state ${node.id}`);
      await assertion(context);
    }
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
 */
export async function sendThroughInspector(page: Page, machineId: string, event: object): Promise<void> {
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
