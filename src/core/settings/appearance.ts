/**
 * appearance.variables (theming): the host's well-formed theme variables (protocol/theme.ts); each
 * other entry is ignored with a console warning that names it. Read by the modal only (lazy).
 */
import type { HostConfig } from '../../protocol/client.js';
import { type ThemeVariables, themeVariables } from '../../protocol/theme.js';
import { MESSAGES } from '../errors/messages.js';

export const themeVariablesOf = (host: HostConfig): ThemeVariables =>
  themeVariables(host.appearance?.variables, (name, value) =>
    console.warn(MESSAGES.invalidConfig(`appearance.variables${name && `.${name}`}`, value)),
  );
