/** The apps, their allowed origins and server-only settings. */
import type { Millis } from './columns.js';

export interface AppsTable {
  id: string;
  name: string;
  /** JSON of the stored part of AppConfigWire (see services/apps/app-config.ts). */
  config: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface AppOriginsTable {
  app_id: string;
  /** Normalized with `new URL(x).origin`. */
  origin: string;
}

/** Server-only settings of an app (captcha secret, …), never in the public configuration. */
export interface AppSecretsTable {
  app_id: string;
  name: string;
  /** AES-256-GCM under a key derived from the server secret (Secrets.encrypt). */
  value: string;
  updated_at: Millis;
}

export interface AppTables {
  apps: AppsTable;
  app_origins: AppOriginsTable;
  app_secrets: AppSecretsTable;
}
