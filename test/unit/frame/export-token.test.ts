import { describe, expect, it } from 'vitest';
import { forwardEscape, receiveToken } from '../../../src/frame/export-token.js';
import { EXPORT_VIEW_MESSAGES } from '../../../src/protocol/wallet-device-frame.js';
import { frameWindow, HOST } from '../helpers/frame-window.js';

/** Issue 11, finding 12: the export view takes the access token from its parent, never from its URL. */
describe("the export view's token handover", () => {
  const token = (channel: string, accessToken = 'the-token') => ({
    source: 'gatehouse',
    type: EXPORT_VIEW_MESSAGES.token,
    channel,
    accessToken,
  });

  it('asks the host origin, and takes the token only from its parent on that origin, for its channel', async () => {
    const { win, posted, deliver, listeners } = frameWindow();
    let received: string | undefined;
    receiveToken(win, HOST, 'c-1').then((value) => {
      received = value;
    });
    expect(posted).toEqual([
      {
        message: { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.ready, channel: 'c-1' },
        targetOrigin: HOST,
      },
    ]);
    deliver(token('c-1', 'from-elsewhere'), undefined, 'https://evil.example');
    deliver(token('c-1', 'from-a-sibling'), {}, HOST);
    deliver(token('c-2', 'for-another-view'));
    deliver({ ...token('c-1'), accessToken: '' });
    deliver({ ...token('c-1'), type: EXPORT_VIEW_MESSAGES.ready });
    await Promise.resolve();
    expect(received).toBeUndefined();
    deliver(token('c-1'));
    await Promise.resolve();
    expect(received).toBe('the-token');
    // Taken once: it listens no more.
    expect(listeners).toEqual([]);
  });
});

/** Issue 17: Escape works while focus is inside the export frame. */
describe("the export view's Escape", () => {
  it('posts Escape to the parent, at the host origin exactly, with its channel; other keys stay', () => {
    const posted: Array<{ message: unknown; targetOrigin: string }> = [];
    const win = {
      parent: {
        postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
      },
    };
    const doc = new EventTarget() as unknown as Document;
    forwardEscape(win, doc, HOST, 'c-1');
    doc.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    doc.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(posted).toEqual([]);
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    doc.dispatchEvent(escapeKey);
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(posted).toEqual([
      {
        message: { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.escape, channel: 'c-1' },
        targetOrigin: HOST,
      },
    ]);
  });
});
