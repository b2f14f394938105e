import { API_ROUTES } from '@cedar/api-contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goLiveMessage } from './components/editor-warnings';
import { FilesScreen } from './files-screen';
import { showError, showSuccess } from './lib/toasts';
import { LittersScreen } from './litters-screen';
import { HERO, openHero, publish, serveEditor } from './test/editor-fixtures';
import { api, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(resetToasts);

describe("the editor's first warning", () => {
  it('gives the real time to live: N seconds from the publisher’s usual publish time', async () => {
    serveEditor({ publish: () => Response.json(publish('published', { usualMs: 41_600 })) });
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const first = () => screen.getAllByRole('listitem')[0];
    await waitFor(() =>
      expect(first()).toHaveTextContent('Changes go live about 42 seconds after saving.'),
    );
    expect(screen.queryByText(/take effect immediately/)).not.toBeInTheDocument();
  });

  it('says when N is not known yet, and says instantly only in development', () => {
    expect(goLiveMessage(publish('published', { usualMs: 150_000 }))).toBe(
      'Changes go live about 3 minutes after saving.',
    );
    expect(goLiveMessage(publish('published', { usualMs: 1000 }))).toBe(
      'Changes go live about 1 second after saving.',
    );
    expect(goLiveMessage(publish('idle'))).toMatch(
      /^Changes go live once the site has been rebuilt/,
    );
    expect(goLiveMessage(undefined)).toMatch(/^Changes go live once the site has been rebuilt/);
    expect(goLiveMessage(publish('live-reload'))).toBe(
      'Changes show on the site as soon as you save (development mode).',
    );
  });
});

describe('the Litters screen', () => {
  it('says the same of a saved litter', async () => {
    api.use(
      http.get(API_ROUTES.litters.path, () =>
        Response.json({ sha256: 'a'.repeat(64), litters: [] }),
      ),
      http.get(API_ROUTES.publishStatus.path, () =>
        Response.json(publish('idle', { usualMs: 65_000 })),
      ),
    );
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    expect(
      await screen.findByText('Changes go live about 65 seconds after saving.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/within a few minutes/)).not.toBeInTheDocument();
  });
});

describe('Code mode', () => {
  it("shows the file's path as a visible label above the editor, naming it", async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    const label = screen.getByText(HERO.path, { selector: 'p' });
    expect(label).toBeVisible();
    expect(editor).toHaveAttribute('aria-labelledby', label.id);
    expect(editor).toHaveAccessibleName(HERO.path);
    // Above it: the label comes first in the page.
    expect(label.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('toasts', () => {
  it('a new toast replaces the one on screen at once: one at a time, none waiting behind', async () => {
    renderAdmin(<p>page</p>);
    act(() => showSuccess('Saved', 'First change saved.'));
    expect(await toasts().findByText('First change saved.')).toBeInTheDocument();
    act(() => showError('The second one failed.'));
    expect(toasts().getByText('The second one failed.')).toBeVisible();
    // The first is hidden in the same moment (no fade beside the new one: Mantine's exit state,
    // opacity 0, with no transition) and gone from the page a tick later.
    const first = toasts()
      .queryByText('First change saved.')
      ?.closest<HTMLElement>('[role="alert"]');
    if (first) expect(first.style.getPropertyValue('--notifications-state-opacity')).toBe('0');
    await waitFor(() => expect(toasts().queryByText('First change saved.')).toBeNull(), {
      timeout: 100,
    });
    expect(toasts().getAllByRole('alert')).toHaveLength(1);
    // Closing it brings back nothing that waited.
    fireEvent.click(toasts().getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(toasts().queryAllByRole('alert')).toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts().queryAllByRole('alert')).toHaveLength(0);
  });

  const swipe = (toast: HTMLElement, dx: number, dy = 0) => {
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 100 + dx, clientY: 100 + dy });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 100 + dx, clientY: 100 + dy });
  };

  it('goes when swiped 50 px to the right, and stays for less, to the left, or mostly downwards', async () => {
    renderAdmin(<p>page</p>);
    act(() => showSuccess('Saved', 'All good.'));
    const toast = (await toasts().findByText('All good.')).closest<HTMLElement>('[role="alert"]')!;
    for (const [dx, dy] of [
      [49, 0],
      [-80, 0],
      [60, 90],
    ] as const) {
      swipe(toast, dx, dy);
      expect(toasts().getByText('All good.')).toBeInTheDocument();
    }
    swipe(toast, 50);
    await waitFor(() => expect(toasts().queryByText('All good.')).not.toBeInTheDocument());
  });

  it('follows the swipe to the right while the pointer is down, and springs back when let go short', async () => {
    renderAdmin(<p>page</p>);
    act(() => showSuccess('Saved', 'All good.'));
    const toast = (await toasts().findByText('All good.')).closest<HTMLElement>('[role="alert"]')!;
    fireEvent.pointerDown(toast, { pointerId: 7, clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(toast, { pointerId: 7, clientX: 40, clientY: 10 });
    expect(toast.style.getPropertyValue('--toast-swipe')).toBe('30px');
    fireEvent.pointerMove(toast, { pointerId: 7, clientX: 0, clientY: 10 });
    expect(toast.style.getPropertyValue('--toast-swipe')).toBe('0px');
    fireEvent.pointerUp(toast, { pointerId: 7, clientX: 30, clientY: 10 });
    expect(toast.style.getPropertyValue('--toast-swipe')).toBe('0px');
    expect(toasts().getByText('All good.')).toBeInTheDocument();
  });
});
