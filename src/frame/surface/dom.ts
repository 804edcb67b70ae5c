/**
 * The surface's DOM helpers: `el(tag, props, children)` and the few pieces every view repeats. No
 * markup strings and no inline style attributes: the page runs under `style-src 'self'`.
 */
import { shortenAddress } from '../../core/wallet/short-address.js';

export type Child = Node | string | null | undefined | false;

export interface Props {
  class?: string;
  /** Event listeners, by event type. */
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
  /** Attributes: a string is set, `true` sets it empty, `false` and undefined leave it out. */
  [attribute: string]: unknown;
}

function setProp(node: HTMLElement, name: string, value: unknown): void {
  if (name === 'class') node.className = String(value);
  else if (name === 'on') {
    for (const [type, listener] of Object.entries(value as Record<string, EventListener>))
      node.addEventListener(type, listener);
  } else if (value === true) node.setAttribute(name, '');
  else if (typeof value === 'string' || typeof value === 'number') node.setAttribute(name, String(value));
}

/** An element of the surface's document with its attributes, listeners and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) setProp(node, name, value);
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** Text read by assistive technology only. */
export const hidden = (text: string): HTMLElement => el('span', { class: 'visually-hidden' }, [text]);

/** '0xf39…2266' with the whole address as its title and for screen readers. */
export function shortAddress(address: string): HTMLElement {
  const short = shortenAddress(address);
  return el('span', { class: 'mono', title: address }, [
    el('span', { 'aria-hidden': 'true' }, [short]),
    hidden(address),
  ]);
}

/** A label/value row of a `<dl>`. */
export function row(label: string, value: Child): HTMLElement {
  return el('div', { class: 'row' }, [el('dt', {}, [label]), el('dd', {}, [value])]);
}

let ids = 0;
/** An id unique in this document (labels, descriptions). */
export const uniqueId = (prefix: string): string => `${prefix}-${++ids}`;

/** Sets a control usable or not: aria-disabled, so a focused button keeps the focus while busy. */
export function setUsable(control: HTMLElement, usable: boolean): void {
  control.setAttribute('aria-disabled', usable ? 'false' : 'true');
}

export const isUsable = (control: Element): boolean => control.getAttribute('aria-disabled') !== 'true';
