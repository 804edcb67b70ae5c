import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = join(root, 'src/server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `app.post<{ Body: X }>`, `FastifyRequest<{ Params: Y }>`: a request shape written beside its schema. */
const HAND_WRITTEN_GENERIC = /<\s*\{[^<>]*\b(Body|Querystring|Params|Headers)\??\s*:/;
/** `request.body as X`: the same, by a cast. */
const CAST_REQUEST_PART = /\brequest\.(body|query|params|headers)\s+as\b/;

describe('server request types come from the route schemas (http/schema-types.ts)', () => {
  it('no file under src/server writes a request shape by hand', () => {
    const offenders = sources(server).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(root, file)}:${index + 1}` }))
        .filter(({ line }) => HAND_WRITTEN_GENERIC.test(line) || CAST_REQUEST_PART.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises both forms it forbids', () => {
    expect(HAND_WRITTEN_GENERIC.test('app.post<{ Body: LogoutBody }>(')).toBe(true);
    expect(HAND_WRITTEN_GENERIC.test('request: FastifyRequest<{ Params: P; Body: B }>,')).toBe(true);
    expect(HAND_WRITTEN_GENERIC.test('scope.get<{ Querystring: Q }>(')).toBe(true);
    expect(CAST_REQUEST_PART.test('const body = request.body as Shape;')).toBe(true);
    expect(HAND_WRITTEN_GENERIC.test('request: SchemaRequest<typeof verifySchema>,')).toBe(false);
  });
});
