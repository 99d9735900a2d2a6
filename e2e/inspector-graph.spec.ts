/**
 * The in-app inspector on a real flow (issue 40): a sign contract's detail opened with the inspector
 * on (localStorage.inspector, as every e2e run has it), the signContract graph with the current
 * state marked, the timeline stepped back three events and forward to now, a transition fired by
 * clicking it in the graph, the events copied as a test path, and axe on the open panel.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from './support/oa';
import { signCompany, submitSale } from './support/sign';

const refresh = 'signContract.toStart on contract.refresh #0';

/** The panel's buttons from the keyboard (focus, Enter), as a keyboard user drives them. */
async function press(button: Locator) {
  await button.focus();
  await button.press('Enter');
}

async function openSignContractInInspector(page: Page) {
  await page.getByRole('button', { name: '状态机检查器' }).click();
  const panel = page.getByTestId('inspector');
  await panel.getByRole('combobox', { name: '选择状态机' }).click();
  await page.getByRole('option', { name: /^signContract / }).click();
  return panel;
}

/** The states and transitions of the drawing whose text runs out of its box (with its widths). */
function overflowingText(graph: Locator, isAllBold = false): Promise<string[]> {
  return graph.locator('svg').evaluate((svg, allBold) => {
    const texts = [...svg.querySelectorAll('text')];
    if (allBold) for (const text of texts) text.style.fontWeight = '700';
    const out: string[] = [];
    const check = (group: Element, name: string, box: SVGGraphicsElement | null) => {
      const text = group.querySelector(':scope > text');
      if (!box || !(text instanceof SVGTextElement)) return;
      const b = box.getBBox();
      const t = text.getBBox();
      if (t.width === 0 || t.x < b.x - 0.5 || t.x + t.width > b.x + b.width + 0.5)
        out.push(`${name}: text ${t.width.toFixed(1)} in box ${b.width.toFixed(1)}`);
    };
    for (const group of svg.querySelectorAll('g[data-state-id]'))
      check(group, group.getAttribute('data-state-id') ?? '', group.querySelector(':scope > rect'));
    for (const group of svg.querySelectorAll('g[data-transition]'))
      check(group, group.getAttribute('data-transition') ?? '', group.querySelector('rect.graph-edge-label'));
    if (allBold) for (const text of texts) text.style.fontWeight = '';
    return out;
  }, isAllBold);
}

