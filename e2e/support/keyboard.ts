/**
 * Keyboard-only journeys: moving focus with Tab / Shift+Tab to a control named as a person hears it,
 * and checking that the focused control shows it is focused (an outline on it or on the field box
 * around it). Reading which element has focus is looking, not touching: these helpers
 * never click.
 */
import { expect, type Page } from '@playwright/test';

export type Focused = { name: string; role: string; tag: string };

/** The focused element's accessible name (roughly as a screen reader builds it), role and tag. */
export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    // Text a screen reader reads: without the parts hidden from it (a segmented control draws each label twice).
    const visibleText = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent ?? '';
    };
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', role: '', tag: 'body' };
    const byIds = (element.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const labels = (element as HTMLInputElement).labels;
    const label = labels && labels.length > 0 ? (labels[0]?.textContent ?? '') : '';
    const name =
      element.getAttribute('aria-label') ||
      byIds ||
      label ||
      (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA'
        ? (element.getAttribute('placeholder') ?? '')
        : visibleText(element));
    return {
      name: name.replace(/\s+/g, ' ').trim(),
      role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
      tag: element.tagName.toLowerCase(),
    };
  });
}

function matches(name: string, want: string | RegExp): boolean {
  return typeof want === 'string' ? name === want : want.test(name);
}

/**
 * Presses Tab (or Shift+Tab) until the control named `want` has focus; fails after `limit` presses.
 * Every stop on the way must show its focus.
 */
export async function tabTo(
  page: Page,
  want: string | RegExp,
  { backwards = false, limit = 60 }: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  const passed: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    passed.push(`${now.role}:${now.name.slice(0, 20)}`);
    if (now.tag !== 'body') await expectFocusVisible(page);
    if (matches(now.name, want)) return;
  }
  throw new Error(`Tab never reached ${String(want)}; focus passed ${passed.join(' → ')}`);
}

/** Types into the field named `label`, reached with Tab. */
export async function typeInto(page: Page, label: string | RegExp, text: string): Promise<void> {
  await tabTo(page, label);
  await page.keyboard.type(text);
}

/** The focused element, or the field box around it, draws a visible focus indicator. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const indicator = await page.evaluate(() => {
    const outlined = (element: Element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const active = document.activeElement;
    if (!active) return 'nothing focused';
    if (outlined(active)) return true;
    // A text field's focus ring is the outline of its box (Radix Themes' field root) around the input.
    for (let box = active.parentElement, level = 0; box && level < 2; box = box.parentElement, level += 1)
      if (outlined(box)) return true;
    return `no focus indicator on ${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 20) ?? ''}`;
  });
  expect(indicator, 'the focused control shows its focus').toBe(true);
}

/** Focus is inside the element with this test id or role-named dialog. */
export async function expectFocusInside(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((css) => !!document.querySelector(css)?.contains(document.activeElement), selector),
    )
    .toBe(true);
}

/** Focus comes to the control named `want` (focus moves after a dialog closes, a moment later). */
export async function expectFocusOn(page: Page, want: string): Promise<void> {
  await expect.poll(async () => (await focused(page)).name).toBe(want);
  await expectFocusVisible(page);
}
