/** Every text of the console's Security and Operators sections, written once here. */
import type { SigningKeyState } from '../protocol/console-security.js';

export const SECURITY_TEXT = {
  heading: 'Security',
  keys: {
    heading: 'Signing keys',
    intro:
      'Access tokens are signed by one key; every key here is published in the JWKS and accepted. Rotate adds a key: it is published within seconds and signs six minutes later, by itself. About an hour after that, the old key can be retired.',
    rotate: 'Rotate: add a new key',
    rotating: 'Adding…',
    rotated: (kid: string) =>
      `Added signing key ${kid}: every process publishes it within seconds and signs with it six minutes from now, no restart needed.`,
    kid: 'Key ID',
    created: 'Created',
    state: 'State',
    states: {
      signs: 'Signs tokens',
      published: 'Published, signs later',
      'verifies only': 'Verifies only',
    } satisfies Record<SigningKeyState, string>,
    signsFrom: 'Signs from',
    retireAfter: 'Retire after',
    retire: 'Retire',
    retireLabel: (kid: string) => `Retire key ${kid}`,
    force: 'Retire now even though its tokens are still valid (the key leaked): those tokens stop working',
    retired: (kid: string) =>
      `Retired signing key ${kid}: within seconds no process publishes or accepts it.`,
    list: 'Signing keys',
  },
  secrets: {
    heading: 'API secrets',
    intro:
      'Your backend calls the server-to-server API with HTTP Basic <app id>:<secret>. A secret is shown only when it is made; making a new one stops the previous one at once.',
    none: 'No API secret',
    since: 'Made',
    make: 'Make API secret',
    makeLabel: (app: string) => `Make an API secret for ${app}`,
    replace: 'Make a new API secret',
    replaceLabel: (app: string) => `Make a new API secret for ${app}`,
    confirmReplace: (app: string) =>
      `Make a new API secret for ${app}? The current one stops working at once: your backend needs the new one.`,
    confirm: 'Yes, make a new secret',
    making: 'Making…',
    newSecret: (app: string) => `New API secret of ${app}`,
    shownOnce:
      'Shown only now: copy it to your backend. It cannot be shown again; any previous secret no longer works.',
    copy: 'Copy secret',
    copied: 'Copied.',
    copyFailed: 'Could not copy: select the secret and copy it.',
    noApps: 'No apps yet.',
  },
  cancel: 'Cancel',
  operators: {
    heading: 'Operators',
    intro:
      'Operators sign in to this console with a code mailed to them. Removing one ends their sessions at once.',
    list: 'Operators',
    email: 'Email',
    added: 'Added',
    status: 'Status',
    active: 'Active',
    removedOn: (date: string) => `Removed ${date}`,
    you: 'you',
    cannotRemoveSelf: 'You cannot remove yourself: another operator can.',
    add: 'Add operator',
    adding: 'Adding…',
    addHint: 'They sign in with a code mailed to this address.',
    addedNotice: (email: string) => `Added operator ${email}: they sign in with a code mailed there.`,
    remove: 'Remove',
    removeLabel: (email: string) => `Remove ${email}`,
    confirmRemove: (email: string) => `Remove ${email}? Their sessions end at once.`,
    confirm: (email: string) => `Yes, remove ${email}`,
    removed: (email: string) => `Removed operator ${email}; their sessions have ended.`,
  },
  /** The audit log's names of these changes. */
  actions: {
    'signing_key.rotate': 'Signing key added',
    'signing_key.retire': 'Signing key retired',
  } as Record<string, string>,
};
