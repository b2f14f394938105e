import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const dialog = screen.getByRole('dialog', { name: 'Fresh Dog Food' });
    expect(dialog).toHaveTextContent('Our dogs eat fresh food.');
    expect(within(dialog).getByRole('heading', { name: 'Fresh Dog Food' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close article' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is modal to screen readers, takes focus, keeps Tab inside, and Escape closes it, returning focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example withLink />);
    const opener = screen.getByRole('button', { name: 'Open the article' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Fresh Dog Food' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close article' });
    const link = within(dialog).getByRole('link', { name: 'Read the study' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Fresh Dog Food' })).toBeInTheDocument();
  });

  it('keeps the page behind from scrolling while it is open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example />);
    const root = document.documentElement;
    await user.click(screen.getByRole('button', { name: 'Open the article' }));
    await waitFor(() => expect(root).toHaveAttribute('data-scroll-locked'));
    await user.click(screen.getByRole('button', { name: 'Close article' }));
    await waitFor(() => expect(root).not.toHaveAttribute('data-scroll-locked'));
  });

  it('closes only the popup Escape is pressed in when one is opened from another', async () => {
    function Stacked() {
      const [outer, setOuter] = useState(false);
      const [inner, setInner] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOuter(true)}>
            Open the pedigree
          </button>
          <Popup opened={outer} onClose={() => setOuter(false)} title="Pedigree" closeLabel="Close">
            <button type="button" onClick={() => setInner(true)}>
              GCH
            </button>
          </Popup>
          <Popup
            opened={inner}
            onClose={() => setInner(false)}
            title="Title: GCH"
            closeLabel="Close"
          >
            Grand Champion
          </Popup>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Open the pedigree' }));
    const badge = screen.getByRole('button', { name: 'GCH' });
    await user.click(badge);
    expect(screen.getByRole('dialog', { name: 'Title: GCH' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Title: GCH' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Pedigree' })).toBeInTheDocument();
    expect(badge).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the pedigree' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open the article' }));
    fireEvent.click(screen.getByText('Our dogs eat fresh food.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // A click on the backdrop reaches the dialog element itself.
    fireEvent.click(dialogElement() as HTMLDialogElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('full screen, closes on a click anywhere but on what is marked to keep it open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example fullScreen />);
    await user.click(screen.getByRole('button', { name: 'Open the article' }));
    fireEvent.click(screen.getByText('The photo.'));
    fireEvent.click(screen.getByRole('heading', { name: 'Fresh Dog Food' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Our dogs eat fresh food.'));
    expect(screen.queryByRole('dialog')).toBeNull();
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
    expect(screen.getByRole('dialog', { name: 'Duke' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pageRenders.mock.calls.length).toBe(before);
  });
});
