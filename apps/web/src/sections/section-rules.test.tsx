import { renderToString } from 'react-dom/server';
import { SECTION_RULES } from '@cedar/api-contract';
import * as content from '@cedar/content';
import * as router from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import * as parts from '../components/section-parts';
import * as siteImage from '../components/site-image';
import * as ui from '../ui';

/** The modules a section may import, as a section file (in this folder) names them. */
const MODULES: Record<string, Record<string, unknown>> = {
  '../ui': ui,
  'react-router-dom': router,
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
    const html = renderToString(<ui.Anchor href={address}>Visit</ui.Anchor>);
    expect(html).toContain('React has blocked a javascript: URL');
    expect(html).not.toContain('alert(');
  });
});

describe('what the check leaves to the building blocks', () => {
  // A section may give a style prop any string (`mt={{ base: 1, sm: copy.gap }}`), and a
  // responsive value is written into a <style> element as raw text: a `</style>` in it would end
  // the element in the prerendered page and put the rest there as HTML (a refresh to another
  // site, elements named to clobber the page's globals), past the check's id and element rules.
  const ESCAPE =
    '1px}</style><meta http-equiv="refresh" content="0;url=https://attacker.example"><img name="hbspt"><style>';
  const cases: [string, () => React.ReactElement][] = [
    ['Box', () => <ui.Box mt={{ base: 1, sm: ESCAPE }} />],
    ['Text', () => <ui.Text fz={{ base: 'md', md: ESCAPE }}>x</ui.Text>],
    [
      'SimpleGrid',
      () => (
        <ui.SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'md', sm: ESCAPE }}>
          x
        </ui.SimpleGrid>
      ),
    ],
  ];
  it.each(cases)(
    'a responsive style value cannot end its <style> element (%s)',
    (_name, element) => {
      const html = renderToString(element());
      expect(html).not.toMatch(/<meta|<img/);
      // Every <style> element whole, its text free of markup.
      const outside = html.replace(/<style[^>]*>[^<]*<\/style>/g, '');
      expect(outside).not.toMatch(/<\/?style/);
    },
  );
});
