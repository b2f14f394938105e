import { site } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ApplicationPage from './application-page';

describe('puppy application page', () => {
  it('introduces the questionnaire, embeds it and offers a help contact', () => {
    renderWithProviders(<ApplicationPage />, { route: '/puppy-application' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Puppy Matching Questionnaire',
    ]);
    expect(screen.getByText(/matched to its family/)).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Puppy matching questionnaire' });
    expect(within(form).getByText('Loading form...')).toBeInTheDocument();
    expect(form.querySelector(`#hs-form-${site.forms.questionnaireFormId}`)).not.toBeNull();

    const help = screen.getByRole('complementary', { name: 'Need a hand?' });
    expect(help).toHaveTextContent(`Questions? Call ${site.phones.main} or e-mail ${site.email}.`);
    expect(within(help).getByRole('link', { name: site.phones.main })).toHaveAttribute(
      'href',
      'tel:+15185550142',
    );
    expect(within(help).getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
  });
});
