/**
 * While the dialog is open the host page does not scroll under it (on a phone, the page would move
 * behind the drawer). Overflow hidden on <html> and <body> also brings a layout viewport that a
 * page wider than the screen had stretched back to the screen's width, so the drawer fits it.
 * Returns the function that puts back what the page had: the inline overflow of both elements
 * (each longhand's value and priority) and the scroll position, `at` read by readScroll() before the
 * dialog's nodes went into the page (read after, it forces a layout of the dialog before its first
 * paint; the overflow set here then forces another).
 */
export function lockScroll(at: ScrollPosition): () => void {
  const saved = [document.documentElement, document.body].flatMap(({ style }) =>
    ['overflow-x', 'overflow-y'].map((name) => {
      const before = [name, style.getPropertyValue(name), style.getPropertyPriority(name)] as const;
      style.setProperty(name, 'hidden', 'important');
      return () => style.setProperty(...before);
    }),
  );
  return () => {
    for (const restore of saved) restore();
    window.scrollTo(at.x, at.y);
  };
}

export interface ScrollPosition {
  x: number;
  y: number;
}

export const readScroll = (): ScrollPosition => ({ x: window.scrollX, y: window.scrollY });
