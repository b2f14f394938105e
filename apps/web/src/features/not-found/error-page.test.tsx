import { MantineProvider } from '@mantine/core';
import { errorPageCopy, site } from '@cedar/content';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary, meta } from '../../root';
import { theme } from '../../theme';

/** A page whose loader fails as `failure` does, under a route with the root's error boundary. */
function renderFailingPage(failure: () => never) {
  const Stub = createRoutesStub([
    {
      path: '/',
      ErrorBoundary,
      HydrateFallback: () => null,
      children: [{ path: 'training', loader: failure, Component: () => <h1>Training</h1> }],
    },
  ]);
  render(
    <MantineProvider theme={theme} env="test">
      <Stub initialEntries={['/training']} />
    </MantineProvider>,
  );
}

describe('the error page (the root route error boundary)', () => {
  it('says the page did not load, inside the site header and footer, with a retry and the phone', async () => {
    renderFailingPage(() => {
      throw new Error('the data did not come');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: errorPageCopy.heading }),
    ).toBeInTheDocument();
    expect(screen.getByText(errorPageCopy.text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: errorPageCopy.retry })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: errorPageCopy.home })).toHaveAttribute('href', '/');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: site.phones.main }),
    ).toHaveAttribute('href', 'tel:+15185550142');
    // The site's own frame: its header's navigation and its footer.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Board & Train' }),
    ).toBeInTheDocument();
    expect(document.title).toBe(errorPageCopy.title);
    // Nothing of the error's own text reaches the visitor.
    expect(screen.queryByText(/the data did not come/)).not.toBeInTheDocument();
  });

  it('shows the not-found page for a 404 response', async () => {
    renderFailingPage(() => {
      throw data('gone', { status: 404 });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe("the root route's meta", () => {
  const titles = (error: unknown) =>
    meta({ error } as Parameters<typeof meta>[0]).flatMap((d) => ('title' in d ? [d.title] : []));

  it('names the admin shell when nothing failed (React Router passes null or undefined)', () => {
    expect(titles(null)).toEqual(['Admin | Cedar Bluff Labradors']);
    expect(titles(undefined)).toEqual(['Admin | Cedar Bluff Labradors']);
  });

  it('names no title when a page failed: the error page writes its own', () => {
    expect(titles(new Error('down'))).toEqual([]);
  });
});
