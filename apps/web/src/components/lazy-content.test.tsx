import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { lazyContent } from './lazy-content';

describe('lazyContent', () => {
  it('loads once, ahead of need, and then renders without suspending', async () => {
    const load = vi.fn(async () => ({ name }: { name: string }) => <p>Hello {name}</p>);
    const Content = lazyContent(load);
    await Content.preload();
    await Content.preload();
    renderWithProviders(
      <Suspense fallback={<p>Loading</p>}>
        <Content name="Duke" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Duke')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
