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
