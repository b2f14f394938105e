import { renderToString } from 'react-dom/server';
import { SECTION_RULES } from '@cedar/api-contract';
import * as content from '@cedar/content';
import * as router from 'react-router';
import { describe, expect, it } from 'vitest';
import * as parts from '../components/section-parts';
import * as siteImage from '../components/site-image';
import * as mantine from '@mantine/core';

/** The modules a section may import, as a section file (in this folder) names them. */
const MODULES: Record<string, Record<string, unknown>> = {
  '@mantine/core': mantine,
  'react-router': router,
  '@cedar/content': content,
  '../components/site-image': siteImage,
  '../components/section-parts': parts,
};

/** `Card.Section`: the part of a component. */
const lookUp = (module: Record<string, unknown>, name: string) =>
  name
    .split('.')
    .reduce<unknown>(
      (value, part) =>
        value !== null && value !== undefined
          ? (value as Record<string, unknown>)[part]
          : undefined,
      module,
    );

describe("the section check's allow-list (SECTION_RULES) matches the shipped modules", () => {
  it('names only modules a section can import', () => {
    expect(
      Object.keys(SECTION_RULES.modules)
        .filter((m) => m !== 'react')
        .sort(),
    ).toEqual(Object.keys(MODULES).sort());
  });

  it.each(Object.keys(MODULES))(
    'every component, value and helper it lists from %s exists',
    (specifier) => {
      const rules = SECTION_RULES.modules[specifier]!;
      const module = MODULES[specifier]!;
      for (const name of rules.components ?? []) expect(lookUp(module, name), name).toBeTruthy();
      for (const name of rules.values ?? []) expect(lookUp(module, name), name).toBeDefined();
      for (const name of rules.functions ?? [])
        expect(typeof lookUp(module, name), name).toBe('function');
      // Data is data: nothing listed as a value is a function a section could call.
      for (const name of rules.values ?? [])
        expect(typeof lookUp(module, name), name).not.toBe('function');
    },
  );
});

describe('what the check leaves to React', () => {
  it('a link whose address comes from data cannot run script: React blocks javascript: URLs', () => {
    // The check refuses a javascript: link written as a literal; one read from data is blocked here.
    const address = ' JaVaScRiPt:alert(document.cookie)';
    const html = renderToString(
      <mantine.MantineProvider>
        <mantine.Anchor href={address}>Visit</mantine.Anchor>
      </mantine.MantineProvider>,
    );
    expect(html).toContain('React has blocked a javascript: URL');
    expect(html).not.toContain('alert(');
  });
});

describe('what the check cannot leave to Mantine', () => {
  // Mantine writes a responsive style value (`mt={{ base: 1, sm: … }}`) into a <style> element as
  // it is (InlineStyles, dangerouslySetInnerHTML): a `</style>` in it ends the element in the
  // prerendered page and puts the rest there as HTML (a refresh to another site, elements named
  // to clobber the page's globals). So the section check takes a look prop's value as a literal
  // of the file without '<', never a name (apps/api/src/files/section-check.ts, decision 014).
  // Should Mantine start escaping it, this test fails and can go; the check's rule stays.
  const ESCAPE =
    '1px}</style><meta http-equiv="refresh" content="0;url=https://attacker.example"><img name="hbspt"><style>';
  const cases: [string, () => React.ReactElement][] = [
    ['Box', () => <mantine.Box mt={{ base: 1, sm: ESCAPE }} />],
    ['Text', () => <mantine.Text fz={{ base: 'md', md: ESCAPE }}>x</mantine.Text>],
    [
      'SimpleGrid',
      () => (
        <mantine.SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'md', sm: ESCAPE }}>
          x
        </mantine.SimpleGrid>
      ),
    ],
  ];
  it.each(cases)(
    'a responsive style value goes into its <style> element as it is (%s)',
    (_name, element) => {
      const html = renderToString(<mantine.MantineProvider>{element()}</mantine.MantineProvider>);
      expect(html).toContain('</style><meta http-equiv="refresh"');
    },
  );
});
