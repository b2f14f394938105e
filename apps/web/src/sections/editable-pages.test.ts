import { EDITABLE_FILES } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { pageModules } from '../routes';

// The file editor's "View page" link goes to the pages EDITABLE_FILES names for each section:
// they must be the pages that really render it.
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// A static import of a section.
const SECTION_IMPORT = /(?:from |import\()'(?:\.\.\/)+sections\/([\w-]+)'/g;

/** Which source files import which section files (`apps/web/src/sections/x.tsx`). */
function importers(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources)) {
    for (const [, section] of text.matchAll(SECTION_IMPORT)) {
      const key = `apps/web/src/sections/${section}.tsx`;
      found.set(key, [...(found.get(key) ?? []), file]);
    }
  }
  return found;
}

/** A page's feature folder (`../features/home/`): its module and the parts it loads lazily. */
const folderOf = (file: string) => file.replace(/[^/]+$/, '');

describe('the pages of each editable section', () => {
  it('are the pages whose folder renders it, and only page folders import sections', () => {
    const byFolder = new Map(
      Object.entries(pageModules).map(([path, file]) => [folderOf(`../${file}`), path]),
    );
    const seen = importers();
    for (const file of EDITABLE_FILES) {
      const users = seen.get(file.path) ?? [];
      for (const user of users)
        expect(byFolder.has(folderOf(user)), `${user} is in a page's folder`).toBe(true);
      expect([...file.pages].sort(), file.path).toEqual(
        [...new Set(users.map((user) => byFolder.get(folderOf(user))))].sort(),
      );
    }
  });
});
