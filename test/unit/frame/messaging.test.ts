import { describe, expect, it } from 'vitest';
import { AddressMismatchError } from '../../../src/frame/keys.js';
import {
  type FrameHandlers,
  type FrameWindow,
  hostOriginFrom,
  readFrameConfig,
  startFrame,
  toFrameError,
} from '../../../src/frame/messaging.js';
import { WrongPasswordError } from '../../../src/frame/password-box.js';
import { PromptCancelledError } from '../../../src/frame/prompts.js';
import { UserActionRequiredError } from '../../../src/frame/request-scope.js';
import { InvalidRpcRequestError } from '../../../src/frame/signing.js';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import { InvalidArgumentsError, WalletNotOnDeviceError } from '../../../src/frame/wallet-service.js';
import {
  WALLET_FRAME_CONFIG_META,
  WALLET_FRAME_READY,
  WALLET_FRAME_SOURCE,
} from '../../../src/protocol/wallet-frame.js';
import { frameWindow, HOST } from '../helpers/frame-window.js';
import { surfaceChannel } from '../helpers/surface-channel.js';

/** Handlers that record what reached them and answer with what they were given. */
function recordingHandlers() {
  const calls: Array<[string, unknown]> = [];
  const answer = (name: string) => async (data: unknown) => {
    calls.push([name, data]);
    if ((data as { fail?: boolean }).fail) throw new WalletNotOnDeviceError();
    return { address: '0x0000000000000000000000000000000000000001' };
  };
  const types = [
    'wallet:create',
    'wallet:connect',
    'wallet:recover',
    'wallet:rpc',
    'wallet:set-recovery-password',
    'wallet:export',
    'wallet:step-up',
    'mfa:enroll',
    'mfa:unenroll',
    'mfa:clear',
    'wallet:clear',
    'wallet:get-devices',
    'wallet:revoke-device',
  ];
  const handlers: FrameHandlers = Object.fromEntries(types.map((type) => [type, answer(type)]));
  return { calls, handlers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const request = (type: string, id = 'r1', data: unknown = { accessToken: 't' }) => ({
  source: WALLET_FRAME_SOURCE,
  id,
  type,
  data,
});

/** A frame on a host page, its prompts on an in-memory surface channel. */
function start(handlers: FrameHandlers, win = frameWindow()) {
  const surface = surfaceChannel();
  startFrame(win.win, HOST, handlers, surface.hub);
  return { ...win, surface };
}

describe('the frame host origin', () => {
  it('is the origin query parameter only when it is exactly one of the app origins', () => {
    const origins = [HOST, 'http://localhost:5173'];
    expect(hostOriginFrom(`?caid=x&origin=${encodeURIComponent(HOST)}`, origins)).toBe(HOST);
    expect(hostOriginFrom('?origin=http%3A%2F%2Flocalhost%3A5173', origins)).toBe('http://localhost:5173');
    for (const search of [
      '',
      '?origin=',
      `?origin=${encodeURIComponent(`${HOST}/`)}`,
      '?origin=https%3A%2F%2Fhost.example%3A443',
      '?origin=http%3A%2F%2Fhost.example',
      '?origin=https%3A%2F%2Fevil.example',
      '?origin=*',
      '?origin=null',
    ]) {
      expect(hostOriginFrom(search, origins)).toBeNull();
    }
    expect(hostOriginFrom(`?origin=${encodeURIComponent(HOST)}`, [])).toBeNull();
  });

  it('reads the app, its origins, its name and enforce_wallet_uis (on unless said off) from the meta tag', () => {
    const meta = document.createElement('meta');
    meta.name = WALLET_FRAME_CONFIG_META;
    meta.content = JSON.stringify({ appId: 'app-1', allowedOrigins: [HOST] });
    document.head.append(meta);
    expect(readFrameConfig(document)).toEqual({
      appId: 'app-1',
      allowedOrigins: [HOST],
      appName: '',
      enforceWalletUis: true,
    });
    meta.content = JSON.stringify({
      appId: 'app-1',
      allowedOrigins: [HOST],
      appName: 'Acme',
      enforceWalletUis: false,
    });
    expect(readFrameConfig(document)).toMatchObject({ appName: 'Acme', enforceWalletUis: false });
    // Anything but false keeps every signature waiting for the user.
    meta.content = JSON.stringify({ appId: 'app-1', allowedOrigins: [HOST], enforceWalletUis: 'no' });
    expect(readFrameConfig(document)?.enforceWalletUis).toBe(true);
    meta.content = '{"appId": 1}';
    expect(readFrameConfig(document)).toBeUndefined();
    meta.content = JSON.stringify({ appId: 'app-1', allowedOrigins: [7] });
    expect(readFrameConfig(document)).toBeUndefined();
    meta.content = 'not json';
    expect(readFrameConfig(document)).toBeUndefined();
    meta.remove();
    expect(readFrameConfig(document)).toBeUndefined();
  });
});

describe('the frame message channel', () => {
  it("posts ready to the host origin, never '*'", () => {
    const { posted } = start(recordingHandlers().handlers);
    expect(posted).toEqual([
      { message: { source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }, targetOrigin: HOST },
    ]);
  });

  it('answers a request from its parent at the host origin, to that origin, with the same id and type', async () => {
    const { calls, handlers } = recordingHandlers();
    const { posted, deliver } = start(handlers);
    deliver(request('wallet:connect', 'abc', { accessToken: 't', address: '0x1' }));
    deliver(request('wallet:connect', 'def', { accessToken: 't', fail: true }));
    await settle();
    expect(calls).toEqual([
      ['wallet:connect', { accessToken: 't', address: '0x1' }],
      ['wallet:connect', { accessToken: 't', fail: true }],
    ]);
    expect(posted.slice(1)).toEqual([
      {
        message: {
          source: WALLET_FRAME_SOURCE,
          id: 'abc',
          type: 'wallet:connect',
          data: { address: '0x0000000000000000000000000000000000000001' },
        },
        targetOrigin: HOST,
      },
      {
        message: {
          source: WALLET_FRAME_SOURCE,
          id: 'def',
          type: 'wallet:connect',
          error: { type: 'wallet_not_on_device', message: 'The wallet is not on this device; recover it.' },
        },
        targetOrigin: HOST,
      },
    ]);
  });

  it('gives no reply and runs nothing for a message from another origin or not from its parent', async () => {
    const { calls, handlers } = recordingHandlers();
    const { win, parent, posted, deliver } = start(handlers);
    const create = request('wallet:create');
    deliver(create, parent, 'https://evil.example');
    deliver(create, parent, `${HOST}/`);
    deliver(create, parent, 'null');
    deliver(create, { postMessage: () => undefined }, HOST);
    deliver(create, null, HOST);
    deliver(create, win, HOST);
    await settle();
    expect(calls).toEqual([]);
    expect(posted).toHaveLength(1);
  });

  it('ignores messages that are not requests of §7 (the page-typed MFA codes of before among them)', async () => {
    const { calls, handlers } = recordingHandlers();
    const { posted, deliver } = start(handlers);
    for (const data of [
      'wallet:create',
      null,
      { ...request('wallet:create'), source: 'other' },
      { ...request('wallet:create'), id: '' },
      { ...request('wallet:create'), id: 7 },
      { ...request('wallet:create'), id: 'x'.repeat(200) },
      request('mfa:verify', 'v', { accessToken: 't', method: 'totp', code: '123456' }),
      request('mfa:submit-enrollment'),
      request(WALLET_FRAME_READY),
      request('toString'),
    ]) {
      deliver(data);
    }
    await settle();
    expect(calls).toEqual([]);
    expect(posted).toHaveLength(1);
  });

  it('runs requests one at a time, in arrival order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handlers: FrameHandlers = {
      ...recordingHandlers().handlers,
      'wallet:create': async () => {
        order.push('create:start');
        await slow;
        order.push('create:end');
        return {};
      },
      'wallet:rpc': async () => {
        order.push('rpc');
        return {};
      },
    };
    const { deliver, posted } = start(handlers);
    deliver(request('wallet:create', '1'));
    deliver(request('wallet:rpc', '2'));
    await settle();
    expect(order).toEqual(['create:start']);
    release();
    await settle();
    expect(order).toEqual(['create:start', 'create:end', 'rpc']);
    expect(posted.slice(1).map((p) => (p.message as { id: string }).id)).toEqual(['1', '2']);
  });

  it('stays silent when it has no parent (opened top-level)', () => {
    const window = frameWindow();
    const top: FrameWindow = { ...window.win, parent: null };
    startFrame(top, HOST, recordingHandlers().handlers, surfaceChannel().hub);
    expect(window.posted).toEqual([]);
  });
});

