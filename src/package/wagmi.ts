/**
 * `@gatehousejs/widget/wagmi`: the embedded wallet as a wagmi connector. `connect` opens the login
 * modal when no one is logged in and resolves with the embedded wallet (made first when the user
 * has none); `switchChain` asks the wallet (the chain rules the widget applies); `reconnect` on a
 * page load finds the stored session with no modal; `disconnect` logs out. The widget comes from
 * `load(options)`, or from the page's own loader tag when no options are given.
 */
import { type CreateConnectorFn, createConnector } from '@wagmi/core';
import type { Address, Chain } from 'viem';
import { announcedWalletRdns } from '../protocol/eip6963.js';
import { EVENTS } from '../protocol/events.js';
import type { Eip1193Provider, LoginWidgetApi } from '../protocol/login-widget.js';
import { type LoadOptions, load } from './load.js';

/** EIP-1193's codes a dapp library tells apart: the user said no; the wallet is not connected. */
const USER_REJECTED = 4001;
const DISCONNECTED = 4900;

const providerError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** The page's widget: `load(options)`, or the instance of the page's own loader tag. */
async function widgetOf(options?: LoadOptions): Promise<LoginWidgetApi> {
  if (options) return load(options);
  const widget = (globalThis as { LoginWidget?: LoginWidgetApi }).LoginWidget;
  if (!widget?.ready)
    throw providerError(DISCONNECTED, 'No Gatehouse widget on this page: pass load() options.');
  await widget.ready;
  return (globalThis as unknown as { LoginWidget: LoginWidgetApi }).LoginWidget;
}

/** Opens the login modal and settles once someone is logged in, or rejects (4001) when it closes first. */
function logIn(widget: LoginWidgetApi): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      removeEventListener(EVENTS.loginSuccess, onLogin);
      removeEventListener(EVENTS.modalClose, onClose);
    };
    const onLogin = () => {
      done();
      resolve();
    };
    const onClose = () => {
      done();
      if (widget.authenticated) resolve();
      else reject(providerError(USER_REJECTED, 'The login was closed.'));
    };
    addEventListener(EVENTS.loginSuccess, onLogin);
    addEventListener(EVENTS.modalClose, onClose);
    widget.login().catch((error: unknown) => {
      done();
      reject(error);
    });
  });
}

/**
 * The embedded wallet's address, made first when the user has none (joining one being made). A
 * reconnection only reads it (`eth_accounts`): loading the key on a new device may ask the user,
 * which waits for their first signature rather than a page load.
 */
async function embeddedAddress(widget: LoginWidgetApi, reconnecting: boolean): Promise<Address> {
  if (!widget.user?.wallet && !reconnecting) await widget.createWallet().catch(() => {});
  const provider = await widget.getEthereumProvider();
  const method = reconnecting ? 'eth_accounts' : 'eth_requestAccounts';
  const [address] = (await provider.request({ method })) as Address[];
  if (!address) throw providerError(DISCONNECTED, 'The user has no embedded wallet.');
  return address;
}

/**
 * The rdns the embedded wallet announces itself with (EIP-6963): this connector's too, so that wagmi
 * does not list the announced wallet a second time as an injected one.
 */
function rdnsOf(options?: LoadOptions): string | undefined {
  const tag =
    typeof document === 'undefined' ? null : document.querySelector<HTMLScriptElement>('script[data-app-id]');
  const apiUrl = options?.apiUrl ?? tag?.dataset.apiUrl ?? (tag?.src ? new URL(tag.src).origin : undefined);
  try {
    return apiUrl ? announcedWalletRdns(apiUrl) : undefined;
  } catch {
    return undefined;
  }
}

const chainIdOf = async (provider: Eip1193Provider): Promise<number> =>
  Number(await provider.request({ method: 'eth_chainId' }));

export type GatehouseConnectorOptions = LoadOptions;

/** The wagmi connector of the Gatehouse embedded wallet; `options` load the widget when the page has no tag. */
export function gatehouse(options?: GatehouseConnectorOptions): CreateConnectorFn<Eip1193Provider> {
  return createConnector<Eip1193Provider>((config) => {
    let provider: Eip1193Provider | undefined;
    const onAccountsChanged = (accounts: unknown) => {
      const list = accounts as Address[];
      if (list.length === 0) config.emitter.emit('disconnect');
      else config.emitter.emit('change', { accounts: list });
    };
    const onChainChanged = (chainId: unknown) => config.emitter.emit('change', { chainId: Number(chainId) });
    const onLogout = () => config.emitter.emit('disconnect');
    const listen = (on: boolean) => {
      if (!provider) return;
      const method = on ? provider.on.bind(provider) : provider.removeListener.bind(provider);
      method('accountsChanged', onAccountsChanged);
      method('chainChanged', onChainChanged);
      (on ? addEventListener : removeEventListener)(EVENTS.logout, onLogout);
    };
    const connector = {
      id: 'gatehouse',
      name: 'Gatehouse',
      type: 'gatehouse',
      rdns: rdnsOf(options),
      async connect({ chainId, isReconnecting }: { chainId?: number; isReconnecting?: boolean } = {}) {
        const widget = await widgetOf(options);
        if (!widget.authenticated) {
          if (isReconnecting) throw providerError(DISCONNECTED, 'Not logged in.');
          await logIn(widget);
        }
        const address = await embeddedAddress(widget, Boolean(isReconnecting));
        provider = await widget.getEthereumProvider();
        listen(true);
        let current = await chainIdOf(provider);
        if (chainId !== undefined && chainId !== current)
          current = (await connector.switchChain({ chainId })).id;
        // The shape wagmi's generic flag asks for (plain addresses: no capabilities), as its own connectors cast it.
        return { accounts: [address] as never, chainId: current };
      },
      async disconnect() {
        listen(false);
        await (await widgetOf(options)).logout();
      },
      async getAccounts() {
        const wallet = (await widgetOf(options)).user?.wallet;
        return wallet ? [wallet.address as Address] : [];
      },
      async getChainId() {
        return chainIdOf(await connector.getProvider());
      },
      async getProvider() {
        provider ??= await (await widgetOf(options)).getEthereumProvider();
        return provider;
      },
      async isAuthorized() {
        const widget = await widgetOf(options).catch(() => null);
        return Boolean(widget?.authenticated && widget.user?.wallet);
      },
      async switchChain({ chainId }: { chainId: number }): Promise<Chain> {
        const chain = config.chains.find((known) => known.id === chainId);
        if (!chain) throw providerError(4902, `Chain ${chainId} is not in the wagmi configuration.`);
        const wallet = await connector.getProvider();
        await wallet.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${chainId.toString(16)}` }],
        });
        config.emitter.emit('change', { chainId });
        return chain;
      },
      onAccountsChanged,
      onChainChanged,
      onDisconnect() {
        listen(false);
        config.emitter.emit('disconnect');
      },
    };
    return connector;
  });
}
