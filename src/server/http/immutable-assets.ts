import type { FastifyStaticOptions } from '@fastify/static';

/** A year: what versioned, content-hashed files may be cached for. */
export const YEAR_MS = 365 * 24 * 60 * 60_000;

/**
 * @fastify/static options for a directory of versioned build output under `prefix`: files only (no
 * index, listing, redirect or dotfiles), cached a year as immutable, with `headers` on each answer.
 */
export function immutableAssets(
  root: string,
  prefix: string,
  headers: Record<string, string>,
): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    maxAge: YEAR_MS,
    immutable: true,
    setHeaders: (response) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    },
  };
}
