import { createRequire } from 'node:module';
import type { Wallet } from 'ethers';
import { UserError } from '../../errors.js';
import { type AppSecrets, httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';

/**
 * Server-only Farcaster settings of an app (`gatehouse apps set <id> farcaster.<name>=…`), kept
 * AES-256-GCM encrypted in `app_secrets`: where the relay, the ID registry's RPC (OP Mainnet),
 * the signed key request API and a hub are, and the app's own Farcaster identity (fid and
 * custody key) that vouches for the signers it asks users to approve.
 */
const FARCASTER_FIELDS = [
  'farcaster.relay_url',
  'farcaster.rpc_url',
  'farcaster.signer_api_url',
  'farcaster.hub_url',
  'farcaster.hub_api_key',
  'farcaster.fid',
  'farcaster.custody_key',
] as const;
export type FarcasterField = (typeof FARCASTER_FIELDS)[number];

/** The services an app talks to, each from the app's setting, else the environment, else the public one. */
export interface FarcasterEndpoints {
  /** The Farcaster auth relay (GATEHOUSE_FARCASTER_RELAY_URL). */
  relayUrl: string;
  /** JSON-RPC of OP Mainnet, where the ID registry is (GATEHOUSE_FARCASTER_RPC_URL). */
  rpcUrl: string;
  /** The Farcaster client's signed key request API (GATEHOUSE_FARCASTER_SIGNER_API_URL). */
  signerApiUrl: string;
  /** A hub's (Snapchain node's) HTTP API (GATEHOUSE_FARCASTER_HUB_URL). */
  hubUrl: string;
}

export const FARCASTER_DEFAULT_ENDPOINTS: FarcasterEndpoints = {
  relayUrl: 'https://relay.farcaster.xyz',
  rpcUrl: 'https://mainnet.optimism.io',
  signerApiUrl: 'https://api.farcaster.xyz',
  // Farcaster runs no public write endpoint: a Snapchain node of your own, on its default HTTP port.
  hubUrl: 'http://127.0.0.1:3381',
};

/** The environment variable of each endpoint. */
const FARCASTER_ENV = {
  relayUrl: 'GATEHOUSE_FARCASTER_RELAY_URL',
  rpcUrl: 'GATEHOUSE_FARCASTER_RPC_URL',
  signerApiUrl: 'GATEHOUSE_FARCASTER_SIGNER_API_URL',
  hubUrl: 'GATEHOUSE_FARCASTER_HUB_URL',
} as const satisfies Record<keyof FarcasterEndpoints, string>;

const ENDPOINT_FIELDS = {
  relayUrl: 'farcaster.relay_url',
  rpcUrl: 'farcaster.rpc_url',
  signerApiUrl: 'farcaster.signer_api_url',
  hubUrl: 'farcaster.hub_url',
} as const satisfies Record<keyof FarcasterEndpoints, FarcasterField>;

export const FARCASTER_SETTING_HELP = `${FARCASTER_FIELDS.join(', ')}`;

const FID = /^[1-9][0-9]{0,15}$/;
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** The custody account of a key setting: a 0x private key or a BIP-39 recovery phrase (first account). */
export function custodyWallet(key: string): Wallet {
  // ethers is loaded by the first key, not at start-up (this module is read by every process).
  const { Wallet } = createRequire(import.meta.url)('ethers') as typeof import('ethers');
  return PRIVATE_KEY.test(key) ? new Wallet(key) : (Wallet.fromPhrase(key) as unknown as Wallet);
}

function checkValue(field: FarcasterField, value: string): string {
  switch (field) {
    case 'farcaster.fid':
      if (FID.test(value)) return value;
      throw new UserError('Invalid value for farcaster.fid: expected a positive integer, or null.', 2);
    case 'farcaster.custody_key':
      try {
        custodyWallet(value);
        return value;
      } catch {
        throw new UserError(
          'Invalid value for farcaster.custody_key: expected a 0x private key or a recovery phrase.',
          2,
        );
      }
    case 'farcaster.hub_api_key':
      return value;
    case 'farcaster.relay_url':
    case 'farcaster.rpc_url':
    case 'farcaster.signer_api_url':
    case 'farcaster.hub_url':
      return httpUrlSetting(field, value).replace(/\/+$/, '');
  }
}

/** `farcaster.<name>=<value>` from the CLI (null or '' clears); undefined for any other field. */
export function parseFarcasterAssignment(
  argument: string,
): { field: FarcasterField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, FARCASTER_FIELDS);
  if (!assignment?.value) return assignment;
  return { field: assignment.field, value: checkValue(assignment.field, assignment.value) };
}

/** The environment's endpoints (unset ones are the public defaults). */
export function farcasterEndpointsFromEnv(
  env: Record<string, string | undefined>,
): Partial<FarcasterEndpoints> {
  const endpoints: Partial<FarcasterEndpoints> = {};
  for (const [key, name] of Object.entries(FARCASTER_ENV) as Array<[keyof FarcasterEndpoints, string]>) {
    const value = env[name]?.trim();
    if (!value) continue;
    try {
      endpoints[key] = httpUrlSetting(name, value).replace(/\/+$/, '');
    } catch {
      throw new UserError(`${name} must be an http(s) URL, got '${value}'.`);
    }
  }
  return endpoints;
}

/** The app's Farcaster identity, when the operator set both halves. */
export interface AppFarcasterIdentity {
  fid: number;
  custodyKey: string;
}

export class FarcasterSettings {
  private readonly defaults: FarcasterEndpoints;

  constructor(
    private readonly secrets: AppSecrets,
    environment: Partial<FarcasterEndpoints> = {},
  ) {
    this.defaults = { ...FARCASTER_DEFAULT_ENDPOINTS, ...environment };
  }

  async endpoints(appId: string): Promise<FarcasterEndpoints> {
    const stored = await this.secrets.read(appId, Object.values(ENDPOINT_FIELDS));
    const pick = (key: keyof FarcasterEndpoints) => stored[ENDPOINT_FIELDS[key]] ?? this.defaults[key];
    return {
      relayUrl: pick('relayUrl'),
      rpcUrl: pick('rpcUrl'),
      signerApiUrl: pick('signerApiUrl'),
      hubUrl: pick('hubUrl'),
    };
  }

  async hubApiKey(appId: string): Promise<string | undefined> {
    return (await this.secrets.read(appId, ['farcaster.hub_api_key']))['farcaster.hub_api_key'];
  }

  async identity(appId: string): Promise<AppFarcasterIdentity | undefined> {
    const stored = await this.secrets.read(appId, ['farcaster.fid', 'farcaster.custody_key']);
    const fid = stored['farcaster.fid'];
    const custodyKey = stored['farcaster.custody_key'];
    return fid && custodyKey ? { fid: Number(fid), custodyKey } : undefined;
  }

  async set(appId: string, field: FarcasterField, value: string | null): Promise<void> {
    await this.secrets.set(appId, field, value);
  }

  configured(appId: string): Promise<string[]> {
    return this.secrets.configured(appId, FARCASTER_FIELDS);
  }
}
