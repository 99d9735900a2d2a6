/**
 * Focus goes back to the control that opened a dialog when the dialog closes (WCAG 2.4.3). Radix
 * returns focus to a Dialog.Trigger only; the app's dialogs are mostly opened from state (a button
 * sets `open`, the dialog is rendered while it is set), and with no trigger Radix leaves focus on the
 * page body, so a keyboard user starts again from the top. This watches the whole document once:
 * when focus first enters a dialog, the element it came from is remembered; when the dialog leaves
 * the document and focus is nowhere, that element (if still there) takes focus again.
 */
const dialogSelector = '[role="dialog"], [role="alertdialog"]';

export function installFocusReturn(doc: Document = document): () => void {
  const openers = new WeakMap<Element, HTMLElement>();

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const dialog = target?.closest(dialogSelector);
    const from = event.relatedTarget;
    if (!dialog || openers.has(dialog) || !(from instanceof HTMLElement) || dialog.contains(from)) return;
    openers.set(dialog, from);
  };

  const closedDialogs = (nodes: NodeList): Element[] =>
    [...nodes].flatMap((node) => {
      if (!(node instanceof Element)) return [];
      return [...(node.matches(dialogSelector) ? [node] : []), ...node.querySelectorAll(dialogSelector)];
    });

  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const dialog of closedDialogs(record.removedNodes)) {
        const opener = openers.get(dialog);
        const active = doc.activeElement;
        if (opener?.isConnected && (active === null || active === doc.body)) opener.focus();
      }
  });

  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
