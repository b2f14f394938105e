import type { SectionWord, WordChange } from '@cedar/api-contract';
import ts from 'typescript';

/** One word field: where its string literal sits in the source, and what it says. */
interface WordLiteral extends SectionWord {
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;
}

/** `x as const`, `x satisfies T`, `(x)`: the object literal inside. */
function unwrap(node: ts.Expression): ts.Expression {
  let inner = node;
  while (
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isParenthesizedExpression(inner)
  )
    inner = inner.expression;
  return inner;
}

/** The initializer of the file's top-level `const copy = { … }`, if it has one. */
function copyObject(file: ts.SourceFile): ts.ObjectLiteralExpression | null {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'copy') continue;
      const value = declaration.initializer && unwrap(declaration.initializer);
      return value && ts.isObjectLiteralExpression(value) ? value : null;
    }
  }
  return null;
}

/** A plain name (`headline`, `'headline'`, `2`): the parts of a word's key. */
const PLAIN_NAME = /^[A-Za-z0-9_$]+$/;

function propertyName(name: ts.PropertyName): string | null {
  if (!ts.isIdentifier(name) && !ts.isStringLiteral(name) && !ts.isNumericLiteral(name))
    return null;
  return PLAIN_NAME.test(name.text) ? name.text : null;
}

/**
 * Every string literal of the `copy` object, in source order, keyed by its path: `headline`,
 * `paragraphs.0`, `places.2.title`. Values that are not literals (a reference, a template with
 * substitutions, a spread) are code, not words, and are left out; so are literals under a key
 * that is not a plain name.
 */
function wordLiterals(file: ts.SourceFile): WordLiteral[] {
  const copy = copyObject(file);
  if (!copy) return [];
  const found = new Map<string, WordLiteral>();
  const visit = (node: ts.Expression, key: string) => {
    const value = unwrap(node);
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) {
      found.set(key, { key, value: value.text, node: value });
    } else if (ts.isObjectLiteralExpression(value)) {
      // A name given twice holds its last value, as in JavaScript: only that one is read.
      const last = new Map<string, ts.PropertyAssignment>();
      for (const property of value.properties) {
        const name = property.name ? propertyName(property.name) : null;
        if (name === null) continue;
        last.delete(name);
        // A shorthand or a method of the same name is code: it hides the earlier word.
        if (ts.isPropertyAssignment(property)) last.set(name, property);
      }
      for (const [name, property] of last)
        visit(property.initializer, key ? `${key}.${name}` : name);
    } else if (ts.isArrayLiteralExpression(value)) {
      value.elements.forEach((element, index) => visit(element, `${key}.${index}`));
    }
  };
  visit(copy, '');
  return [...found.values()];
}

const parse = (source: string) =>
  ts.createSourceFile('section.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

/** The words of a section file: the strings of its `copy` object, in the file's order. */
export function readWords(source: string): SectionWord[] {
  return wordLiterals(parse(source)).map(({ key, value }) => ({ key, value }));
}

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/**
 * `value` as the source text of a string literal in the given quote (`'`, `"` or a backtick).
 * Everything that could end the literal or be read as code inside it is escaped: the quote, the
 * backslash, line breaks, `${` in a template, control characters and lone surrogates (which UTF-8
 * cannot store). Whatever the value, the result is one literal whose text is exactly `value`.
 */
export function stringLiteral(value: string, quote: "'" | '"' | '`'): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    const code = value.charCodeAt(i);
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (quote === '`' && char === '$' && value[i + 1] === '{') out += '\\$';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += hex4(code);
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += char + value[i + 1]!;
        i += 1;
      } else out += hex4(code);
    } else if (code >= 0xdc00 && code <= 0xdfff) out += hex4(code);
    else out += char;
  }
  return `${quote}${out}${quote}`;
}

function quoteOf(literal: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, source: string) {
  const first = source[literal.getStart()];
  return first === '"' || first === '`' ? first : "'";
}

export type RewriteResult =
  { ok: true; source: string } | { ok: false; unknown: string[] } | { ok: false; noWords: true };

/**
 * The source with the given words changed and every other byte as it was: each changed word's
 * literal is replaced by a literal of the same quote holding the new text, and nothing else is
 * touched. Keys the file does not have are refused (the owner's form was made from another
 * version of the file).
 */
export function rewriteWords(source: string, changes: readonly WordChange[]): RewriteResult {
  const literals = wordLiterals(parse(source));
  if (literals.length === 0) return { ok: false, noWords: true };
  const byKey = new Map(literals.map((literal) => [literal.key, literal]));
  const unknown = changes.map((c) => c.key).filter((key) => !byKey.has(key));
  if (unknown.length > 0) return { ok: false, unknown };

  const edits = changes
    .map((change) => ({ change, literal: byKey.get(change.key)! }))
    .filter(({ change, literal }) => change.value !== literal.value)
    .map(({ change, literal }) => ({
      start: literal.node.getStart(),
      end: literal.node.getEnd(),
      text: stringLiteral(change.value, quoteOf(literal.node, source)),
    }))
    // From the end backwards, so earlier offsets stay valid.
    .sort((a, b) => b.start - a.start);
  let out = source;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { ok: true, source: out };
}
