/**
 * The documentation site. The sidebar is read from the folders under docs/: each folder is a
 * group, each page in it an entry (its `title` front matter or first `# ` heading, ordered by its
 * `order` front matter, then by title), so a page added later appears without touching this file.
 * A folder inside a group (the generated reference/api/) is a collapsed entry of its own: its
 * index.md is the entry, its other pages the items under it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';

const DOCS = fileURLToPath(new URL('..', import.meta.url));

/** Groups in reading order; any other folder follows, by name. */
const GROUPS: Record<string, string> = {
  guide: 'Getting started',
  login: 'Login methods',
  wallets: 'Wallets',
  server: 'The provider server',
  operations: 'Operations',
  reference: 'Reference',
};

interface Page {
  text: string;
  link: string;
  order: number;
  items?: DefaultTheme.SidebarItem[];
}

function readPage(folder: string, file: string): Page {
  const source = readFileSync(join(DOCS, folder, file), 'utf8');
  const front = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(front)?.[1]?.trim();
  const heading = /^# (.+)$/m.exec(source)?.[1]?.trim();
  const name = file.replace(/\.md$/, '');
  return {
    text: field('title')?.replace(/^['"]|['"]$/g, '') ?? heading ?? name,
    link: `/${folder}/${name === 'index' ? '' : name}`,
    order: Number(field('order') ?? 100),
  };
}

/** A folder's pages, in order; a subfolder with an index.md is one collapsed entry holding its pages. */
function pages(folder: string): Page[] {
  const entries = readdirSync(join(DOCS, folder), { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md'));
  const nested = entries
    .filter((entry) => entry.isDirectory() && existsSync(join(DOCS, folder, entry.name, 'index.md')))
    .map((entry): Page => {
      const sub = `${folder}/${entry.name}`;
      const items = pages(sub).filter((page) => page.link !== `/${sub}/`);
      return { ...readPage(sub, 'index.md'), items: items.map(sidebarItem) };
    });
  return [...files.map((file) => readPage(folder, file.name)), ...nested].sort(
    (a, b) => a.order - b.order || a.text.localeCompare(b.text),
  );
}

function sidebarItem({ text, link, items }: Page): DefaultTheme.SidebarItem {
  return items ? { text, link, items, collapsed: true } : { text, link };
}

function sidebar(): DefaultTheme.SidebarItem[] {
  const folders = readdirSync(DOCS).filter(
    (entry) => !entry.startsWith('.') && entry !== 'public' && statSync(join(DOCS, entry)).isDirectory(),
  );
  const known = Object.keys(GROUPS);
  folders.sort((a, b) => {
    const rank = (folder: string) => (known.includes(folder) ? known.indexOf(folder) : known.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return folders.map((folder) => ({
    text: GROUPS[folder] ?? folder[0]!.toUpperCase() + folder.slice(1),
    collapsed: false,
    items: pages(folder).map(sidebarItem),
  }));
}

export default defineConfig({
  title: 'Gatehouse',
  description: 'Self-hostable login and embedded-wallet widget, with its own provider server.',
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/guide/script-tag' },
      { text: 'Security', link: '/reference/security' },
      { text: 'Versioning', link: '/reference/versioning' },
    ],
    sidebar: sidebar(),
    outline: { level: [2, 3] },
    search: { provider: 'local' },
  },
});
