import { describe, expect, it } from 'vitest';
import { mantineCssPlugin } from './mantine-css-plugin';

describe('mantineCssPlugin', () => {
  /** As the bundler calls the hook: only for the modules its filter names. */
  const transform = (code: string, id: string) => {
    const { filter, handler } = mantineCssPlugin().transform as {
      filter: { id: RegExp[] };
      handler: (code: string, id: string) => { code: string } | null;
    };
    if (!filter.id.some((pattern) => pattern.test(id))) return null;
    return handler(code, id)?.code ?? null;
  };

  it('adds the stylesheet of each class map a Mantine module uses, after its own imports', () => {
    const code = `import { Box } from "../../core/Box/Box.mjs";\nimport classes from "./Button.module.mjs";\nexport const Button = 1;`;
    const out = transform(code, '/x/node_modules/@mantine/core/esm/components/Button/Button.mjs');
    expect(out?.endsWith(`\nimport '@mantine/core/styles/Button.layer.css';\n`)).toBe(true);
    expect(out?.indexOf('Button.layer.css')).toBeGreaterThan(out?.indexOf('Box.mjs') ?? 0);
  });

  it('leaves other modules alone', () => {
    expect(
      transform('import x from "./a.module.mjs";', '/x/src/features/home/home-page.tsx'),
    ).toBeNull();
    expect(
      transform('export const rem = 1;', '/x/node_modules/@mantine/core/esm/core/utils/rem.mjs'),
    ).toBeNull();
    // Nor does the filter let a module of another package through.
    expect(
      transform('import c from "./Button.module.mjs";', '/x/node_modules/other/esm/Button.mjs'),
    ).toBeNull();
  });

  it('is called for a Mantine module with a query after its name', () => {
    const out = transform(
      'import classes from "./Badge.module.mjs";',
      '/x/node_modules/@mantine/core/esm/components/Badge/Badge.mjs?v=1',
    );
    expect(out).toContain("import '@mantine/core/styles/Badge.layer.css';");
  });
});
