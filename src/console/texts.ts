/** Every text the console's pages show, written once here. */
export const TEXT = {
  title: 'Gatehouse console',
  loading: 'Loading…',
  signIn: {
    heading: 'Sign in to the console',
    intro: 'Operators sign in with a code sent to their email address.',
    email: 'Email address',
    sendCode: 'Send code',
    code: 'Code',
    codeHint: (email: string) => `If ${email} is an operator's address, a six-digit code is on its way.`,
    verify: 'Sign in',
    otherEmail: 'Use another address',
    linkExpired:
      'That sign-in link no longer works: it was used, or it expired. Run gatehouse console link for a new one, or sign in with a code.',
    /** Around the command: from the server's shell, `gatehouse console link` prints … */
    shell: ["From the server's shell, ", 'gatehouse console link', ' prints a one-time sign-in link.'],
  },
  header: {
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    signedOut: 'You are signed out.',
  },
  apps: {
    heading: 'Apps',
    none: 'No apps yet: create one with gatehouse apps create.',
    id: 'App ID',
    origins: 'Allowed origins',
    noOrigins: 'none',
    created: 'Created',
  },
  audit: {
    heading: 'Audit log',
    caption: 'Every change to operators and sessions, newest first.',
    entries: 'Audit log entries',
    who: 'Who',
    what: 'What',
    target: 'Target',
    when: 'When',
    none: 'Nothing recorded yet.',
    more: 'Show more',
    loadingMore: 'Loading more…',
    actions: {
      'operator.add': 'Operator added',
      'operator.remove': 'Operator removed',
      'sign_in_link.create': 'Sign-in link made',
      'operator.sign_in': 'Signed in',
      'operator.sign_out': 'Signed out',
    } as Record<string, string>,
  },
  unreachable: 'The server could not be reached. Check your connection and try again.',
} as const;
