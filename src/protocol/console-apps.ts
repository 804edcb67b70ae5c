/**
 * The console's changes to apps (`/api/v1/console/apps/*`): creating is a POST to
 * CONSOLE_API_PATHS.apps; these are one app's paths, by its id.
 */
export const CONSOLE_APP_PATHS = {
  /** PATCH `{name}` renames the app; DELETE `{confirm: "<its name>"}` deletes it. */
  app: '/api/v1/console/apps/:id',
  /** GET every setting as `gatehouse apps show` shows it; PATCH `{"<field>": value, …}` as `apps set`. */
  settings: '/api/v1/console/apps/:id/settings',
} as const;

/** What the audit log records of a server-only setting instead of its value. */
export const SETTING_SET = 'set';
export const SETTING_CHANGED = 'changed';
