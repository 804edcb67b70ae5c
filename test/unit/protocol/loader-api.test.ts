/**
 * The loader's method lists (protocol/loader.ts) against `window.LoginWidget`'s type
 * (protocol/login-widget.ts), both ways, and the lists derived from OAUTH_PROVIDER_RECORD against
 * the record. The type checks are tsc's (npm run lint); vitest runs the value checks.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppConfigWire } from '../../../src/protocol/api.js';
import type { OAuthAccountFields } from '../../../src/protocol/client.js';
import {
  HOST_LOGIN_METHODS,
  OAUTH_LINK_METHODS,
  OAUTH_PROVIDER_RECORD,
  OAUTH_PROVIDERS,
  type OAuthLinkMethod,
  type OAuthProvider,
  oauthAppFlags,
} from '../../../src/protocol/constants.js';
import {
  EMBEDDED_WALLET_METHODS,
  EXTERNAL_WALLET_METHODS,
  type FARCASTER_ACTION_METHODS,
  FARCASTER_WIDGET_METHODS,
  HEADLESS_WIDGET_METHODS,
  MFA_WIDGET_METHODS,
  PASSKEY_WIDGET_METHODS,
  type SharedStores,
  WIDGET_METHODS,
  type WidgetMethod,
} from '../../../src/protocol/loader.js';
import type { LoginWidgetApi } from '../../../src/protocol/login-widget.js';

/** The keys of LoginWidgetApi whose values are functions. */
type ApiMethod = {
  [K in keyof LoginWidgetApi]-?: LoginWidgetApi[K] extends (...args: never[]) => unknown ? K : never;
}[keyof LoginWidgetApi];

describe('the loader and LoginWidgetApi', () => {
  it('forwards exactly the methods the type declares', () => {
    expectTypeOf<ApiMethod>().toEqualTypeOf<WidgetMethod>();
    expectTypeOf<keyof LoginWidgetApi['farcaster']>().toEqualTypeOf<
      (typeof FARCASTER_ACTION_METHODS)[number]
    >();
    expectTypeOf<Exclude<keyof LoginWidgetApi, ApiMethod>>().toEqualTypeOf<
      keyof SharedStores | 'ready' | 'user' | 'authenticated' | 'farcaster'
    >();
    expect(new Set(WIDGET_METHODS).size).toBe(WIDGET_METHODS.length);
  });

  it("writes out every method of the chunks' lists, in their order", () => {
    const lists = [
      EMBEDDED_WALLET_METHODS,
      EXTERNAL_WALLET_METHODS,
      MFA_WIDGET_METHODS,
      FARCASTER_WIDGET_METHODS,
      PASSKEY_WIDGET_METHODS,
      HEADLESS_WIDGET_METHODS,
    ];
    for (const list of lists) {
      const start = WIDGET_METHODS.indexOf(list[0]);
      expect(WIDGET_METHODS.slice(start, start + list.length)).toEqual(list);
    }
  });

  it("lists every provider's link method, in the record's order", () => {
    expectTypeOf<Extract<WidgetMethod, OAuthLinkMethod>>().toEqualTypeOf<OAuthLinkMethod>();
    expectTypeOf<keyof typeof OAUTH_LINK_METHODS>().toEqualTypeOf<OAuthLinkMethod>();
    const links = OAUTH_PROVIDERS.map((provider) => OAUTH_PROVIDER_RECORD[provider].link);
    expect(WIDGET_METHODS.filter((method) => method in OAUTH_LINK_METHODS)).toEqual(links);
    expect(Object.entries(OAUTH_LINK_METHODS)).toEqual(OAUTH_PROVIDERS.map((p, i) => [links[i], p]));
  });
});

describe('OAUTH_PROVIDER_RECORD', () => {
  it('gives the providers, the host methods and the app flags in the spec order', () => {
    expect(OAUTH_PROVIDERS).toEqual([
      'google',
      'twitter',
      'discord',
      'github',
      'spotify',
      'tiktok',
      'linkedin',
      'apple',
    ]);
    expect(HOST_LOGIN_METHODS).toEqual([
      'email',
      'sms',
      ...OAUTH_PROVIDERS,
      'wallet',
      'farcaster',
      'passkey',
    ]);
    expect(oauthAppFlags()).toEqual(OAUTH_PROVIDERS.map((provider) => `${provider}_oauth`));
  });

  it('types the app flags and the accounts from the record', () => {
    expectTypeOf<Pick<AppConfigWire, `${OAuthProvider}_oauth`>>().toEqualTypeOf<{
      [F in `${OAuthProvider}_oauth`]: boolean;
    }>();
    expectTypeOf<OAuthAccountFields['twitter']>().toEqualTypeOf<{
      username: string | null;
      name: string | null;
      profilePictureUrl: string | null;
    }>();
    expectTypeOf<OAuthAccountFields['apple']>().toEqualTypeOf<{ email: string | null }>();
  });
});
