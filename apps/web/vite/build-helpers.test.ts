import { describe, expect, it } from 'vitest';
import { pageAssets, type ManifestChunk } from '../scripts/route-assets.mjs';
import { mantineCssPlugin } from './mantine-css-plugin';

describe('pageAssets', () => {
  const manifest: Record<string, ManifestChunk> = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_box.js'],
      css: ['assets/index.css'],
    },
    '_box.js': { file: 'assets/box.js', css: ['assets/box.css'] },
    '_card.js': { file: 'assets/card.js', imports: ['_box.js'], css: ['assets/card.css'] },
    'src/home.tsx': {
      file: 'assets/home.js',
      imports: ['_card.js', '_box.js'],
      css: ['assets/home.css'],
    },
  };

  it('lists what the page needs beyond the entry, dependencies first', () => {
    expect(pageAssets(manifest, 'src/home.tsx')).toEqual({
      css: ['assets/card.css', 'assets/home.css'],
      js: ['assets/card.js', 'assets/home.js'],
    });
  });

  it('adds, on request, the stylesheets of the parts the page module loads lazily', () => {
    const withParts: Record<string, ManifestChunk> = {
      ...manifest,
      'src/home.tsx': { ...manifest['src/home.tsx']!, dynamicImports: ['src/home-body.tsx'] },
      'src/home-body.tsx': {
        file: 'assets/home-body.js',
        imports: ['_grid.js', '_box.js'],
        css: ['assets/home-body.css'],
        dynamicImports: ['src/popup.tsx'],
      },
      '_grid.js': { file: 'assets/grid.js', css: ['assets/grid.css'] },
      'src/popup.tsx': { file: 'assets/popup.js', css: ['assets/popup.css'] },
    };
    // Their scripts stay out of the first load; the entry's stylesheets are not repeated.
    expect(pageAssets(withParts, 'src/home.tsx', { lazyParts: true })).toEqual({
      css: [
        'assets/card.css',
        'assets/home.css',
        'assets/grid.css',
        'assets/home-body.css',
        'assets/popup.css',
      ],
      js: ['assets/card.js', 'assets/home.js'],
    });
    expect(pageAssets(withParts, 'src/home.tsx').css).toEqual([
      'assets/card.css',
      'assets/home.css',
    ]);
  });

  it('fails on a module the build does not know', () => {
    expect(() => pageAssets(manifest, 'src/missing.tsx')).toThrow(/not in the Vite manifest/);
  });
});

describe('mantineCssPlugin', () => {
  const transform = (code: string, id: string) => {
    const hook = mantineCssPlugin().transform as (
      code: string,
      id: string,
    ) => { code: string } | null;
    return hook(code, id)?.code ?? null;
  };

  it('adds the stylesheet of each class map a Mantine module uses, after its own imports', () => {
    const code = `import { Box } from "../../core/Box/Box.mjs";\nimport classes from "./Button.module.mjs";\nexport const Button = 1;`;
    const out = transform(code, '/x/node_modules/@mantine/core/esm/components/Button/Button.mjs');
    expect(out?.endsWith(`\nimport '@mantine/core/styles/Button.css';\n`)).toBe(true);
    expect(out?.indexOf('Button.css')).toBeGreaterThan(out?.indexOf('Box.mjs') ?? 0);
  });

  it('leaves other modules alone', () => {
    expect(
      transform('import x from "./a.module.mjs";', '/x/src/features/home/home-page.tsx'),
    ).toBeNull();
    expect(
      transform('export const rem = 1;', '/x/node_modules/@mantine/core/esm/core/utils/rem.mjs'),
    ).toBeNull();
  });
});
