/*
 * Demo only: two test wallets, "Demo Wallet 1" and "Demo Wallet 2", that stand in for a browser
 * extension on the demo page, so wallet login, linking and connecting can be tried without one.
 *
 * Each is an EIP-1193 provider announced by EIP-6963, the way an extension announces itself. It
 * holds no key: it asks the local Hardhat dev chain (`npm start`) to sign. Hardhat Network unlocks
 * its 20 publicly known dev accounts and signs for them over JSON-RPC; wallet 1 uses the chain's
 * account 1, wallet 2 its account 2 (account 0 is the faucet's). These keys are public: never send
 * anything of value to them. The browser's confirm dialog stands in for the extension's popup.
 *
 * A real extension (MetaMask etc.) installed in the browser announces itself too and shows beside
 * these two. Load this classic script before the Gatehouse loader:
 *   <script src="/demo-wallet.js" data-chain-rpc-url="http://127.0.0.1:8545"></script>
 * `window.demoWallets.disconnect()` forgets both wallets (as "Disconnect" in an extension would).
 */
(() => {
  const rpcUrl = document.currentScript?.dataset.chainRpcUrl;
  if (!rpcUrl || rpcUrl.startsWith('{{')) {
    console.warn('demo-wallet.js: no data-chain-rpc-url on its script tag; the demo wallets are off.');
    return;
  }

  /** An EIP-1193 error: an Error with the provider's `code`. */
  const providerError = (code, message, data) =>
    Object.assign(new Error(message), { code }, data === undefined ? {} : { data });
  const rejected = () => providerError(4001, 'User rejected the request.');

  let rpcId = 0;
  /** One JSON-RPC call to the dev chain; its errors are thrown with their code and message. */
  async function rpc(method, params = []) {
    let body;
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      });
      body = await res.json();
    } catch {
      throw providerError(4900, `The dev chain at ${rpcUrl} is not reachable: is \`npm start\` running?`);
    }
    if (body.error) throw providerError(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  // Asked once per page (and again after a failure): the chain's accounts and its id (0x7a69).
  let accountsOfChain = null;
  let idOfChain = null;
  const chainAccounts = () => {
    accountsOfChain ??= rpc('eth_accounts').catch((error) => {
      accountsOfChain = null;
      throw error;
    });
    return accountsOfChain;
  };
  const devChainId = () => {
    idOfChain ??= rpc('eth_chainId').catch((error) => {
      idOfChain = null;
      throw error;
    });
    return idOfChain;
  };

  /** A chain id as the canonical hex string ('0x7a69'), or null when it is not one. */
  function hexChainId(value) {
    if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) return null;
    return `0x${BigInt(value).toString(16)}`;
  }

  /** personal_sign's message, 0x hex of UTF-8 bytes, as text (the hex itself when it is no UTF-8). */
  function decodeMessage(data) {
    if (typeof data !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(data)) return String(data);
    const bytes = new Uint8Array(
      data
        .slice(2)
        .match(/../g)
        ?.map((byte) => Number.parseInt(byte, 16)) ?? [],
    );
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return data;
    }
  }

  const short = (address) => `${address.slice(0, 6)}…${address.slice(-4)}`;

  const icon = (color, label) =>
    `data:image/svg+xml,${encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${color}"/><text x="16" y="22" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff">${label}</text></svg>`,
    )}`;

  function createDemoWallet(index, color) {
    const name = `Demo Wallet ${index}`;
    const storageKey = `gatehouse-demo-wallet-${index}:connected`;
    const listeners = new Map();
    // The wallet's current chain: the dev chain's own id until a switch.
    let chainId = null;
    const knownChains = new Set();

    function emit(event, value) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          listener(value);
        } catch (error) {
          console.error(error);
        }
      }
    }

    const isConnected = () => localStorage.getItem(storageKey) === 'true';

    async function address() {
      const account = (await chainAccounts())[index];
      if (!account) throw providerError(-32603, `The dev chain has no account ${index}.`);
      return account;
    }

    async function currentChain() {
      if (chainId === null) {
        const dev = await devChainId();
        knownChains.add(dev);
        chainId ??= dev;
      }
      return chainId;
    }

    /** The wallet's address, when this page is connected and `from` (if given) is that address. */
    async function authorizedAccount(from) {
      const account = await address();
      const matches = from === undefined || String(from).toLowerCase() === account.toLowerCase();
      if (!isConnected() || !matches) {
        throw providerError(4100, `The account ${from ?? account} is not connected to this page.`);
      }
      return account;
    }

    async function request({ method, params = [] } = {}) {
      switch (method) {
        case 'eth_requestAccounts': {
          const account = await address();
          if (!window.confirm(`Connect ${name} (${short(account)}) to this page?`)) throw rejected();
          const wasConnected = isConnected();
          localStorage.setItem(storageKey, 'true');
          if (!wasConnected) emit('accountsChanged', [account]);
          return [account];
        }
        case 'eth_accounts':
          return isConnected() ? [await address()] : [];
        case 'eth_chainId':
          return currentChain();
        case 'wallet_switchEthereumChain': {
          await currentChain();
          const wanted = hexChainId(params[0]?.chainId);
          if (!wanted || !knownChains.has(wanted)) {
            throw providerError(4902, `Unrecognized chain ID "${params[0]?.chainId}".`);
          }
          if (wanted !== chainId) {
            chainId = wanted;
            emit('chainChanged', chainId);
          }
          return null;
        }
        case 'wallet_addEthereumChain': {
          // The chain becomes known, so a switch to it is allowed; but only the dev chain is
          // reachable: after such a switch eth_chainId answers the added chain while every request
          // still goes to the dev chain.
          await currentChain();
          const added = hexChainId(params[0]?.chainId);
          if (!added) throw providerError(-32602, 'wallet_addEthereumChain needs a hex chainId.');
          knownChains.add(added);
          return null;
        }
        case 'personal_sign': {
          const [data, from] = params;
          const account = await authorizedAccount(from);
          const text = decodeMessage(data);
          if (!window.confirm(`${name} (${short(account)}): sign this message?\n\n${text}`)) throw rejected();
          return rpc('personal_sign', [data, account]);
        }
        case 'eth_signTypedData_v4': {
          const [from, typedData] = params;
          const account = await authorizedAccount(from);
          let text = typeof typedData === 'string' ? typedData : JSON.stringify(typedData);
          try {
            text = JSON.stringify(JSON.parse(text), null, 2);
          } catch {
            // shown as given
          }
          if (!window.confirm(`${name} (${short(account)}): sign this typed data?\n\n${text}`))
            throw rejected();
          return rpc('eth_signTypedData_v4', [account, typedData]);
        }
        case 'eth_sendTransaction': {
          const account = await authorizedAccount(params[0]?.from);
          const tx = { ...params[0], from: account };
          const value = BigInt(tx.value ?? 0);
          const question = `${name} (${short(account)}): send this transaction?\n\nto: ${tx.to ?? '(new contract)'}\nvalue: ${value} wei`;
          if (!window.confirm(question)) throw rejected();
          return rpc('eth_sendTransaction', [tx]);
        }
        // Other ways to sign would go to the chain without a confirmation: not offered.
        case 'eth_sign':
        case 'eth_signTransaction':
        case 'eth_signTypedData':
        case 'eth_signTypedData_v1':
        case 'eth_signTypedData_v3':
          throw providerError(4200, `${name} does not support ${method}.`);
        default:
          // Read methods (eth_getBalance, eth_call, eth_blockNumber, …) go to the dev chain.
          return rpc(method, params);
      }
    }

    const provider = {
      isDemoWallet: true,
      request,
      on(event, listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event).add(listener);
        return provider;
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    const info = {
      uuid: crypto.randomUUID(),
      name,
      icon: icon(color, index),
      rdns: `dev.gatehouse.demo-wallet-${index}`,
    };
    /** Forgets this page: the next eth_requestAccounts asks again. */
    function disconnect() {
      localStorage.removeItem(storageKey);
      emit('accountsChanged', []);
    }
    return { info, provider, disconnect };
  }

  const wallets = [createDemoWallet(1, '#676fff'), createDemoWallet(2, '#0f9d6b')];

  function announce() {
    for (const { info, provider } of wallets) {
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
      );
    }
  }
  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  window.demoWallets = {
    wallets: wallets.map(({ info, provider }) => ({ info, provider })),
    /** "Disconnect demo wallets": both forget this page and emit accountsChanged []. */
    disconnect() {
      for (const wallet of wallets) wallet.disconnect();
    },
  };
})();
