import { COUNTS, formatAddress, site } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ContactPage from './contact-page';

describe('contact page', () => {
  it('has one h1, the embedded contact form loading, and the contact details', () => {
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Contact Us',
    ]);
    const form = screen.getByRole('region', { name: 'Contact form' });
    expect(within(form).getByText('Loading form...')).toBeInTheDocument();
    expect(form.querySelector(`#hs-form-${site.forms.contactFormId}`)).not.toBeNull();

    const details = within(screen.getByRole('region', { name: 'Visit the Bluff' }));
    expect(details.getByText(formatAddress(site))).toBeInTheDocument();
    expect(details.getByRole('link', { name: site.phones.main })).toHaveAttribute(
      'href',
      'tel:+15185550142',
    );
    expect(details.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    expect(details.getByText(site.appointmentNote)).toBeInTheDocument();
  });

  it('shows the three testimonial cards', () => {
    renderWithProviders(<ContactPage />, { route: '/contact' });
    const testimonials = within(screen.getByRole('region', { name: 'What Our Families Say' }));
    expect(testimonials.getAllByRole('article')).toHaveLength(COUNTS.testimonials);
  });
});
