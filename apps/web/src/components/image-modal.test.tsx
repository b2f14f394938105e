import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ImageModal, type ModalImage } from './image-modal';

const photo: ModalImage = {
  src: '/images/puppies/puppy-01.jpg',
  alt: 'A yellow puppy in the grass',
  caption: 'Sunny afternoon',
};

function Harness({ title }: { title?: string }) {
  const [image, setImage] = useState<ModalImage | null>(null);
  return (
    <>
      <Button onClick={() => setImage(photo)}>Open photo</Button>
      <ImageModal image={image} title={title} onClose={() => setImage(null)} />
    </>
  );
}

describe('ImageModal', () => {
  it('shows the photo large with its title, alt text, size and caption', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness title="Puppy photo 1 of 15" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Puppy photo 1 of 15' });
    const img = within(dialog).getByRole('img', { name: photo.alt });
    expect(img).toHaveAttribute('src', photo.src);
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '600');
    expect(within(dialog).getByText('Sunny afternoon')).toBeInTheDocument();
  });

  it('uses the caption as title when none is given, and closes by its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sunny afternoon' });
    expect(within(dialog).queryByText('Sunny afternoon', { selector: 'figcaption' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
