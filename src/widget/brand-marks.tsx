/**
 * The brand marks of the login methods and wallets, from simple-icons (CC0-1.0), each in its brand
 * colour, or in the text's colour where that colour would not stand out on the theme's background
 * (under 3:1, WCAG's contrast for graphics: X, Apple and GitHub in the dark theme, Spotify and
 * WalletConnect in the light one); Coinbase Wallet's app icon from its SDK; LinkedIn's from
 * bootstrap-icons and MetaMask's, Rainbow's and Phantom's app icons from web3icons (both MIT), which
 * simple-icons lacks. A chunk of its own, fetched when the first button showing a mark renders
 * (brand.tsx): the first modal carries none of it. Other wallets show an extension's own icon
 * (EIP-6963), else their monogram (WalletIcon.tsx).
 */
import metamask from '@web3icons/core/svgs/wallets/background/metamask.svg.js';
import phantom from '@web3icons/core/svgs/wallets/background/phantom.svg.js';
import rainbow from '@web3icons/core/svgs/wallets/background/rainbow.svg.js';
import linkedin from 'bootstrap-icons/icons/linkedin.svg?raw';
import type { ReactNode } from 'react';
import {
  siApple,
  siBinance,
  siBlockchaindotcom,
  siDiscord,
  siFarcaster,
  siGithub,
  siGoogle,
  siOkx,
  siRobinhood,
  siSpotify,
  siTiktok,
  siWalletconnect,
  siX,
} from 'simple-icons';
import { contrastRatio } from '../protocol/contrast.js';
import { useWidget } from './context.js';

interface Mark {
  /** On a `box` × `box` square (24 unless given); on a 1024 one for a tile. */
  path: string;
  hex: string;
  box?: number;
  /** An app icon: the mark in white on a square of `hex`, which stands out in either theme. */
  tile?: boolean;
}

/** The one path and the square of an SVG file that draws its mark with one path. */
function singlePath(svg: string, hex: string): Mark {
  return {
    hex,
    path: /\sd="([^"]+)"/.exec(svg)?.[1] ?? '',
    box: Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1] ?? 24),
  };
}

/**
 * Wallets' app icons, several colours on their own square (24 × 24): what is inside their `<svg>`.
 * Build-time text of a bundled package, never anything the page or a wallet sent.
 */
const APP_ICONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({ metamask, rainbow, phantom }).map(([id, svg]) => [
    id,
    svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>')),
  ]),
);

/**
 * Coinbase Wallet's app icon, as @coinbase/wallet-sdk draws it (assets/wallet-logo.js, 'standard';
 * Apache-2.0, bundled already): simple-icons' Coinbase is the company's wordmark, unreadable at 24 px.
 */
const COINBASE_WALLET: Mark = {
  hex: '0052FF',
  tile: true,
  path: 'M152 512C152 710.823 313.177 872 512 872C710.823 872 872 710.823 872 512C872 313.177 710.823 152 512 152C313.177 152 152 313.177 152 512ZM420 396C406.745 396 396 406.745 396 420V604C396 617.255 406.745 628 420 628H604C617.255 628 628 617.255 628 604V420C628 406.745 617.255 396 604 396H420Z',
};

/** By OAuth provider, 'farcaster', registry wallet id (protocol/wallet-registry.ts) and 'walletconnect'. */
const MARKS: Readonly<Record<string, Mark>> = {
  google: siGoogle,
  twitter: siX,
  discord: siDiscord,
  github: siGithub,
  spotify: siSpotify,
  tiktok: siTiktok,
  apple: siApple,
  farcaster: siFarcaster,
  coinbase: COINBASE_WALLET,
  walletconnect: siWalletconnect,
  okx: siOkx,
  binance: siBinance,
  robinhood: siRobinhood,
  blockchain: siBlockchaindotcom,
  // LinkedIn's blue (its brand guide's #0A66C2).
  linkedin: singlePath(linkedin, '0A66C2'),
};

/** WCAG 2.1 non-text contrast (1.4.11). */
const GRAPHIC_CONTRAST = 3;

/**
 * `brand`'s mark in a 20 px box (its class may size it otherwise), or `children` when it has none.
 * Decorative: the button it sits in names the brand.
 */
export default function BrandMark({
  brand,
  className,
  children,
}: {
  brand: string;
  className: string;
  children?: ReactNode;
}): ReactNode {
  const { look } = useWidget();
  if (Object.hasOwn(APP_ICONS, brand)) {
    return (
      <svg
        className={className}
        width={20}
        height={20}
        viewBox="0 0 24 24"
        aria-hidden="true"
        // A bundled icon's own markup (APP_ICONS), never text from the page or a wallet.
        dangerouslySetInnerHTML={{ __html: APP_ICONS[brand] as string }}
      />
    );
  }
  const mark = Object.hasOwn(MARKS, brand) ? MARKS[brand] : undefined;
  if (!mark) return children;
  const colour = `#${mark.hex}`;
  if (mark.tile) {
    return (
      <svg className={className} width={20} height={20} viewBox="0 0 1024 1024" aria-hidden="true">
        <rect width={1024} height={1024} fill={colour} />
        <path d={mark.path} fill="#FFFFFF" fillRule="evenodd" />
      </svg>
    );
  }
  const stands = contrastRatio(colour, look.background) >= GRAPHIC_CONTRAST;
  return (
    <svg
      className={className}
      width={20}
      height={20}
      viewBox={`0 0 ${mark.box ?? 24} ${mark.box ?? 24}`}
      aria-hidden="true"
    >
      <path d={mark.path} fill={stands ? colour : 'currentColor'} />
    </svg>
  );
}
