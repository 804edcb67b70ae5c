/**
 * Whether the browser refuses WebAuthn in this frame: the host page's Permissions-Policy does not
 * delegate `publickey-credentials-get` / `-create` to it (known before the ceremony where the
 * browser exposes the policy: `document.permissionsPolicy` or `featurePolicy`), or the ceremony
 * failed with an error that names the policy or the frame (Chromium: "The
 * 'publickey-credentials-get' feature is not enabled in this document. Permissions Policy may be
 * used…"; Safari without cross-site frame support: "…not the same as its ancestors"). The passkey
 * view then offers the passkey window (protocol/passkey-window.ts).
 */
import type { PasskeyView } from '../../protocol/passkey.js';

interface PolicyLike {
  allowsFeature?(feature: string): boolean;
  features?(): string[];
}

const FEATURES = {
  create: 'publickey-credentials-create',
  get: 'publickey-credentials-get',
} as const;

/** What a refusal by policy says, across browsers. */
const POLICY_MESSAGE =
  /permissions?[ -]policy|feature[ -]policy|publickey-credentials-|not the same as its ancestors/i;

/** The policy says the view's ceremony may not run in `doc` (false where the browser does not say). */
export function policyRefuses(view: Pick<PasskeyView, 'ceremony'>, doc: Document = document): boolean {
  const source = doc as Document & { permissionsPolicy?: PolicyLike; featurePolicy?: PolicyLike };
  const policy = source.permissionsPolicy ?? source.featurePolicy;
  const feature = FEATURES[view.ceremony];
  try {
    // A browser that does not know the feature answers false for it: that says nothing.
    if (!policy?.allowsFeature || (policy.features && !policy.features().includes(feature))) return false;
    return !policy.allowsFeature(feature);
  } catch {
    return false;
  }
}

/** The ceremony's error is the browser refusing WebAuthn in this frame. */
export function refusedByPolicy(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    (name === 'NotAllowedError' || name === 'SecurityError') &&
    typeof message === 'string' &&
    POLICY_MESSAGE.test(message)
  );
}
