import { SimpleGrid } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Columns } from './columns';
import classes from './columns.module.css';

describe('Columns', () => {
  it('lays out its cells by breakpoint with the classes of its module, as SimpleGrid takes its props', () => {
    renderWithProviders(
      <Columns
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing={{ base: 'sm', md: 'lg' }}
        data-testid="grid"
      >
        <span>one</span>
      </Columns>,
    );
    const grid = screen.getByTestId('grid');
    expect([...grid.classList]).toEqual([
      classes.root,
      classes.baseCols2,
      classes.smCols3,
      classes.lgCols4,
      classes.baseGapSm,
      classes.mdGapLg,
    ]);
    expect(grid).toHaveTextContent('one');
  });

  it('starts from one column md apart, so a grid inside another never takes its columns', () => {
    renderWithProviders(
      <Columns cols={{ sm: 2 }} spacing={{ md: 'xl' }} data-testid="grid">
        <span>one</span>
      </Columns>,
    );
    expect([...screen.getByTestId('grid').classList]).toEqual([
      classes.root,
      classes.baseCols1,
      classes.smCols2,
      classes.baseGapMd,
      classes.mdGapXl,
    ]);
  });

  it('takes fixed values, Mantine style props and a class of its own', () => {
    renderWithProviders(
      <Columns cols={3} spacing="xs" mt="sm" className="mine" data-testid="grid">
        <span>one</span>
      </Columns>,
    );
    const grid = screen.getByTestId('grid');
    expect([...grid.classList]).toEqual([
      classes.root,
      classes.baseCols3,
      classes.baseGapXs,
      'mine',
    ]);
    expect(grid.style.marginTop).toBe('var(--mantine-spacing-sm)');
  });

  it('draws a list when asked', () => {
    renderWithProviders(
      <Columns component="ul" cols={{ base: 1, sm: 2 }}>
        <li>one</li>
        <li>two</li>
      </Columns>,
    );
    expect(screen.getByRole('list').tagName).toBe('UL');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  // Mantine's provider writes one sheet of its own classes (`data-mantine-styles="classes"`); a
  // component's style props and a SimpleGrid's variables are the `inline` ones.
  const INLINE = 'style[data-mantine-styles="inline"]';

  it('writes no <style> element into the page, where a SimpleGrid writes one for every grid', () => {
    const { container } = renderWithProviders(
      <>
        <Columns cols={{ base: 1, sm: 3 }} spacing="lg" />
        <Columns cols={2} />
      </>,
    );
    expect(container.querySelectorAll(INLINE)).toHaveLength(0);

    const simple = renderWithProviders(<SimpleGrid cols={2} />);
    expect(simple.container.querySelectorAll(INLINE)).toHaveLength(1);
  });
});
