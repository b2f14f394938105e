import { Box, type BoxProps, type ElementProps } from '@mantine/core';
import classes from './columns.module.css';

type Breakpoint = 'base' | 'sm' | 'md' | 'lg';
type Responsive<T> = T | Partial<Record<Breakpoint, T>>;
type Count = 1 | 2 | 3 | 4 | 5;
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface ColumnsProps extends BoxProps, ElementProps<'div'> {
  /** Columns per breakpoint, as SimpleGrid's `cols` (default 1) */
  cols?: Responsive<Count>;
  /** Space between cells per breakpoint, a theme spacing, as SimpleGrid's `spacing` (default md) */
  spacing?: Responsive<Spacing>;
  /** The element drawn: a list of items is a `ul` */
  component?: 'div' | 'ul';
}

const BREAKPOINTS: readonly Breakpoint[] = ['base', 'sm', 'md', 'lg'];
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function responsiveClasses<T extends string | number>(value: Responsive<T>, kind: string) {
  const byBreakpoint: Partial<Record<Breakpoint, T>> =
    typeof value === 'object' ? value : { base: value };
  return BREAKPOINTS.filter((bp) => byBreakpoint[bp] !== undefined).map(
    (bp) => classes[`${bp}${kind}${capitalised(String(byBreakpoint[bp]))}`],
  );
}

/**
 * A grid of equal columns: SimpleGrid's layout and props (`cols`, `spacing`, by breakpoint) drawn
 * with the classes of columns.module.css. A SimpleGrid writes a <style> element of its own into
 * the page for every grid; on a phone each one is parsed and matched before the first paint
 * (decision 046).
 */
export function Columns({
  cols = 1,
  spacing = 'md',
  component = 'div',
  className,
  ...others
}: ColumnsProps) {
  const base = {
    cols: typeof cols === 'object' ? { base: 1 as Count, ...cols } : cols,
    spacing: typeof spacing === 'object' ? { base: 'md' as Spacing, ...spacing } : spacing,
  };
  const names = [
    classes.root,
    ...responsiveClasses(base.cols, 'Cols'),
    ...responsiveClasses(base.spacing, 'Gap'),
    className,
  ];
  return (
    <Box
      className={names.filter(Boolean).join(' ')}
      renderRoot={component === 'ul' ? (props) => <ul {...props} /> : undefined}
      {...others}
    />
  );
}
