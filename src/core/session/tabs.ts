/**
 * Tabs agree (issue 17): every tab of the same app on this origin shares the stored tokens, and a
 * BroadcastChannel carries the user as it changes, so a login, a logout, a refresh that ended the
 * session or a linked account in one tab reach the others at once. A tab told that the session
 * ended runs the same local steps as its own logout (the wallet frame forgets its keys, the
 * stores clear, `logout` fires) without a second call to the provider.
 */
import type { User } from '../../protocol/client.js';
import type { SharedStores } from '../../protocol/loader.js';
import type { Session } from './session.js';

/** What one tab tells the others: the user as it now is (null: logged out). */
interface TabMessage {
  user: User | null;
}

const tabChannelName = (appId: string): string => `gatehouse:${appId}`;

/** Starts following the other tabs; returns how to stop (tests). A browser without BroadcastChannel keeps each tab on its own. */
export function followOtherTabs(session: Session, stores: SharedStores, appId: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(tabChannelName(appId));
  let applying = false;
  const stopListening = stores.$user.listen((user) => {
    if (!applying) channel.postMessage({ user } satisfies TabMessage);
  });
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const { user } = event.data;
    applying = true;
    try {
      if (user) session.adoptUser(user);
      else void session.endedElsewhere();
    } finally {
      applying = false;
    }
  };
  return () => {
    stopListening();
    channel.close();
  };
}
