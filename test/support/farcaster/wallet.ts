/**
 * The Farcaster app's side of Sign In With Farcaster (what Warpcast does when a user scans the
 * QR code): read the connect URI, build the FIP-11 message (EIP-4361 with the statement 'Farcaster
 * Auth', Chain ID 10, the fid resource), sign it with the account's custody key, and complete the
 * channel at the relay (`POST /v1/channel/authenticate`). The message text comes from viem's
 * EIP-4361 formatter, not from the provider's own parser.
 */
import type { Wallet } from 'ethers';
import { createSiweMessage } from 'viem/siwe';

/** A Farcaster account: its fid, custody key and profile. */
export interface FarcasterUser {
  fid: number;
  custody: Pick<Wallet, 'address' | 'signMessage'>;
  username: string;
  displayName: string;
  bio: string;
  pfpUrl: string;
}

/** What the relay put in the connect URI. */
export interface SignInRequest {
  channelToken: string;
  nonce: string;
  siweUri: string;
  domain: string;
  notBefore?: string;
  expirationTime?: string;
}

/** Changes a test makes to the message, to see it refused. */
export interface SignInOverrides {
  domain?: string;
  uri?: string;
  nonce?: string;
  fid?: number;
  issuedAt?: Date;
  expirationTime?: Date;
  /** Sign with this key instead of the custody key (the message still names the signer's address). */
  signer?: Pick<Wallet, 'address' | 'signMessage'>;
  /** The address the message names, when it is not the signer's (a contract custody account). */
  address?: string;
  /** The signature to send instead of one made here (an ERC-1271 account's). */
  signature?: string;
}

export function parseConnectUri(connectUri: string): SignInRequest {
  const query = new URL(connectUri).searchParams;
  const need = (name: string) => {
    const value = query.get(name);
    if (!value) throw new Error(`the connect URI has no ${name}: ${connectUri}`);
    return value;
  };
  return {
    channelToken: need('channelToken'),
    nonce: need('nonce'),
    siweUri: need('siweUri'),
    domain: need('domain'),
    notBefore: query.get('notBefore') ?? undefined,
    expirationTime: query.get('expirationTime') ?? undefined,
  };
}

/** The Sign In With Farcaster message for this request, as the Farcaster app writes it. */
export function signInMessage(
  user: FarcasterUser,
  request: SignInRequest,
  overrides: SignInOverrides = {},
): string {
  const fid = overrides.fid ?? user.fid;
  const expiration =
    overrides.expirationTime ?? (request.expirationTime ? new Date(request.expirationTime) : undefined);
  return createSiweMessage({
    domain: overrides.domain ?? request.domain,
    address: (overrides.address ?? overrides.signer?.address ?? user.custody.address) as `0x${string}`,
    statement: 'Farcaster Auth',
    uri: overrides.uri ?? request.siweUri,
    version: '1',
    chainId: 10,
    nonce: overrides.nonce ?? request.nonce,
    issuedAt: overrides.issuedAt ?? new Date(),
    ...(expiration ? { expirationTime: expiration } : {}),
    resources: [`farcaster://fid/${fid}`, 'farcaster://signer/type/custody'],
  });
}

export interface SignedIn {
  channelToken: string;
  message: string;
  signature: string;
  fid: number;
}

/** Reads the connect URI and signs the message for it. */
export async function signIn(
  user: FarcasterUser,
  connectUri: string,
  overrides: SignInOverrides = {},
): Promise<SignedIn> {
  const request = parseConnectUri(connectUri);
  const message = signInMessage(user, request, overrides);
  const signature = overrides.signature ?? (await (overrides.signer ?? user.custody).signMessage(message));
  return { channelToken: request.channelToken, message, signature, fid: overrides.fid ?? user.fid };
}

/** Signs in and completes the channel at the relay, as the Farcaster app does with the relay's key. */
export async function completeChannel(
  relayUrl: string,
  authKey: string,
  user: FarcasterUser,
  connectUri: string,
  overrides: SignInOverrides = {},
): Promise<SignedIn> {
  const signed = await signIn(user, connectUri, overrides);
  const response = await fetch(`${relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${signed.channelToken}`,
      'x-farcaster-auth-relay-key': authKey,
    },
    body: JSON.stringify({
      message: signed.message,
      signature: signed.signature,
      fid: signed.fid,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      pfpUrl: user.pfpUrl,
    }),
  });
  if (response.status !== 201)
    throw new Error(`the relay refused: ${response.status} ${await response.text()}`);
  return signed;
}
