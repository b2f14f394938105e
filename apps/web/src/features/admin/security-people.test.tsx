import {
  API_ROUTES,
  type AuditEntry,
  type People,
  invitationUrl,
  personUrl,
} from '@cedar/api-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecurityScreen } from './security-screen';
import { api, callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';

vi.setConfig({ testTimeout: 20_000 });

const PEOPLE: People = {
  people: [
    {
      username: 'kate',
      role: 'owner',
      status: 'active',
      email: null,
      createdAt: '2026-01-01T09:00:00.000Z',
      lastSignInAt: '2026-05-10T09:00:00.000Z',
      you: true,
    },
    {
      username: 'sam',
      role: 'helper',
      status: 'active',
      email: 'sam@example.com',
      createdAt: '2026-05-01T09:00:00.000Z',
      lastSignInAt: null,
      you: false,
    },
  ],
  invitations: [
    {
      id: '0123456789abcdef',
      username: 'lee',
      email: null,
      createdAt: '2026-05-10T08:00:00.000Z',
      expiresAt: '2026-05-12T08:00:00.000Z',
      createdBy: 'kate',
    },
  ],
};

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `${n.toString(16).padStart(12, '0')}0000aaaaaaaaaaaa`,
  at: `2026-05-10T09:${String(n).padStart(2, '0')}:00.000Z`,
  username: 'kate',
  ip: '203.0.113.7',
  userAgent: null,
  action: 'login',
  target: null,
  outcome: 'success',
  details: {},
  ...overrides,
});

function serve(
  people: People = PEOPLE,
  audit = { items: [entry(2), entry(1)], next: null as string | null },
) {
  api.use(
    http.get(API_ROUTES.sessions.path, () => Response.json([])),
    http.get(API_ROUTES.people.path, () => Response.json(people)),
    http.get(API_ROUTES.audit.path, () => Response.json(audit)),
  );
}

const peopleCard = () => within(screen.getByRole('region', { name: 'People' }));
const auditCard = () => within(screen.getByRole('region', { name: 'Audit log' }));

beforeEach(() => {
  localStorage.clear();
  // The passkeys and two-step sign-in cards of every account (sign-in-methods.test.tsx's own).
  api.use(
    http.get(API_ROUTES.factors.path, () =>
      Response.json({
        passkeys: [],
        totp: { enabled: false, recoveryCodesLeft: 0 },
        required: false,
      }),
    ),
  );
});
afterEach(resetToasts);

