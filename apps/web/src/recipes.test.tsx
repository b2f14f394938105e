// CONTRIBUTING.md's recipes for a page and an admin screen, followed with the code it shows: its
// route module and its line in the route table, written into a scratch copy of the route table
// (apps/web/.recipe-check, removed afterwards). Fails when following them no longer gives a route.
import fs from 'node:fs';
import path from 'node:path';
import { pageEntrySchema, PUBLIC_ROUTES } from '@cedar/content';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ScreensTable from './features/admin/lib/screens';
import { renderWithProviders } from './test/render';

const src = import.meta.dirname;
const scratch = path.join(src, '..', '.recipe-check');
const contributing = fs.readFileSync(path.join(src, '../../../CONTRIBUTING.md'), 'utf8');

/** The code block under `<!-- recipe: <name> -->`, its indentation taken off. */
function block(name: string): string {
  const found = new RegExp(
    `<!-- recipe: ${name} -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\\n\\s*\`\`\``,
  ).exec(contributing);
  if (!found?.[1]) throw new Error(`CONTRIBUTING.md has no recipe block "${name}"`);
  const lines = found[1].split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** `source`, which the recipe puts at `file` (from src), with its relative imports made absolute. */
function placed(source: string, file: string) {
  return source.replace(/from '(\.\.?\/(?!\+types\/)[^']+)'/g, (_, spec: string) => {
    return `from '${path.join(src, path.dirname(file), spec)}'`;
  });
}

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  fs.writeFileSync(path.join(scratch, file), text);
}

/** routes.ts with `line` added after the line that matches `after`. */
function routesWith(routes: string, after: RegExp, line: string) {
  const at = after.exec(routes);
  if (!at) throw new Error(`src/routes.ts has no line matching ${after}`);
  const end = routes.indexOf('\n', at.index) + 1;
  return `${routes.slice(0, end)}${line}\n${routes.slice(end)}`;
}

const PAGE_FILE = 'features/puppy-care/puppy-care-page.tsx';
const SCREEN_FILE = 'features/admin/puppy-notes-screen.tsx';
const SCREENS_TABLE = 'features/admin/lib/screens.ts';

// The page's copy, which the recipe puts into packages/content's src/copy/.
vi.mock('@cedar/content', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  puppyCareCopy: { heading: 'Puppy Care', intro: 'How we raise our puppies.' },
}));

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
let routes: { default: RouteEntry[]; pageModules: Record<string, string> };

beforeAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  let table = fs.readFileSync(path.join(src, 'routes.ts'), 'utf8');
  table = routesWith(table, /export const pageModules\b.*= \{$/m, block('page route line'));
  table = routesWith(
    table,
    /layout\('features\/admin\/admin-shell\.tsx', \[$/m,
    block('admin route line'),
  );
  write('routes.ts', table);
  write(PAGE_FILE, placed(block('page module'), PAGE_FILE));
  write(SCREEN_FILE, placed(block('admin screen module'), SCREEN_FILE));
  const screensTable = fs.readFileSync(path.join(src, SCREENS_TABLE), 'utf8');
  write(
    SCREENS_TABLE,
    routesWith(screensTable, /export const ADMIN_SCREENS\b.*= \[$/m, block('admin screens line')),
  );
  routes = await import(/* @vite-ignore */ path.join(scratch, 'routes.ts'));
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const all = (config: RouteEntry[]): RouteEntry[] =>
  config.flatMap((r) => [r, ...all(r.children ?? [])]);

describe("CONTRIBUTING.md's recipe for a page", () => {
  const entry = pageEntrySchema.parse(new Function(`return (${block('page registry entry')});`)());

  it('gives a route the route table test accepts once the registry has its entry', () => {
    expect(PUBLIC_ROUTES).not.toContain(entry.path);
    expect(Object.keys(routes.pageModules).sort()).toEqual([...PUBLIC_ROUTES, entry.path].sort());
    expect(all(routes.default)).toContainEqual(
      expect.objectContaining({ path: entry.path.slice(1), file: PAGE_FILE }),
    );
  });

  it('gives a route module with its loader, meta and page', async () => {
    const page = await import(/* @vite-ignore */ path.join(scratch, PAGE_FILE));
    expect(page.loader).toBeTypeOf('function');
    expect(page.meta).toBeTypeOf('function');
    renderWithProviders(<page.default />);
    expect(screen.getByRole('heading', { level: 1, name: 'Puppy Care' })).toBeInTheDocument();
  });
});

describe("CONTRIBUTING.md's recipe for an admin screen", () => {
  it('gives a route of the admin shell whose module is the screen', async () => {
    const admin = routes.default.find((r) => r.path === 'admin');
    const shell = admin?.children?.find((r) => r.file === 'features/admin/admin-shell.tsx');
    expect(shell?.children).toContainEqual(
      expect.objectContaining({ path: 'puppy-notes', file: SCREEN_FILE }),
    );
    const screenModule = await import(/* @vite-ignore */ path.join(scratch, SCREEN_FILE));
    expect(screenModule.default).toBeTypeOf('function');
  });

  it("gives the owner's navigation its link, and a helper's none", async () => {
    const table: typeof ScreensTable = await import(
      /* @vite-ignore */ path.join(scratch, SCREENS_TABLE)
    );
    expect(table.screensFor('owner')).toContainEqual(
      expect.objectContaining({ path: '/admin/puppy-notes', label: 'Puppy notes' }),
    );
    expect(table.mayOpen('helper', '/admin/puppy-notes')).toBe(false);
  });
});
