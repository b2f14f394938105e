import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const file = path.join(import.meta.dirname, 'theme.css');
const HEADER = `/* Generated from ui/theme.ts: what MantineProvider writes into a page (the theme's CSS
   variables, then the hidden-from/visible-from classes). The public pages render without the
   provider and link this instead. After changing the theme, regenerate it with
   UPDATE_THEME_CSS=1 npx vitest run src/ui/theme-css.test.tsx (in apps/web). */
`;

/** The stylesheets MantineProvider renders for the site's theme. */
function providerCss(): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <i />
    </MantineProvider>,
  );
  const css = [
    ...html.matchAll(/<style data-mantine-styles="(true|classes)">([\s\S]*?)<\/style>/g),
  ];
  return css.map((m) => m[2]).join('\n\n');
}

describe('app/theme.css', () => {
  it("holds exactly the theme's variables and classes MantineProvider would write", () => {
    const expected = `${HEADER}${providerCss()}\n`;
    if (process.env.UPDATE_THEME_CSS) fs.writeFileSync(file, expected);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
    // The kennel's olive is the primary colour, in both schemes.
    expect(expected).toContain('--mantine-primary-color-filled: var(--mantine-color-olive-filled)');
    expect(expected).toContain('.mantine-hidden-from-sm');
  });
});
