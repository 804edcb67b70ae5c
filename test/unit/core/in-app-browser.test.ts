import { describe, expect, it } from 'vitest';
import { isInAppBrowser, oauthBlockedHere } from '../../../src/core/in-app-browser.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FACEBOOK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.36.111]';
const INSTAGRAM =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Instagram 312.0.0.32.112';
const SNAPCHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Snapchat/12.60.0.43';

describe('in-app browsers (§5)', () => {
  it('recognises Facebook, Instagram and Snapchat by their markers, not ordinary browsers', () => {
    expect(isInAppBrowser(FACEBOOK)).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 [FBAV/1.0]')).toBe(true);
    expect(isInAppBrowser(INSTAGRAM)).toBe(true);
    expect(isInAppBrowser(SNAPCHAT)).toBe(true);
    expect(isInAppBrowser(CHROME)).toBe(false);
  });

  it('refuses Google only: the other providers still redirect', () => {
    expect(oauthBlockedHere('google', INSTAGRAM)).toBe(true);
    expect(oauthBlockedHere('github', INSTAGRAM)).toBe(false);
    expect(oauthBlockedHere('google', CHROME)).toBe(false);
  });
});
