import type { Db } from '../../db/database.js';
import type { AppSecrets } from '../apps/app-secrets.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';
import type { FetchLike } from './http.js';
import { FarcasterSubmissions } from './hub.js';
import { FarcasterLogin } from './login.js';
import { RelayClient } from './relay.js';
import { type FarcasterEndpoints, FarcasterSettings } from './settings.js';
import { SignerApiClient } from './signer-api.js';
import { FarcasterSigners } from './signers.js';

export interface FarcasterServiceOptions {
  db: Db;
  secrets: Secrets;
  appSecrets: AppSecrets;
  now: Clock;
  /** Endpoints of every app without its own (the GATEHOUSE_FARCASTER_* variables). */
  endpoints?: Partial<FarcasterEndpoints>;
  fetch?: FetchLike;
}

/** Farcaster (§4.4): Sign In With Farcaster, signers, and the user's messages to a hub. */
export class FarcasterService {
  readonly settings: FarcasterSettings;
  readonly login: FarcasterLogin;
  readonly signers: FarcasterSigners;
  readonly submissions: FarcasterSubmissions;

  constructor(options: FarcasterServiceOptions) {
    const fetcher = options.fetch ?? ((url, init) => fetch(url, init));
    this.settings = new FarcasterSettings(options.appSecrets, options.endpoints);
    const { db, secrets, now } = options;
    this.login = new FarcasterLogin(db, secrets, this.settings, new RelayClient(fetcher), now);
    this.signers = new FarcasterSigners(db, secrets, this.settings, new SignerApiClient(fetcher), now);
    this.submissions = new FarcasterSubmissions(this.settings, this.signers, fetcher, now);
  }

  sweep(): Promise<void> {
    return this.login.sweep();
  }
}
