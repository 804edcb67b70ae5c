/**
 * The React entry's headless hooks and auth components (src/package/react.ts), rendered with
 * preact (the unit tests alias react to preact/compat) over a stand-in `window.LoginWidget`.
 */
import { atom } from 'nanostores';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GatehouseProvider,
  SignedIn,
  SignedOut,
  useLogin,
  useLoginWithEmail,
  useLoginWithSms,
} from '../../../src/package/react.js';
import type { User } from '../../../src/protocol/client.js';

const APP_ID = 'clz0000000000000000000000';
const slot = window as unknown as { LoginWidget?: unknown };
const ALICE = { id: 'did:gatehouse:alice', email: { address: 'alice@example.com' } } as unknown as User;

/** What the loader installs, with the headless calls answering as the widget does. */
function fakeWidget() {
  const stores = {
    $ready: atom(true),
    $user: atom<User | null>(null),
    $authenticated: atom(false),
    $wallets: atom([]),
  };
  const widget = {
    ...stores,
    ready: Promise.resolve(),
    sendCode: vi.fn(async (destination: { email?: string; phone?: string }) => {
      if (destination.email === 'nope') {
        throw Object.assign(new Error('Please enter a valid email address.'), { code: 'invalid_data' });
      }
    }),
    loginWithCode: vi.fn(async ({ code }: { code: string }) => {
      if (code !== '123456')
        throw Object.assign(new Error('Invalid or expired verification code'), {
          code: 'invalid_credentials',
        });
      stores.$user.set(ALICE);
      stores.$authenticated.set(true);
      window.dispatchEvent(
        new CustomEvent('login:success', { detail: { user: ALICE, isNewUser: false, loginMethod: 'email' } }),
      );
      return ALICE;
    }),
    login: vi.fn(async () => {}),
  };
  slot.LoginWidget = widget;
  return widget;
}

let root: HTMLElement;

async function mount(children: preact.ComponentChildren): Promise<HTMLElement> {
  root = document.createElement('div');
  document.body.appendChild(root);
  await act(async () => {
    render(
      <GatehouseProvider appId={APP_ID} apiUrl="https://provider.test">
        {children}
      </GatehouseProvider>,
      root,
    );
  });
  // load() resolves with the ready instance, then the provider renders with it.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return root;
}

afterEach(() => {
  render(null, root);
  root.remove();
  delete slot.LoginWidget;
});

/** A form of its own over useLoginWithEmail (or SMS), showing the state and the error. */
function CodeForm({ sms = false }: { sms?: boolean }) {
  const email = useLoginWithEmail();
  const phone = useLoginWithSms();
  const flow = sms ? phone : email;
  const [user, setUser] = useState('');
  const send = () =>
    sms ? phone.sendCode({ phone: '+14155550100' }) : email.sendCode({ email: 'alice@example.com' });
  return (
    <div>
      <p data-testid="state">{flow.state}</p>
      <p data-testid="error">{flow.error ? `${flow.error.code}: ${flow.error.message}` : ''}</p>
      <p data-testid="user">{user}</p>
      <button type="button" id="send" onClick={() => void send().catch(() => {})} />
      <button type="button" id="bad" onClick={() => void email.sendCode({ email: 'nope' }).catch(() => {})} />
      <button
        type="button"
        id="wrong"
        onClick={() => void flow.loginWithCode({ code: '000000' }).catch(() => {})}
      />
      <button
        type="button"
        id="right"
        onClick={() =>
          void flow.loginWithCode({ code: '123456' }).then((u) => setUser(u.email?.address ?? ''))
        }
      />
    </div>
  );
}

