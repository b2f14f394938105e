import { layoutCopy, site, siteNav } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MOBILE_NAV_ID, SiteHeader } from './site-header';

function variant(container: HTMLElement, name: 'large' | 'medium') {
  const element = container.querySelector<HTMLElement>(`[data-nav-variant="${name}"]`);
  if (!element) throw new Error(`no ${name} navigation variant`);
  return within(element);
}

/** The large bar's Care & Lifestyle button, once Mantine's Menu (a lazy chunk) is in. */
async function careMenuButton(container: HTMLElement) {
  const find = () => variant(container, 'large').getByRole('button', { name: 'Care & Lifestyle' });
  await waitFor(() => expect(find()).toHaveAttribute('aria-expanded'));
  return find();
}

describe('SiteHeader', () => {
  it('links the brand name to the home page', () => {
    renderWithProviders(<SiteHeader nav={siteNav()} />, { route: '/training' });
    expect(screen.getByRole('link', { name: site.brandName })).toHaveAttribute('href', '/');
  });

  it('shows the long labels on large screens and the short labels on medium screens', async () => {
    const { container } = renderWithProviders(<SiteHeader nav={siteNav()} />);
    const large = variant(container, 'large');
    expect(large.getByRole('link', { name: 'Our Dogs' })).toHaveAttribute('href', '/breeding-dogs');
    expect(large.getByRole('link', { name: 'Puppy Placement' })).toHaveAttribute(
      'href',
      '/puppies',
    );
    expect(large.getByRole('link', { name: 'Behavior Academy Options' })).toHaveAttribute(
      'href',
      '/training',
    );
    // The menu's code is a lazy chunk: a client render (not a hydration) shows it once it is in.
    expect(await large.findByRole('button', { name: 'Care & Lifestyle' })).toBeInTheDocument();
    expect(large.getByRole('link', { name: 'Our Book' })).toHaveAttribute('href', site.urls.book);
    expect(large.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    const medium = variant(container, 'medium');
    expect(medium.getByRole('link', { name: 'Dogs' })).toHaveAttribute('href', '/breeding-dogs');
    expect(medium.getByRole('link', { name: 'Puppies' })).toHaveAttribute('href', '/puppies');
    expect(medium.getByRole('link', { name: 'Training' })).toHaveAttribute('href', '/training');
    expect(await medium.findByRole('button', { name: 'Care & Lifestyle' })).toBeInTheDocument();
    expect(medium.getByRole('link', { name: 'Book' })).toHaveAttribute('href', site.urls.book);
    expect(medium.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('opens the book site in a new tab without giving it access to this page', () => {
    const { container } = renderWithProviders(<SiteHeader nav={siteNav()} />);
    // The two desktop bars' and the closed small-screen menu's (invisible, so nameless to a query
    // by role): every link to the book site, found by where it goes.
    const bookLinks = [...container.querySelectorAll('a')].filter((a) =>
      /^(Our Book|Book)$/.test(a.textContent?.trim() ?? ''),
    );
    expect(bookLinks).toHaveLength(3);
    for (const link of bookLinks) {
      expect(link).toHaveAttribute('href', site.urls.book);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('marks the current page', () => {
    const { container } = renderWithProviders(<SiteHeader nav={siteNav()} />, {
      route: '/training',
    });
    expect(
      variant(container, 'large').getByRole('link', { name: 'Behavior Academy Options' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(variant(container, 'large').getByRole('link', { name: 'Our Dogs' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('holds Holistic Health, Raw Dog Food, Board & Train and Our Team in the Care & Lifestyle dropdown', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SiteHeader nav={siteNav()} />);
    await user.click(await careMenuButton(container));
    // Mantine's open transition never finishes in jsdom, so the open menu still counts as hidden here.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Holistic Health', '/health-testing'],
      ['Raw Dog Food', '/raw-dog-food'],
      ['Board & Train', '/boarding'],
      ['Our Team', '/facilities'],
    ]);
  });

  it('opens the dropdown from the keyboard, moves through it with the arrows and closes it with Escape', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SiteHeader nav={siteNav()} />);
    const trigger = await careMenuButton(container);
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');

    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(
      within(menu).getByRole('menuitem', { name: 'Holistic Health', hidden: true }),
    ).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(
      within(menu).getByRole('menuitem', { name: 'Raw Dog Food', hidden: true }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.keyboard(' ');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'));
  });

  it('toggles the small-screen menu, which closes when a link is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader nav={siteNav()} />);
    const toggle = screen.getByRole('button', { name: layoutCopy.menuToggle.open });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', MOBILE_NAV_ID);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(layoutCopy.menuToggle.close);
    const panel = document.getElementById(MOBILE_NAV_ID);
    if (!panel) throw new Error('the small-screen menu is missing');
    await waitFor(() => expect(panel).toBeVisible());
    const menu = within(panel);
    for (const name of [
      'Our Dogs',
      'Puppy Placement',
      'Behavior Academy Options',
      'Holistic Health',
      'Raw Dog Food',
      'Board & Train',
      'Our Team',
      'Our Book',
      'Contact Us',
    ]) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }

    await user.click(menu.getByRole('link', { name: 'Raw Dog Food' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName(layoutCopy.menuToggle.open);
    await waitFor(() => expect(panel).not.toBeVisible());
  });
});
