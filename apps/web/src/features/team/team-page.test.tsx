import { COUNTS, team } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TeamPage from './team-page';

describe('Our Team page', () => {
  it('shows the ten team members with photo, name, role, description and highlight', () => {
    renderWithProviders(<TeamPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Our Team' })).toBeInTheDocument();
    const members = within(screen.getByRole('region', { name: 'Team members' })).getAllByRole(
      'article',
    );
    expect(members).toHaveLength(COUNTS.teamMembers);
    team.forEach((member, index) => {
      const card = within(members[index] as HTMLElement);
      expect(card.getByRole('heading', { name: member.name })).toBeInTheDocument();
      expect(card.getByText(member.role)).toBeInTheDocument();
      expect(card.getByText(member.description)).toBeInTheDocument();
      if (member.highlight) expect(card.getByText(member.highlight)).toBeInTheDocument();
      expect(card.getByRole('img')).toHaveAttribute('src', member.image);
    });
  });

  it('loads the first photo at once with high priority, the page’s largest paint on a phone, and the others lazily', () => {
    renderWithProviders(<TeamPage />);
    const photos = within(screen.getByRole('region', { name: 'Team members' })).getAllByRole('img');
    expect(photos[0]).toHaveAttribute('loading', 'eager');
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
    for (const photo of photos.slice(1)) {
      expect(photo).toHaveAttribute('loading', 'lazy');
      expect(photo).not.toHaveAttribute('fetchpriority');
    }
  });

  it('includes the Our Facilities section', () => {
    renderWithProviders(<TeamPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Facilities' })).toBeInTheDocument();
  });
});