describe('security screen: people (the owner’s)', () => {
  it('lists each person with role, status and last sign-in, and the pending invitations', async () => {
    signIn('kate');
    serve();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    const list = within(await screen.findByRole('list', { name: 'People' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Owner')).toBeInTheDocument();
    expect(within(items[0]!).getByText('You')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('Helper')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Not signed in yet · sam@example.com/)).toBeInTheDocument();
    const pending = within(screen.getByRole('list', { name: 'Pending invitations' }));
    expect(pending.getByText('lee')).toBeInTheDocument();
  });

  it('invites a helper and shows the one-time link to copy', async () => {
    const user = userEvent.setup();
    signIn('kate');
    serve();
    const link = `http://localhost/admin/invite#${'A'.repeat(43)}`;
    api.use(
      http.post(API_ROUTES.invite.path, async ({ request }) => {
        expect(await request.json()).toEqual({ username: 'robin', email: 'robin@example.com' });
        return HttpResponse.json(
          {
            invitation: { ...PEOPLE.invitations[0], username: 'robin', email: 'robin@example.com' },
            link,
            emailed: true,
          },
          { status: 201 },
        );
      }),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await screen.findByRole('list', { name: 'People' });
    await user.type(peopleCard().getByLabelText(/Username/), 'robin');
    await user.type(peopleCard().getByLabelText(/E-mail/), 'robin@example.com');
    await user.click(peopleCard().getByRole('button', { name: 'Invite helper' }));
    expect(await peopleCard().findByLabelText('Invitation link')).toHaveValue(link);
    expect(
      peopleCard().getByText(/An e-mail with this link was sent to robin@example.com/),
    ).toBeInTheDocument();
    expect(peopleCard().getByText(/works once, for 48 hours/)).toBeInTheDocument();
    expect(peopleCard().getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('says what is wrong with an invitation before asking, and a taken username beside the field', async () => {
    const user = userEvent.setup();
    signIn('kate');
    serve();
    api.use(
      http.post(API_ROUTES.invite.path, () =>
        HttpResponse.json(
          {
            error: 'username_taken',
            message: 'That username is taken by a person or a pending invitation. Choose another.',
            field: 'username',
          },
          { status: 409 },
        ),
      ),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await screen.findByRole('list', { name: 'People' });
    await user.type(peopleCard().getByLabelText(/E-mail/), 'not-an-address');
    await user.click(peopleCard().getByRole('button', { name: 'Invite helper' }));
    expect(await peopleCard().findByText('Enter a username for the helper.')).toBeInTheDocument();
    expect(
      peopleCard().getByText('Enter a valid e-mail address, or leave it empty.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.invite.path)).toHaveLength(0);
    await user.clear(peopleCard().getByLabelText(/E-mail/));
    await user.type(peopleCard().getByLabelText(/Username/), 'sam');
    await user.click(peopleCard().getByRole('button', { name: 'Invite helper' }));
    expect(await peopleCard().findByText(/That username is taken/)).toBeInTheDocument();
  });

  it('suspends a helper after asking, removes one after asking, and revokes an invitation', async () => {
    const user = userEvent.setup();
    signIn('kate');
    serve();
    api.use(
      http.post(personUrl('sam', 'suspend'), () =>
        Response.json({ ...PEOPLE.people[1], status: 'suspended' }),
      ),
      http.delete(personUrl('sam'), () => new Response(null, { status: 204 })),
      http.delete(invitationUrl('0123456789abcdef'), () => new Response(null, { status: 204 })),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await screen.findByRole('list', { name: 'People' });
    await user.click(peopleCard().getByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend sam?' }));
    expect(dialog.getByText(/signed out everywhere at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(
      await toasts().findByText('sam has been signed out and cannot sign in.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', personUrl('sam', 'suspend'))).toHaveLength(1);

    await user.click(peopleCard().getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove sam?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await toasts().findByText('sam can no longer sign in.')).toBeInTheDocument();

    await user.click(peopleCard().getByRole('button', { name: 'Revoke the invitation for lee' }));
    expect(await toasts().findByText('The link for lee no longer works.')).toBeInTheDocument();
  });

  it('tells the server’s reason when a suspension is refused', async () => {
    const user = userEvent.setup();
    signIn('kate');
    serve();
    api.use(
      http.post(personUrl('sam', 'suspend'), () =>
        HttpResponse.json(
          {
            error: 'last_owner',
            message: 'The site needs an owner: the last owner cannot be suspended.',
          },
          { status: 409 },
        ),
      ),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await screen.findByRole('list', { name: 'People' });
    await user.click(peopleCard().getByRole('button', { name: 'Suspend' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }),
    );
    expect(await toasts().findByText(/The site needs an owner/)).toBeInTheDocument();
  });
});

describe('security screen: audit log', () => {
  it('shows who did what, when, from where and how it ended', async () => {
    signIn('kate');
    serve(PEOPLE, {
      items: [
        entry(3, { action: 'file-save', target: 'apps/web/src/sections/hero-section.tsx' }),
        entry(2, { action: 'login', outcome: 'failure', username: 'sam', ip: '198.51.100.4' }),
      ],
      next: null,
    });
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    const table = within(await screen.findByRole('table', { name: 'Audit log entries' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('File save')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByText('apps/web/src/sections/hero-section.tsx'),
    ).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sign-in')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sam')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('198.51.100.4')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
  });

  it('filters by kind of action and days (from the first page again), and pages to older entries and back', async () => {
    const user = userEvent.setup();
    signIn('kate');
    serve();
    api.use(
      http.get(API_ROUTES.audit.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('before')) return Response.json({ items: [entry(1)], next: null });
        return Response.json({ items: [entry(3), entry(2)], next: entry(2).id });
      }),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await screen.findByRole('table', { name: 'Audit log entries' });
    await user.click(auditCard().getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Audit log entries' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    expect(auditCard().getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(auditCard().getByRole('button', { name: 'Newer' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Audit log entries' })).getAllByRole('row'),
      ).toHaveLength(3),
    );

    await user.click(auditCard().getByPlaceholderText('Every kind'));
    await user.click(await screen.findByRole('option', { name: 'Suspension' }));
    await user.type(auditCard().getByLabelText('From'), '2026-05-01');
    await waitFor(() => {
      const last = new URL(callsTo('GET', API_ROUTES.audit.path).at(-1)!.url).searchParams;
      expect(last.get('action')).toBe('person-suspend');
      expect(last.get('from')).toBe('2026-05-01');
      expect(last.get('before')).toBeNull();
    });
  });

  it('says the server’s reason when a filter is refused', async () => {
    signIn('kate');
    serve();
    api.use(
      http.get(API_ROUTES.audit.path, () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'The first day comes after the last day.' },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(
      await auditCard().findByText('The first day comes after the last day.'),
    ).toBeInTheDocument();
  });
});

describe('security screen for a helper', () => {
  it('shows their own sessions and password, and neither People nor the audit log (nor asks for them)', async () => {
    signIn('sam', 'helper');
    api.use(http.get(API_ROUTES.sessions.path, () => Response.json([])));
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(await screen.findByRole('region', { name: 'Change password' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Active sessions' });
    expect(screen.queryByRole('region', { name: 'People' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Audit log' })).toBeNull();
    expect(callsTo('GET', API_ROUTES.people.path)).toHaveLength(0);
    expect(callsTo('GET', API_ROUTES.audit.path)).toHaveLength(0);
  });
});
