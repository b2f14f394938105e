import { API_ROUTES } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteScreen } from './invite-screen';
import { api, callsTo, renderAdmin, resetToasts } from './test/render-admin';

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'Q'.repeat(43);
const GONE =
  'This invitation link has expired or has already been used. Ask the owner for a new one.';

function openLink(hash: string) {
  window.history.replaceState(null, '', `/admin/invite${hash}`);
}

function serveCheck() {
  api.use(
    http.post(API_ROUTES.checkInvitation.path, async ({ request }) => {
      expect(await request.json()).toEqual({ token: TOKEN });
      return Response.json({ username: 'sam', expiresAt: '2026-05-12T08:00:00.000Z' });
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetToasts();
  window.history.replaceState(null, '', '/');
});

describe('invitation page', () => {
  it('greets the invited helper, sets their password, stores the session as a login does and goes to the dashboard', async () => {
    const user = userEvent.setup();
    openLink(`#${TOKEN}`);
    serveCheck();
    api.use(
      http.post(API_ROUTES.acceptInvitation.path, async ({ request }) => {
        expect(await request.json()).toEqual({
          token: TOKEN,
          password: 'lantern-orchard-pebble-91',
        });
        return Response.json({ token: 'marker', user: { username: 'sam', role: 'helper' } });
      }),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(/You are invited as/)).toHaveTextContent(
      'You are invited as sam.',
    );
    await user.type(screen.getByLabelText(/^Password/), 'lantern-orchard-pebble-91');
    await user.type(screen.getByLabelText(/Repeat the password/), 'lantern-orchard-pebble-91');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('marker');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual({
      username: 'sam',
      role: 'helper',
    });
    // The spent link leaves the address bar.
    expect(window.location.hash).toBe('');
  });

  it('asks for the same password twice before asking the server, and shows a weak password’s reason beside it', async () => {
    const user = userEvent.setup();
    openLink(`#${TOKEN}`);
    serveCheck();
    api.use(
      http.post(API_ROUTES.acceptInvitation.path, () =>
        HttpResponse.json(
          {
            error: 'weak_password',
            message: 'The password is a very common password.',
            field: 'password',
          },
          { status: 422 },
        ),
      ),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    await screen.findByText(/You are invited as/);
    await user.type(screen.getByLabelText(/^Password/), 'one-thing');
    await user.type(screen.getByLabelText(/Repeat the password/), 'another');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The two passwords differ.')).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.acceptInvitation.path)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Repeat the password/));
    await user.type(screen.getByLabelText(/Repeat the password/), 'one-thing');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The password is a very common password.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says an expired or used link cannot be used, with the way to sign in', async () => {
    openLink(`#${TOKEN}`);
    api.use(
      http.post(API_ROUTES.checkInvitation.path, () =>
        HttpResponse.json({ error: 'invitation_gone', message: GONE }, { status: 410 }),
      ),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(GONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('says a cut-off link is not complete, without asking the server', async () => {
    openLink('#abc');
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(/This invitation link is not complete/)).toBeInTheDocument();
    expect(callsTo()).toHaveLength(0);
  });
});
