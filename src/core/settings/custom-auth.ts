/**
 * The host's custom auth (`customAuth`), as the custom-auth check (login/custom-auth.ts, a lazy
 * chunk) reads it: the host's alone, the app has no say in it. Apart from login.ts, which every
 * page holds, so that the lazy chunk imports nothing from the every-page bundle for it.
 */
import type { CustomAuthConfig, HostConfig } from '../../protocol/client.js';
import type { Context } from '../context.js';

export interface CustomAuthSettings {
  /** Its token logs the visitor in; undefined when the host has no custom auth. */
  customAuth: CustomAuthConfig | undefined;
}

export const customAuthSettingsOf = (host: HostConfig): CustomAuthSettings => ({
  customAuth: host.customAuth,
});

export const customAuthSettings = (ctx: Pick<Context, '$hostConfig'>): CustomAuthSettings =>
  customAuthSettingsOf(ctx.$hostConfig.get());
