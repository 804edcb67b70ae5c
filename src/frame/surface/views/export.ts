/**
 * 'Export wallet' (§2.3): the address, the warning and 'Reveal private key' (an approval: the
 * frame rebuilds the key for this view only after it) beside Cancel; then the key, with Copy (the
 * modal's own close ends the prompt then).
 */
import type { ExportView } from '../../../protocol/surface.js';
import { EXPORT_TEXTS } from '../../texts.js';
import { el, row, shortAddress } from '../dom.js';
import {
  approveButton,
  cancelButton,
  choices,
  copyButton,
  scaffold,
  simpleView,
  type ViewContext,
  type ViewHandle,
} from './common.js';

export function exportView(ctx: ViewContext, view: ExportView): ViewHandle {
  const body = [
    el('dl', { class: 'details' }, [row(EXPORT_TEXTS.addressLabel, shortAddress(view.address))]),
    el('p', { class: 'text' }, [EXPORT_TEXTS.warning]),
  ];
  const { privateKey } = view;
  if (privateKey !== null) {
    const key = el('p', { class: 'mono secret', 'data-testid': 'private-key' }, [privateKey]);
    const parts = scaffold(
      EXPORT_TEXTS.heading,
      [...body, key],
      [el('div', { class: 'end' }, [copyButton(ctx, () => privateKey, EXPORT_TEXTS.copy)])],
    );
    return simpleView(ctx, parts, [], null, EXPORT_TEXTS.loading);
  }
  const reveal = approveButton(ctx, EXPORT_TEXTS.reveal);
  const parts = scaffold(EXPORT_TEXTS.heading, body, [choices(cancelButton(ctx), reveal)]);
  return simpleView(ctx, parts, [reveal], reveal, EXPORT_TEXTS.loading);
}
