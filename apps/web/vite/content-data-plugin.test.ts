import { describe, expect, it } from 'vitest';
import { inlineDataExports } from './content-data-plugin';

const source = `import { helper } from './helper';
import { other } from './other';
export const names = helper(['a', 'b']);
export const kept = other;
export const format = (n) => String(n);
export const literal = { a: 1, b: ['x', -2] };
export const both = [...names, ...literal];
export const partly = { a: 1, b: helper([]) };
export function plain() { return 1; }
const local = helper([]);
`;

describe('inlineDataExports', () => {
  it('replaces each exported constant holding plain data by its value, marked pure', () => {
    const out = inlineDataExports(source, {
      names: ['A', 'B'],
      kept: 1,
      format: String,
      partly: { a: 1, b: [] },
    });
    expect(out).toContain('export const names = /* @__PURE__ */ JSON.parse("[\\"A\\",\\"B\\"]");');
    expect(out).toContain('export const kept = other;');
    expect(out).toContain(
      'export const partly = /* @__PURE__ */ JSON.parse("{\\"a\\":1,\\"b\\":[]}");',
    );
  });

  it('leaves functions, what is written out, and values JSON would change as they are', () => {
    const out = inlineDataExports(source, {
      literal: { a: 1, b: ['x', -2] },
      both: ['A', 'B'],
      names: [new Date(0)],
      kept: { when: undefined },
      format: String,
    });
    expect(out).toBe(source);
  });

  it('drops the imports only the replaced code used', () => {
    const out = inlineDataExports(
      `import { helper } from './helper';\nimport { other } from './other';\nexport const names = helper([]);\nexport const kept = other();\n`,
      { names: [], kept: new Map() },
    );
    expect(out).not.toContain("from './helper'");
    expect(out).toContain("import { other } from './other';");
  });

  it('keeps a module with nothing to replace byte for byte', () => {
    expect(inlineDataExports(source, {})).toBe(source);
  });
});
