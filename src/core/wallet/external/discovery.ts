/**
 * Browser-extension wallets (§4.4, §9): EIP-6963 discovery — listen for announcements, ask once,
 * wait up to WALLET_DISCOVERY_WAIT_MS — plus the legacy `window.ethereum` when no announced wallet
 * is the same object. Never blocks: `$detected` fills as wallets answer, and `settled` resolves
 * when the wait is over (or at once after a late announcement has been seen).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import {
  EIP6963_ANNOUNCE_EVENT,
  EIP6963_REQUEST_EVENT,
  type ExternalEthereumProvider,
  METAMASK_RDNS,
  WALLET_DISCOVERY_WAIT_MS,
  type WalletProviderInfo,
} from '../../../protocol/external-wallet.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';

export interface DetectedWallet {
  info: WalletProviderInfo;
  provider: ExternalEthereumProvider;
}

/** The uuid given to `window.ethereum` when no EIP-6963 announcement carries it. */
export const LEGACY_WALLET_UUID = 'legacy-window-ethereum';

/** An EIP-1193 provider, and not our own embedded wallet's (announced to the page's dapps too). */
const isProvider = (value: unknown): value is ExternalEthereumProvider =>
  !!value &&
  typeof (value as ExternalEthereumProvider).request === 'function' &&
  !(value as { isGatehouse?: boolean }).isGatehouse;

function validInfo(value: unknown): value is WalletProviderInfo {
  const info = value as WalletProviderInfo;
  return (
    !!info &&
    typeof info.uuid === 'string' &&
    info.uuid.length > 0 &&
    typeof info.name === 'string' &&
    typeof info.rdns === 'string' &&
    (typeof info.icon === 'string' ? info.icon === '' || info.icon.startsWith('data:image/') : false)
  );
}

/** An announced wallet hides the legacy entry of the same provider. */
function withoutDuplicateLegacy(all: DetectedWallet[]): DetectedWallet[] {
  const legacy = all.find((w) => w.info.uuid === LEGACY_WALLET_UUID);
  if (!legacy) return all;
  const announced = all.filter((w) => w !== legacy);
  return announced.some((w) => w.provider === legacy.provider) ? announced : [...announced, legacy];
}

export interface DiscoveryOptions {
  /** The page's window (events and `ethereum`). */
  page: EventTarget & { ethereum?: unknown };
  waitMs?: number;
}

export class WalletDiscovery {
  private readonly announced = atom<DetectedWallet[]>([]);
  private readonly page: DiscoveryOptions['page'];
  /** Every wallet found so far: the announced ones, then `window.ethereum` when it is none of them. */
  readonly $detected: ReadableAtom<DetectedWallet[]>;
  readonly settled: Promise<void>;

  constructor(options: DiscoveryOptions) {
    this.page = options.page;
    this.$detected = computed(this.announced, withoutDuplicateLegacy);
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<{ info?: unknown; provider?: unknown }>).detail;
      if (!detail || !validInfo(detail.info) || !isProvider(detail.provider)) return;
      const info = detail.info;
      const provider = detail.provider;
      const others = this.announced.get().filter((w) => w.info.uuid !== info.uuid && w.provider !== provider);
      this.announced.set([...others, { info: { ...info }, provider }]);
    };
    this.page.addEventListener(EIP6963_ANNOUNCE_EVENT, onAnnounce);
    this.page.dispatchEvent(new Event(EIP6963_REQUEST_EVENT));
    this.addLegacy();
    const waitMs = options.waitMs ?? WALLET_DISCOVERY_WAIT_MS;
    this.settled = new Promise((resolve) => setTimeout(resolve, waitMs));
  }

  /** `window.ethereum`, when no announced wallet is the same provider (its announcement replaces it). */
  private addLegacy(): void {
    const legacy = this.page.ethereum;
    if (!isProvider(legacy)) return;
    const isMetaMask = (legacy as { isMetaMask?: boolean }).isMetaMask === true;
    const info: WalletProviderInfo = {
      uuid: LEGACY_WALLET_UUID,
      name: isMetaMask ? 'MetaMask' : EXTERNAL_WALLET_TEXT.browserWallet,
      icon: '',
      rdns: isMetaMask ? METAMASK_RDNS : '',
    };
    this.announced.set([...this.announced.get(), { info, provider: legacy }]);
  }

  /** The wallets to offer: an announced wallet hides the legacy entry of the same provider. */
  wallets(): DetectedWallet[] {
    return this.$detected.get();
  }

  /** A wallet by uuid or rdns, waiting for discovery to settle when it has not answered yet. */
  async find(match: (info: WalletProviderInfo) => boolean): Promise<DetectedWallet | undefined> {
    const now = this.wallets().find((w) => match(w.info));
    if (now) return now;
    await this.settled;
    return this.wallets().find((w) => match(w.info));
  }
}
