/** Current time in milliseconds; injectable so tests can move past expiries. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Milliseconds (as stored, possibly a bigint string) to the wire's unix seconds. */
export function unixSeconds(ms: number | string | bigint): number {
  return Math.floor(Number(ms) / 1000);
}
