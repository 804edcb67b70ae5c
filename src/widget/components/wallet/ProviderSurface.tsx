import { type FocusEvent, useRef } from 'react';
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { HOST_ELEMENT_ID } from '../../../protocol/loader.js';
import { LANG_QUERY, THEME_VARIABLES } from '../../../protocol/theme.js';
import { useWidget } from '../../context.js';
import type { Look } from '../../look.js';
import { useWalletStyles } from '../../wallet-styles.js';
import { useWallet } from './use-wallet.js';

/**
 * Keeps focus in the dialog around the surface's frame: Tab out of the frame's last control lands
 * here and goes round to the dialog's first control; Shift+Tab round from the first control lands
 * here too and goes on into the frame.
 */
function FrameFocusGuard({ frame }: { frame: { current: HTMLIFrameElement | null } }) {
  const onFocus = (event: FocusEvent<HTMLSpanElement>) => {
    const dialog = event.currentTarget.closest('[role="dialog"]');
    if (event.relatedTarget && event.relatedTarget !== frame.current) frame.current?.focus();
    else dialog?.querySelector<HTMLElement>('button')?.focus();
  };
  // A focus guard, not a control: it only hands focus on. Out of the flow, it adds no gap of the
  // screen's column under the surface.
  // biome-ignore lint/a11y/noNoninteractiveTabindex: the guard must be a tab stop to catch focus
  // biome-ignore lint/a11y/noStaticElementInteractions: focus only, no pointer or key handling
  return <span tabIndex={0} onFocus={onFocus} style={{ position: 'absolute' }} />;
}

/**
 * The surface's address with the modal's look in its query (checked values only, protocol/theme.ts),
 * so that what the surface draws matches the modal around it, and the modal's language when it is
 * not English: the `lang` a locale puts on the widget's root (core/locales/apply.ts).
 */
export function surfaceSrc(
  url: string,
  look: Look,
  lang = document.getElementById(HOST_ELEMENT_ID)?.lang,
): string {
  const src = new URL(url);
  for (const name of THEME_VARIABLES) src.searchParams.set(name, look[name]);
  if (lang && lang !== 'en') src.searchParams.set(LANG_QUERY, lang);
  return src.href;
}

/**
 * The provider-origin surface of the request that waits on the user (core/wallet/embedded/surface.ts):
 * an iframe of the provider's origin, sized to the height it reports, holding the approval, the
 * password or the code. This page only frames it; nothing typed there reaches it. A spinner until
 * the frame has said its size.
 */
export function ProviderSurface({ title }: { title: string }) {
  const { styles, look } = useWidget();
  const w = useWalletStyles();
  const { ui } = useWallet();
  const frame = useRef<HTMLIFrameElement>(null);
  // The look when the prompt first shows: a later change of theme would reload the surface.
  const src = useRef({ url: '', href: '' });
  const surface = ui.surface;
  if (surface && src.current.url !== surface.url)
    src.current = { url: surface.url, href: surfaceSrc(surface.url, look) };
  if (!surface) return <span className={styles.spinner} aria-hidden="true" />;
  return (
    <>
      {surface.height === 0 ? (
        <p role="status" className={styles.text}>
          {WALLET_TEXT.surfaceLoading}
        </p>
      ) : null}
      <iframe
        ref={frame}
        key={surface.prompt}
        // A tab stop anyway; the attribute makes the modal's focus trap count it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: iframes are in the tab order already
        tabIndex={0}
        className={w.surfaceFrame}
        style={{ height: `${surface.height}px` }}
        src={src.current.href}
        title={title}
        referrerpolicy="no-referrer"
        // WebAuthn runs in the surface (passkey logins, links, step-ups, recovery), under the provider's RP ID.
        allow="clipboard-write; publickey-credentials-get; publickey-credentials-create"
        data-surface={surface.kind}
      />
      <FrameFocusGuard frame={frame} />
    </>
  );
}
