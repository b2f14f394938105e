import { site, siteNav } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('shows the brand and tagline', () => {
    renderWithProviders(<SiteFooter links={siteNav().footer} />);
    expect(screen.getByRole('link', { name: site.brandName })).toHaveAttribute('href', '/');
    expect(screen.getByText(site.tagline)).toBeInTheDocument();
  });

  it('has the eight quick links in order', () => {
    renderWithProviders(<SiteFooter links={siteNav().footer} />);
    const nav = screen.getByRole('navigation', { name: 'Quick Links' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Our Dogs', '/breeding-dogs'],
      ['Puppy Placement', '/puppies'],
      ['Training', '/training'],
      ['Raw Dog Food', '/raw-dog-food'],
      ['Board & Train', '/boarding'],
      ['Holistic Health', '/health-testing'],
      ['Our Team', '/facilities'],
      ['Contact', '/contact'],
    ]);
  });

  it('gives the address, phone, e-mail and the appointment-only note', () => {
    renderWithProviders(<SiteFooter links={siteNav().footer} />);
    expect(screen.getByText('1187 Bluff Road, Cambridge, NY 12816')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phones.main })).toHaveAttribute(
      'href',
      'tel:+15185550142',
    );
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    expect(screen.getByText(site.appointmentNote)).toBeInTheDocument();
  });

  it('ends with the 2025 copyright line', () => {
    renderWithProviders(<SiteFooter links={siteNav().footer} />);
    expect(
      screen.getByText('© 2025 Cedar Bluff Labradors. All rights reserved.'),
    ).toBeInTheDocument();
  });
});