const text = (id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent;
/** Clicks, then lets the call's promise chain settle inside act(). */
const click = (id: string) =>
  act(async () => {
    root.querySelector<HTMLButtonElement>(`#${id}`)?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('useLoginWithEmail and useLoginWithSms', () => {
  it('move through the states to done, with the user', async () => {
    const widget = fakeWidget();
    await mount(<CodeForm />);
    expect(text('state')).toBe('initial');
    await click('send');
    expect(widget.sendCode).toHaveBeenCalledWith({ email: 'alice@example.com' });
    expect(text('state')).toBe('awaiting-code-input');
    await click('wrong');
    expect(text('state')).toBe('error');
    expect(text('error')).toBe('invalid_credentials: Invalid or expired verification code');
    await click('right');
    expect(text('state')).toBe('done');
    expect(text('error')).toBe('');
    expect(text('user')).toBe('alice@example.com');
  });

  it("show 'sending-code' while the code is on its way, and a refused address as the error", async () => {
    const widget = fakeWidget();
    let answer = () => {};
    widget.sendCode.mockImplementationOnce(() => new Promise<void>((resolve) => (answer = resolve)));
    await mount(<CodeForm />);
    await click('send');
    expect(text('state')).toBe('sending-code');
    await act(async () => answer());
    expect(text('state')).toBe('awaiting-code-input');
    await click('bad');
    expect(text('state')).toBe('error');
    expect(text('error')).toBe('invalid_data: Please enter a valid email address.');
  });

  it('useLoginWithSms sends to { phone }', async () => {
    const widget = fakeWidget();
    await mount(<CodeForm sms />);
    await click('send');
    expect(widget.sendCode).toHaveBeenCalledWith({ phone: '+14155550100' });
    expect(text('state')).toBe('awaiting-code-input');
  });

  it('reject with not_ready before the widget is ready', async () => {
    let caught: unknown;
    function Early() {
      const { sendCode, state, error } = useLoginWithEmail();
      return (
        <button
          type="button"
          id="early"
          onClick={() => void sendCode({ email: 'a@b.co' }).catch((e) => (caught = e))}
        >
          {state} {error?.code}
        </button>
      );
    }
    root = document.createElement('div');
    document.body.appendChild(root);
    await act(async () => render(<Early />, root));
    await click('early');
    expect(caught).toEqual({
      code: 'not_ready',
      message: 'Method called before ready: the Gatehouse widget is still loading',
    });
    expect(root.textContent).toBe('error not_ready');
  });
});

describe('useLogin', () => {
  it('opens the modal, and onComplete hears the login', async () => {
    const widget = fakeWidget();
    const onComplete = vi.fn();
    const onError = vi.fn();
    function Open() {
      const { login } = useLogin({ onComplete, onError });
      return <button type="button" id="open" onClick={() => void login()} />;
    }
    await mount(<Open />);
    await click('open');
    expect(widget.login).toHaveBeenCalledTimes(1);
    await act(async () => void (await widget.loginWithCode({ code: '123456' })));
    expect(onComplete).toHaveBeenCalledWith({ user: ALICE, isNewUser: false, loginMethod: 'email' });
    window.dispatchEvent(
      new CustomEvent('login:error', { detail: { code: 'exited_auth_flow', message: 'x' } }),
    );
    expect(onError).toHaveBeenCalledWith({ code: 'exited_auth_flow', message: 'x' });
  });
});

describe('<SignedIn> and <SignedOut>', () => {
  it('render their children by the login state, and follow it', async () => {
    const widget = fakeWidget();
    await mount(
      <>
        <SignedIn>
          <p>Welcome back</p>
        </SignedIn>
        <SignedOut>
          <p>Please log in</p>
        </SignedOut>
      </>,
    );
    expect(root.textContent).toBe('Please log in');
    await act(async () => void (await widget.loginWithCode({ code: '123456' })));
    expect(root.textContent).toBe('Welcome back');
  });

  it('<SignedOut> shows nothing while the session is not known', async () => {
    root = document.createElement('div');
    document.body.appendChild(root);
    await act(async () =>
      render(
        <SignedOut>
          <p>Please log in</p>
        </SignedOut>,
        root,
      ),
    );
    expect(root.textContent).toBe('');
  });
});
