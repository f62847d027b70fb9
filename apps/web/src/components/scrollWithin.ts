// Bringing an element into view inside its own scrolling panel (the side menu's group tree, a list in a drawer) without
// moving the page: Element.scrollIntoView scrolls every scrolling ancestor, the window included, so a page would jump
// on its own to wherever the element sits.

/** The nearest ancestor that scrolls vertically itself (not the page); null when there is none. */
function scrollingPanelOf(el: Element): HTMLElement | null {
  for (let node = el.parentElement; node && node !== document.body && node !== document.documentElement;) {
    const overflowY = getComputedStyle(node).overflowY;
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
    node = node.parentElement;
  }
  return null;
}

/** Scrolls only the element's own panel so the element shows in it (nearest edge); the page stays where it is. */
export function revealInPanel(el: Element | null | undefined) {
  if (!el) return;
  const panel = scrollingPanelOf(el);
  if (!panel) return;
  const box = el.getBoundingClientRect();
  const frame = panel.getBoundingClientRect();
  if (box.top < frame.top) panel.scrollTop -= frame.top - box.top;
  else if (box.bottom > frame.bottom) panel.scrollTop += Math.min(box.bottom - frame.bottom, box.top - frame.top);
}
