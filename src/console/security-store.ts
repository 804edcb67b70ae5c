/**
 * The Security and Operators sections' lists, as nanostores: the signing keys, which apps have an
 * API secret, and the operators. Each change settles to the API's answer and reads its list
 * again; a new secret is handed to its view only, never kept here. Cleared on sign-out.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { ApiSecretWire, OperatorWire, SigningKeyWire } from '../protocol/console-security.js';
import type { Answer } from './api.js';
import { securityApi } from './api-security.js';
import { csrf } from './apps-store.js';
import { $view, type Listing } from './store.js';

const empty = <T>(): Listing<T> => ({ rows: [], error: null, loading: true });

export const $keys = atom<Listing<SigningKeyWire>>(empty());
export const $apiSecrets = atom<Listing<ApiSecretWire>>(empty());
export const $operators = atom<Listing<OperatorWire>>(empty());

async function load<T>(store: WritableAtom<Listing<T>>, read: () => Promise<Answer<{ data: T[] }>>) {
  store.set({ ...store.get(), error: null, loading: true });
  const answer = await read();
  store.set({
    rows: answer.ok ? answer.data.data : [],
    error: answer.ok ? null : answer.error,
    loading: false,
  });
}

export const loadKeys = () => load($keys, securityApi.keys);
export const loadApiSecrets = () => load($apiSecrets, securityApi.apiSecrets);
export const loadOperators = () => load($operators, securityApi.operators);

/** `keys rotate`: the keys as they now are. */
export async function rotateKey(): Promise<Answer<SigningKeyWire[]>> {
  const answer = await securityApi.rotate(csrf());
  if (!answer.ok) return answer;
  $keys.set({ rows: answer.data.data, error: null, loading: false });
  return { ok: true, data: answer.data.data };
}

/** `keys retire <kid> [--force]`, refused with the CLI's words. */
export async function retireKey(kid: string, force: boolean): Promise<Answer<SigningKeyWire[]>> {
  const answer = await securityApi.retire(csrf(), kid, force);
  if (!answer.ok) return answer;
  $keys.set({ rows: answer.data.data, error: null, loading: false });
  return { ok: true, data: answer.data.data };
}

/** `apps secret <id>`: the new secret, for its view to show once. */
export async function newApiSecret(id: string): Promise<Answer<{ secret: string }>> {
  const answer = await securityApi.newApiSecret(csrf(), id);
  if (!answer.ok) return answer;
  // Its row changes in place: the view showing the secret stays.
  const made = { app_id: id, created_at: answer.data.created_at };
  const shown = $apiSecrets.get();
  $apiSecrets.set({ ...shown, rows: [...shown.rows.filter((row) => row.app_id !== id), made] });
  return answer;
}

export async function addOperator(email: string): Promise<Answer<OperatorWire>> {
  const answer = await securityApi.addOperator(csrf(), email);
  if (answer.ok) void loadOperators();
  return answer;
}

export async function removeOperator(id: string): Promise<Answer<OperatorWire>> {
  const answer = await securityApi.removeOperator(csrf(), id);
  if (answer.ok) void loadOperators();
  return answer;
}

// What one operator read is not shown to the next one signing in on this page.
$view.subscribe((view) => {
  if (view.state === 'signed-in') return;
  $keys.set(empty());
  $apiSecrets.set(empty());
  $operators.set(empty());
});
