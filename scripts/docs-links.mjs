/**
 * Checks every internal link of the built documentation site (docs/.vitepress/dist): the page or
 * file it names exists, and so does the anchor after its `#`. VitePress fails the build on a link
 * to a missing page; this adds the anchors it does not check. Run after `vitepress build docs`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const DIST = 'docs/.vitepress/dist';
const SITE = 'https://docs.invalid';

const entities = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (text) => text.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => entities[entity]);

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** The built file a site path names, as VitePress writes it (`/a/b`, `/a/b.html`, `/a/`). */
function fileOf(pathname) {
  const path = decodeURIComponent(pathname).replace(/^\/+/, '');
  const candidates = [path, `${path}.html`, join(path, 'index.html')];
  return candidates
    .map((candidate) => join(DIST, candidate))
    .find((file) => existsSync(file) && statSync(file).isFile());
}

const idCache = new Map();
function idsOf(file) {
  if (!idCache.has(file)) {
    const html = readFileSync(file, 'utf8');
    idCache.set(file, new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decode(match[1]))));
  }
  return idCache.get(file);
}

function problemOf(page, href) {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) return undefined; // another site, mailto:, javascript:
  const base = new URL(`/${relative(DIST, page).split('\\').join('/')}`, SITE);
  const target = new URL(href, base);
  const file = target.pathname === base.pathname ? page : fileOf(target.pathname);
  if (!file) return `no page or file ${target.pathname}`;
  const anchor = decodeURIComponent(target.hash.slice(1));
  if (anchor && file.endsWith('.html') && !idsOf(file).has(anchor)) {
    return `no anchor #${anchor} in ${relative(DIST, file)}`;
  }
  return undefined;
}

if (!existsSync(DIST)) {
  console.error(`${DIST} is missing: run \`vitepress build docs\` first.`);
  process.exit(1);
}
/**
 * A page copied as it is from docs/public (the Redoc HTTP API reference) is a single-page app of
 * its own: its hrefs are its client routes and script text, not links of this site.
 */
const isPublicCopy = (page) => existsSync(join('docs/public', relative(DIST, page)));

const problems = [];
const pages = htmlFiles(DIST).filter((page) => !isPublicCopy(page));
for (const page of pages) {
  for (const match of readFileSync(page, 'utf8').matchAll(/\shref="([^"]*)"/g)) {
    const href = decode(match[1]);
    const problem = href ? problemOf(page, href) : 'an empty href';
    if (problem) problems.push(`${relative(DIST, page)}: ${href} (${problem})`);
  }
}
if (problems.length > 0) {
  console.error(`Broken internal links in the documentation site:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`docs: every internal link and anchor of ${pages.length} pages resolves.`);
