import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Popup } from './popup';

function Example() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open the article</Button>
      <Popup
        opened={opened}
        onClose={() => setOpened(false)}
        title="Fresh Dog Food"
        closeButtonProps={{ 'aria-label': 'Close article' }}
      >
        <p>Our dogs eat fresh food.</p>
      </Popup>
    </>
  );
}

describe('Popup', () => {
  beforeAll(async () => {
    await import('./popup-modal');
  });

  it('renders nothing, and loads nothing, until it first opens', () => {
    const { container } = renderWithProviders(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelectorAll('[class*="Modal"]')).toHaveLength(0);
  });

  it('opens as a Mantine Modal with its title, closes with Escape and returns focus to its opener', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example />);
    const opener = screen.getByRole('button', { name: 'Open the article' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Fresh Dog Food' });
    expect(dialog).toHaveTextContent('Our dogs eat fresh food.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Fresh Dog Food' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
