/**
 * The console's sections, one shown at a time and named in the address's hash (`#users`), so a
 * reload or a shared address opens the same one and the browser's Back goes to the one before.
 */
import { atom } from 'nanostores';

export const SECTIONS = ['apps', 'users', 'activity', 'security', 'operators', 'audit'] as const;
export type SectionId = (typeof SECTIONS)[number];

const fromHash = (): SectionId => {
  const id = location.hash.slice(1);
  return (SECTIONS as readonly string[]).includes(id) ? (id as SectionId) : 'apps';
};

export const $section = atom<SectionId>(fromHash());

addEventListener('hashchange', () => $section.set(fromHash()));

/** Shows a section and records it in the address (a history entry of its own). */
export function showSection(id: SectionId): void {
  if ($section.get() === id) return;
  location.hash = id;
  $section.set(id);
}
