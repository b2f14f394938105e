import { describe, expect, it } from 'vitest';
import { mantineCssPlugin } from './mantine-css-plugin';

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
  });
});
