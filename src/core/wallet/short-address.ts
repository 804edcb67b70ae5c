/**
 * An address as the screens show it (§9), in a module of its own: the external wallets' screens
 * need it without the wallet's amount formatting.
 */
/** §9: the 0x prefix and 3 characters, then the last 4: '0xf39…2266'. */
export function shortenAddress(address: string): string {
  if (address.length <= 9) return address;
  return `${address.slice(0, 5)}…${address.slice(-4)}`;
}
