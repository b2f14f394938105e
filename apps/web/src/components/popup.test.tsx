import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalStack } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Popup, usePopupState, usePopupValue, type PopupState } from './popup';

function Example({
  fullScreen = false,
  withLink = false,
}: {
  fullScreen?: boolean;
  withLink?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open the article
      </button>
      <Popup
        opened={opened}
        onClose={() => setOpened(false)}
        title="Fresh Dog Food"
        closeLabel="Close article"
        fullScreen={fullScreen}
      >
        <p>Our dogs eat fresh food.</p>
        <p data-keep-open>The photo.</p>
        {withLink && <a href="/study">Read the study</a>}
      </Popup>
    </>
  );
}

const dialogElement = () => document.querySelector('dialog');

describe('Popup', () => {
  it('renders nothing of its content until it opens', () => {
    renderWithProviders(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Our dogs eat fresh food.')).toBeNull();
    expect(dialogElement()).toBeNull();
  });

  it('opens as a dialog named by its title; the x closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open the article' }));
    // Mantine's Modal arrives apart (React's lazy).
    const dialog = await screen.findByRole('dialog', { name: 'Fresh Dog Food' });
    expect(dialog).toHaveTextContent('Our dogs eat fresh food.');
    expect(within(dialog).getByRole('heading', { name: 'Fresh Dog Food' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('full screen, closes on a click anywhere but on what is marked to keep it open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example fullScreen />);
    await user.click(screen.getByRole('button', { name: 'Open the article' }));
    fireEvent.click(await screen.findByText('The photo.'));
    fireEvent.click(screen.getByRole('heading', { name: 'Fresh Dog Food' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Our dogs eat fresh food.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** A popup that opens another on top of it, in a Modal.Stack (the pedigree and a title). */
function Stacked() {
  const [lower, setLower] = useState(false);
  const [upper, setUpper] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setLower(true)}>
        View Full Pedigree
      </button>
      <ModalStack>
        <Popup
          opened={lower}
          onClose={() => setLower(false)}
          title="Duke’s Pedigree"
          closeLabel="Close pedigree"
        >
          {/* As every caller does: content only while open (Popup's contract). */}
          {lower && (
            <>
              <button type="button" onClick={() => setUpper(true)}>
                GCH: what this title means
              </button>
              <button type="button">Another title</button>
            </>
          )}
        </Popup>
        <Popup
          opened={upper}
          onClose={() => setUpper(false)}
          title="Title: GCH"
          closeLabel="Close title"
        >
          {upper && <p>Grand Champion</p>}
        </Popup>
      </ModalStack>
    </>
  );
}

describe('Popup in a stack: focus goes back to what opened it', () => {
  it('by the popup below: its focus trap, however late it runs, focuses the opener', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'View Full Pedigree' }));
    const pedigree = await screen.findByRole('dialog', { name: 'Duke’s Pedigree' });
    const badge = within(pedigree).getByRole('button', { name: 'GCH: what this title means' });
    await user.click(badge);
    await screen.findByRole('dialog', { name: 'Title: GCH' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Title: GCH' })).toBeNull());
    // Mantine's trap focuses what is marked `data-autofocus` in the pedigree, whenever its timer
    // runs (a slow phone's late run is the browser test's, at 30x CPU): the opener.
    expect(badge).toHaveAttribute('data-autofocus');
    expect(pedigree.querySelectorAll('[data-autofocus]')).toHaveLength(1);
    await waitFor(() => expect(badge).toHaveFocus());
    // From the visitor's next key on, focus is theirs: Tab moves it on and it stays there.
    await user.keyboard('{Tab}');
    expect(badge).not.toHaveFocus();
    expect(pedigree).toContainElement(document.activeElement as HTMLElement);
    // Opened from the page, not from a popup: nothing in the page is marked.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'View Full Pedigree' })).toHaveFocus();
  });
});

describe('usePopupState', () => {
  it('opening the popup renders the popup only, not the component holding its state', async () => {
    const pageRenders = vi.fn();
    function Shown({ state }: { state: PopupState<string> }) {
      const value = usePopupValue(state);
      return (
        <Popup opened={value !== null} onClose={state.close} title={value} closeLabel="Close">
          {value}
        </Popup>
      );
    }
    function Page() {
      pageRenders();
      const state = usePopupState<string>();
      return (
        <>
          <button type="button" onClick={() => state.open('Duke')}>
            Duke
          </button>
          <Shown state={state} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const before = pageRenders.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Duke' }));
    expect(await screen.findByRole('dialog', { name: 'Duke' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pageRenders.mock.calls.length).toBe(before);
  });
});
