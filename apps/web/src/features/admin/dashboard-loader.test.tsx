import { API_ROUTES } from '@cedar/api-contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientLoader, DashboardScreen } from './dashboard-screen';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import { callsTo, renderAdmin, signIn } from './test/render-admin';

type LoaderArgs = Parameters<typeof clientLoader>[0];
const load = (url: string) =>
  clientLoader({ request: new Request(new URL(url, 'http://localhost')) } as LoaderArgs);

beforeEach(() => localStorage.clear());

// Decision 034: the dashboard's requests leave before any of the admin has rendered.
describe('the dashboard’s loader', () => {
  it('asks for the figures and the first page of the address’s list at once, without waiting for them', async () => {
    serveInbox([inboxInquiry(1, { firstName: 'Megan', lastName: 'Whitaker' })]);
    signIn();
    expect(load('/admin?status=new&q=megan')).toBeNull();
    await waitFor(() => expect(callsTo('GET', API_ROUTES.inquiryPage.path)).toHaveLength(1));
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(1);
    const [list] = callsTo('GET', API_ROUTES.inquiryPage.path);
    expect(new URL(list!.url).search).toBe('?status=new&q=megan');

    // The screen finds them under way (or in) and asks again for neither.
    renderAdmin(<DashboardScreen />, { route: '/admin?status=new&q=megan' });
    expect(await screen.findByRole('article', { name: 'Megan Whitaker' })).toBeInTheDocument();
    expect(callsTo('GET', API_ROUTES.inquiryPage.path)).toHaveLength(1);
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(1);
  });

  it('asks for nothing without a stored session', async () => {
    serveInbox([]);
    expect(load('/admin')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo()).toHaveLength(0);
  });
});
