import type { FastifyStaticOptions } from '@fastify/static';

/** A year: what versioned, content-hashed files may be cached for. */
export const YEAR_MS = 365 * 24 * 60 * 60_000;

/**
 * @fastify/static options for a directory of versioned build output under `prefix`: files only (no
 * index, listing, redirect or dotfiles), cached a year as immutable, brotli or gzip when the build made
 * a copy, with `headers` on each answer.
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
    // x.js.br / x.js.gz made at build time (scripts/precompress.mjs), sent to browsers that accept them.
    preCompressed: true,
    setHeaders: (response) => {
      // The same URL answers brotli, gzip or plain by the request's Accept-Encoding: caches must key on it.
      response.setHeader('Vary', 'Accept-Encoding');
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    },
  };
}