test('the inspector draws the sign contract, travels back in its events, fires a transition and copies the path', async ({
  page,
  request,
  context,
}) => {
  // elkjs lays the 45 states out in a worker: seconds on a loaded 2-core machine.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const company = await signCompany(request);
  const { contractId } = await submitSale(request, company);
  await openAs(page, company.credentials, `/views/sign/detail?contractId=${contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await expect(detail.getByTestId('detail-state')).toHaveText('待发起');

  const chosenAt = Date.now();
  const panel = await openSignContractInInspector(page);
  const graph = panel.locator('.inspector-graph[data-machine="signContract"]');
  await expect(graph.locator('g[data-state-id="signContract.toStart.idle"]')).toHaveAttribute(
    'data-active',
    'true',
    { timeout: 90_000 },
  );
  // The figure docs/inspector.md quotes: choosing the machine to its drawing (worker start and layout).
  test
    .info()
    .annotations.push({ type: 'signContract drawn after', description: `${Date.now() - chosenAt} ms` });
  console.log(`signContract drawn ${Date.now() - chosenAt} ms after it was chosen`);
  await expect(graph.locator('g[data-state-id="signContract.loading"]')).not.toHaveAttribute(
    'data-active',
    'true',
  );
  await expect(panel.getByTestId('inspector-state-value')).toHaveText('{"toStart":"idle"}');
  // Every caption inside its state's box and every label inside its label box, as Chromium draws
  // them (the boxes are sized from an estimate of the text, layout.ts): as marked now, then all bold.
  expect(await overflowingText(graph)).toEqual([]);
  expect(await overflowingText(graph, true)).toEqual([]);
  // Enabled now: refresh from 待发起 (the page offers it too); the last transition taken is the load.
  await expect(graph.locator(`g[data-transition="${refresh}"]`)).toHaveAttribute('data-mark', 'enabled');
  await expect(
    graph.locator('g[data-transition="signContract.loading on xstate.done.actor.loadContract #0"]'),
  ).toHaveAttribute('data-last', 'true');

  // Two refreshes from the transition buttons: six events in all (open, loaded, then refresh and loaded twice).
  for (let round = 0; round < 2; round += 1) {
    await press(panel.getByTestId('inspector-transitions').locator(`button[data-transition="${refresh}"]`));
    await expect(panel.locator('.inspector-timeline li')).toHaveCount(4 + round * 2);
    await expect(panel.getByTestId('inspector-state-value')).toHaveText('{"toStart":"idle"}');
  }
  const timeline = panel.locator('.inspector-timeline li');
  await expect(timeline.nth(0)).toContainText('contract.load → loading');
  await expect(timeline.nth(2)).toContainText('contract.refresh → loading');

  // Three events back: after the first refresh, the contract was loading.
  for (let back = 0; back < 3; back += 1) await press(panel.getByRole('button', { name: '后退一步' }));
  await expect(panel.getByText('第 3 个事件之后的状态：')).toBeVisible();
  await expect(panel.getByTestId('inspector-state-value')).toHaveText('loading');
  await expect(graph.locator('g[data-state-id="signContract.loading"]')).toHaveAttribute(
    'data-active',
    'true',
  );
  await expect(graph.locator('g[data-state-id="signContract.toStart.idle"]')).not.toHaveAttribute(
    'data-active',
    'true',
  );
  await expect(panel.getByText('正在查看过去的状态（只读）')).toBeVisible();
  await expect(panel.getByTestId('inspector-transitions')).toHaveCount(0);
  await expect(timeline.nth(2).getByRole('button')).toHaveAttribute('aria-current', 'step');

  await press(panel.getByRole('button', { name: '返回当前' }));
  await expect(panel.getByText('当前状态：')).toBeVisible();
  await expect(panel.getByTestId('inspector-state-value')).toHaveText('{"toStart":"idle"}');

  // Fired from the drawing: a click on the arrow's label.
  await graph.locator(`g[data-transition="${refresh}"] text`).dispatchEvent('click');
  await expect(timeline).toHaveCount(8);
  await expect(timeline.nth(6)).toContainText('contract.refresh → loading');
  await expect(panel.getByTestId('inspector-state-value')).toHaveText('{"toStart":"idle"}');
  await expect(detail.getByTestId('detail-state')).toHaveText('待发起');

  await press(panel.getByRole('button', { name: '复制为测试路径' }));
  await expect(page.getByText('复制成功')).toBeVisible();
  const shown = panel.getByTestId('inspector-copied-path');
  await expect(shown).toContainText("import { signContractModel } from '../models/sign-contract.model';");
  await expect(shown).toContainText('recordedPath(signContractModel, [');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const events = copied.match(/^ {4}\{"type":"[^"]+"/gm) ?? [];
  expect(events.map((line) => line.trim().slice(9, -1))).toEqual([
    'contract.load',
    'xstate.done.actor.loadContract',
    'contract.refresh',
    'xstate.done.actor.loadContract',
    'contract.refresh',
    'xstate.done.actor.loadContract',
    'contract.refresh',
    'xstate.done.actor.loadContract',
  ]);

  const results = await new AxeBuilder({ page })
    .include('[data-testid="inspector"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});

test('the machine atlas draws a machine no actor runs, found by its name', async ({ page, request }) => {
  const company = await signCompany(request);
  await openAs(page, company.credentials, '/layout/index');
  await page.getByRole('button', { name: '状态机检查器' }).click();
  const panel = page.getByTestId('inspector');
  await panel.getByRole('tab', { name: '状态机图册' }).click();
  const atlas = panel.getByTestId('machine-atlas');
  await atlas.getByRole('textbox', { name: '搜索状态机' }).fill('approv');
  await expect(atlas.getByRole('listitem')).toHaveCount(1);
  await atlas.getByRole('button', { name: 'approval' }).click();
  const graph = atlas.locator('.inspector-graph[data-machine="approval"]');
  await expect(graph.locator('g[data-state-id="approval.loading"]')).toBeVisible();
  await expect(
    graph.locator('g[data-transition="approval.loading on xstate.done.actor.loadApproval #0"]'),
  ).toHaveCount(1);
  // Its layout is kept for the next visit, under the key of its definition (one per machine).
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('inspector.layout.approval.')),
    ),
  ).toHaveLength(1);
  await atlas.getByRole('textbox', { name: '搜索状态机' }).fill('不存在');
  await expect(atlas.getByText('没有找到相关状态机')).toBeVisible();
});
