import fs from 'node:fs/promises';
import path from 'node:path';
import { EDITABLE_FILES, type EditableFilePath } from '@cedar/api-contract';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import { inspectSource } from './editable-files';
import { checkSection } from './section-check';
import { readWords, rewriteWords, stringLiteral } from './section-words';

const repoRoot = findRepoRoot()!;
const shipped = (file: EditableFilePath) => fs.readFile(path.join(repoRoot, file), 'utf8');

/** Words a visitor might type that a naive rewrite would turn into code or markup. */
export const TRICKY_WORDS = [
  `It's the "best" puppy`,
  "Don't stop: it’s “quoted” ‘twice’",
  'Puppies 🐶🐾 and 👨‍👩‍👧 families',
  'Price: ${price} and `backticks`',
  '</script><script>alert(1)</script>',
  '<b>bold</b> & <i>more</i>',
  'First line\nSecond line\r\nThird\tline',
  'A backslash \\ and \\n that is not a line break',
  '\u2028 separators \u2029 and a NUL \u0000',
  'Lone \ud800 surrogate',
  '',
];

/**
 * The source with every string literal inside the `copy` declaration cut out: what a rewrite
 * must leave as it was. (Found from the syntax tree on its own, not by the code under test.)
 */
function skeleton(source: string): string[] {
  const file = ts.createSourceFile(
    's.tsx',
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const literals: [number, number][] = [];
  const collect = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      literals.push([node.getStart(), node.getEnd()]);
    ts.forEachChild(node, collect);
  };
  const find = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'copy')
      collect(node);
    else ts.forEachChild(node, find);
  };
  find(file);
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of literals) {
    parts.push(source.slice(at, start));
    at = end;
  }
  parts.push(source.slice(at));
  return parts;
}

describe('readWords', () => {
  it("lists the hero's words in the file's order, keyed by name", async () => {
    const words = readWords(await shipped('apps/web/src/sections/hero-section.tsx'));
    expect(words.map((w) => w.key)).toEqual([
      'badge',
      'headline',
      'tagline',
      'subline',
      'primaryButton',
      'secondaryButton',
      'imageAlt',
    ]);
    expect(words[1]).toEqual({ key: 'headline', value: 'Cedar Bluff Labradors' });
  });

  it('keys the strings of arrays and nested objects by their path, and leaves code out', () => {
    const source = `import { x } from 'y';
const copy = {
  title: "Double",
  plain: \`Template\`,
  paragraphs: ['One', 'Two'],
  steps: [{ title: 'First', text: 'Go', image: images.first }, { title: 'Second' }],
  'quoted': 'Quoted key',
  'not-plain': 'Skipped',
  computed: \`Hi \${name}\`,
  count: 3,
  ref: other.words,
  ...spread,
} as const;
const other = { words: 'Not in copy' };
export function S() { return <p>{copy.title}</p>; }
`;
    expect(readWords(source)).toEqual([
      { key: 'title', value: 'Double' },
      { key: 'plain', value: 'Template' },
      { key: 'paragraphs.0', value: 'One' },
      { key: 'paragraphs.1', value: 'Two' },
      { key: 'steps.0.title', value: 'First' },
      { key: 'steps.0.text', value: 'Go' },
      { key: 'steps.1.title', value: 'Second' },
      { key: 'quoted', value: 'Quoted key' },
    ]);
  });

  it('takes a name given twice at its last value, as JavaScript does', () => {
    const source = `const copy = { a: 'first', b: 'B', a: 'second', b };\n`;
    expect(readWords(source)).toEqual([{ key: 'a', value: 'second' }]);
  });

  it('finds no words in a file without a copy object', () => {
    expect(readWords('export function S() { return null; }\n')).toEqual([]);
    expect(readWords('let copy = make();\n')).toEqual([]);
  });

  it('finds words in every shipped section, and none of them empty', async () => {
    for (const { path: file } of EDITABLE_FILES) {
      const words = readWords(await shipped(file));
      expect(words.length, file).toBeGreaterThan(2);
      for (const word of words) expect(word.value, `${file} ${word.key}`).not.toBe('');
    }
  });
});

describe('stringLiteral', () => {
  it.each(["'", '"', '`'] as const)('writes a %s literal whose text is exactly the value', (q) => {
    for (const value of TRICKY_WORDS) {
      const literal = stringLiteral(value, q);
      const file = ts.createSourceFile('x.ts', `const v = ${literal};`, ts.ScriptTarget.Latest);
      const statement = file.statements[0] as ts.VariableStatement;
      const init = statement.declarationList.declarations[0]!.initializer!;
      expect(ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)).toBe(true);
      expect((init as ts.StringLiteral).text).toBe(value);
      // No raw line break or separator inside: the literal stays on one line.
      expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
    }
  });
});

describe('rewriteWords', () => {
  const HERO = 'apps/web/src/sections/hero-section.tsx';

  it('changes only the literal of the word, byte for byte elsewhere', async () => {
    const source = await shipped(HERO);
    const result = rewriteWords(source, [{ key: 'headline', value: "Cedar Bluff's Labs" }]);
    expect(result.ok).toBe(true);
    const next = (result as { source: string }).source;
    expect(next).toBe(
      source.replace("headline: 'Cedar Bluff Labradors',", "headline: 'Cedar Bluff\\'s Labs',"),
    );
  });

  it('leaves a word given with its current value exactly as written', () => {
    // The same text written another way (an escape) is not rewritten in a new way.
    const source = `const copy = { a: 'it\\u2019s', b: "x" };\n`;
    const result = rewriteWords(source, [
      { key: 'a', value: 'it’s' },
      { key: 'b', value: 'x' },
    ]);
    expect(result).toEqual({ ok: true, source });
  });

  it('refuses keys the file does not have, and a file without words', () => {
    const source = `const copy = { a: 'A' };\n`;
    expect(
      rewriteWords(source, [
        { key: 'a', value: 'B' },
        { key: 'b', value: 'C' },
        { key: 'a.0', value: 'D' },
      ]),
    ).toEqual({ ok: false, unknown: ['b', 'a.0'] });
    expect(rewriteWords('export const x = 1;\n', [])).toEqual({ ok: false, noWords: true });
  });

  // The guarantee that lets words be saved without a password: whatever the owner types, the
  // result is the same program with other strings. It parses, passes the static check, reads
  // back as typed, and differs from the file only inside the changed literals.
  it.each(EDITABLE_FILES.map((f) => [f.name, f.path] as const))(
    'any words in the %s keep the code as it was',
    async (_name, file) => {
      const source = await shipped(file);
      const words = readWords(source);
      const anyText = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom(...TRICKY_WORDS),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(anyText, { minLength: words.length, maxLength: words.length }),
          async (values) => {
            const changes = words.map((w, i) => ({ key: w.key, value: values[i]! }));
            const result = rewriteWords(source, changes);
            if (!result.ok) throw new Error('refused');
            expect(readWords(result.source)).toEqual(changes);
            expect(skeleton(result.source)).toEqual(skeleton(source));
            expect(checkSection(file, result.source)).toBeNull();
            expect(await inspectSource(result.source, file)).toMatchObject({ ok: true });
          },
        ),
        { numRuns: 15 },
      );
    },
  );
});
