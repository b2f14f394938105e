import type { Revision } from '@cedar/api-contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RevisionList } from './revision-list';

const PATH = 'apps/web/src/sections/hero-section.tsx' as const;
const rev = (id: string, sha: string, savedAt: string, savedBy = 'owner'): Revision => ({
  id,
  path: PATH,
  sha256: sha.repeat(64),
  savedAt,
  savedBy,
  size: 10,
});

describe('revision list', () => {
  it('marks the newest revision with the current content and offers Restore for the others', () => {
    const revisions = [
      rev('r3', 'a', '2026-05-10T12:00:00.000Z'),
      rev('r2', 'b', '2026-05-10T11:00:00.000Z'),
      rev('r1', 'a', '2026-05-10T10:00:00.000Z', 'original'),
    ];
    renderWithProviders(
      <RevisionList
        revisions={revisions}
        isLoading={false}
        isError={false}
        currentSha={'a'.repeat(64)}
        restoring={false}
        onRestore={vi.fn()}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Current')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: /\(bbbbbbb\)$/ })).toBeInTheDocument();
    expect(within(items[2]!).getByText('Same as current')).toBeInTheDocument();
    expect(within(items[2]!).getByText(/by original/)).toBeInTheDocument();
  });

  it('says when there is nothing yet', () => {
    renderWithProviders(
      <RevisionList
        revisions={[]}
        isLoading={false}
        isError={false}
        currentSha={null}
        restoring={false}
        onRestore={vi.fn()}
      />,
    );
    expect(screen.getByText('No saved revisions yet.')).toBeInTheDocument();
  });
});
