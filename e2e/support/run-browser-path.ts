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

/** Sends an event through the in-app inspector (a developer tool), for events no screen offers. */
export async function sendThroughInspector(page: Page, machineId: string, event: object): Promise<void> {
  const toggle = page.getByRole('button', { name: '状态机检查器' });
  if (await toggle.isVisible()) await toggle.click();
  const panel = page.getByTestId('inspector');
  const picker = panel.getByRole('combobox');
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await picker.click();
    // The newest actor of that machine is the one on screen.
    await page
      .getByRole('option', { name: new RegExp(`^${machineId} `) })
      .last()
      .click({ timeout: 3000 });
    await expect(picker).toContainText(`${machineId} (`, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await panel.getByLabel('发送事件').fill(JSON.stringify(event));
  await panel.getByRole('button', { name: '发送' }).click();
  // A modal the event opened makes the rest of the page inert; the panel then stays open under it.
  if (!(await page.getByRole('alertdialog').isVisible()))
    await panel.getByRole('button', { name: '收起' }).click();
}
