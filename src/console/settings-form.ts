/**
 * The settings form's values of the fields in SETTING_GROUPS: read from the configuration (a
 * write-only field starts empty: its value is never answered), and turned back into the PATCH's
 * fields and into the draft the preview draws.
 */
import type { AppConfigWire } from '../protocol/api.js';
import { clearKey, isWriteOnly, MORE_FIELDS, type SettingField } from './settings-fields.js';

export type Form = Record<string, string | boolean>;

const BY_FIELD = new Map<string, SettingField>(MORE_FIELDS.map((entry) => [entry.field, entry]));
const CLEARS = new Map<string, string>(
  MORE_FIELDS.filter(isWriteOnly).map((entry) => [clearKey(entry.field), entry.field]),
);

/** The value at a dotted path of the configuration (`embedded_wallet_config.recovery`). */
const valueAt = (config: AppConfigWire, field: string): unknown =>
  field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], config);

/** The form's values of the grouped fields. */
export function moreFormOf(config: AppConfigWire): Form {
  const form: Form = {};
  for (const entry of MORE_FIELDS) {
    const value = valueAt(config, entry.field);
    if (isWriteOnly(entry)) {
      form[entry.field] = '';
      form[clearKey(entry.field)] = false;
    } else if (entry.kind === 'switch') form[entry.field] = value === true;
    else if (entry.kind === 'list') form[entry.field] = Array.isArray(value) ? value.join(',') : '';
    else form[entry.field] = typeof value === 'string' ? value : '';
  }
  return form;
}

/**
 * A changed form value of the grouped fields as the PATCH takes it: a write-only field only when a
 * value was typed (or its Remove switch is on: null); undefined when it is not one of them.
 */
export function moreChange(
  key: string,
  value: string | boolean,
): { field: string; value: unknown } | null | undefined {
  const cleared = CLEARS.get(key);
  if (cleared) return value === true ? { field: cleared, value: null } : null;
  const entry = BY_FIELD.get(key);
  if (!entry) return undefined;
  if (typeof value === 'boolean') return { field: key, value };
  if (isWriteOnly(entry)) return value.trim() === '' ? null : { field: key, value: value.trim() };
  if (entry.kind === 'list') return { field: key, value: value.split(',').filter(Boolean) };
  return { field: key, value: value.trim() === '' ? null : value.trim() };
}

/** `draft` with the form's value of `key` set at its dotted path (write-only fields are not in it). */
export function setDraft(draft: Record<string, unknown>, key: string, value: unknown): void {
  const entry = BY_FIELD.get(key);
  if (CLEARS.has(key) || (entry && isWriteOnly(entry))) return;
  const path = key.split('.');
  const last = path.pop() as string;
  let node = draft;
  for (const part of path) {
    node[part] = { ...(node[part] as Record<string, unknown>) };
    node = node[part] as Record<string, unknown>;
  }
  node[last] = value;
}