describe('wallet errors in replies (§8)', () => {
  it('maps each failure to its wallet error type, with nothing unexpected leaking', () => {
    expect(toFrameError(new WalletNotOnDeviceError()).type).toBe('wallet_not_on_device');
    expect(toFrameError(new WrongPasswordError()).type).toBe('invalid_recovery_pin');
    expect(toFrameError(new PromptCancelledError())).toEqual({
      type: 'user_rejected',
      message: 'The user rejected the request.',
    });
    expect(toFrameError(new UserActionRequiredError()).type).toBe('user_action_required');
    // A step-up a request could not ask for: the user's next action asks.
    expect(toFrameError(new WalletApiError(403, 'step_up_required', 'Step-up required')).type).toBe(
      'user_action_required',
    );
    expect(toFrameError(new InvalidArgumentsError('address is invalid.'))).toEqual({
      type: 'invalid_request_arguments',
      message: 'address is invalid.',
    });
    expect(toFrameError(new InvalidRpcRequestError('Unsupported wallet RPC method.')).type).toBe(
      'invalid_request_arguments',
    );
    expect(toFrameError(new AddressMismatchError())).toEqual({
      type: 'error',
      message: 'The reconstructed key does not match the wallet address.',
    });
    expect(
      toFrameError(new WalletApiError(400, 'x', 'Only one wallet per user is currently allowed')),
    ).toEqual({
      type: 'error',
      message: 'Only one wallet per user is currently allowed',
    });
    expect(
      toFrameError(new WalletApiError(429, 'too_many_requests', 'Too many requests.')).message,
    ).toContain('code 429');
    expect(toFrameError(new Error('secret 0xabc inside'))).toEqual({
      type: 'error',
      message: 'Embedded wallet error',
    });
  });
});
