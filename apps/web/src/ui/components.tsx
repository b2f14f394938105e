import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  use,
  useId,
  type CSSProperties,
  type ElementType,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Box,
  cx,
  getFontSize,
  getLineHeight,
  getRadius,
  getShadow,
  getSize,
  getSpacing,
  cls,
  responsiveCss,
  useOwnClass,
  type BoxProps,
  type Breakpoint,
  type Responsive,
  type Value,
} from './box';
import { Text, variantColors } from './shell';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';

// Mantine's components as the public pages use them: each renders Mantine's markup (see box.tsx)
// for the props the site passes. Props not listed here are not supported: ui.test.tsx compares
// each against Mantine. The header's are in shell.tsx.

type Props = BoxProps;

const HEADING_SIZES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export function Title({ order = 1, size, className, ...others }: Props & { order?: number }) {
  const titleSize = size ?? `h${order}`;
  const own = typeof titleSize === 'string' && HEADING_SIZES.includes(titleSize);
  return (
    <Box
      className={cx(className, cls('m_8a5d1357', 'Title'))}
      vars={{
        '--title-fw': `var(--mantine-${own ? titleSize : `h${order}`}-font-weight)`,
        '--title-lh': `var(--mantine-${own ? titleSize : `h${order}`}-line-height)`,
        '--title-fz': own ? `var(--mantine-${titleSize}-font-size)` : getFontSize(titleSize),
      }}
      component={`h${order}` as ElementType}
      mod={{ order }}
      size={size}
      {...others}
    />
  );
}

const baseOf = <T,>(value: Responsive<T> | undefined): T | undefined =>
  typeof value === 'object' && value !== null
    ? (value as Partial<Record<string, T>>).base
    : (value as T | undefined);
const at = <T,>(value: Responsive<T> | undefined, point: Breakpoint): T | undefined =>
  typeof value === 'object' && value !== null
    ? (value as Partial<Record<string, T>>)[point]
    : undefined;

/** Mantine's InlineStyles: a class's base variables and one media query per breakpoint that sets some. */
function InlineVariables({
  selector,
  base,
  media,
}: {
  selector: string;
  base: Record<string, string | undefined>;
  media: (point: Breakpoint) => Record<string, string | number | undefined>;
}) {
  return (
    <style
      data-mantine-styles="inline"
      dangerouslySetInnerHTML={{ __html: responsiveCss(selector, base, media) }}
    />
  );
}

export function SimpleGrid({
  cols = 1,
  spacing = 'md',
  verticalSpacing,
  className,
  ...others
}: Props & {
  cols?: Responsive<number>;
  spacing?: Responsive<Value>;
  verticalSpacing?: Responsive<Value>;
}) {
  const own = useOwnClass();
  const vertical = verticalSpacing ?? spacing;
  return (
    <>
      <InlineVariables
        selector={`.${own}`}
        base={{
          '--sg-spacing-x': getSpacing(baseOf(spacing)),
          '--sg-spacing-y': getSpacing(baseOf(vertical)),
          '--sg-cols': baseOf(cols)?.toString(),
        }}
        media={(point) => ({
          '--sg-spacing-x': getSpacing(at(spacing, point)),
          '--sg-spacing-y': getSpacing(at(vertical, point)),
          '--sg-cols': at(cols, point),
        })}
      />
      <Box className={cx(className, cls('m_2415a157', 'SimpleGrid'), own)} {...others} />
    </>
  );
}

const GridContext = createContext(12);

export function Grid({
  gap = 'md',
  align,
  className,
  children,
  ...others
}: Props & { gap?: Value; align?: string }) {
  const own = useOwnClass();
  return (
    <GridContext value={12}>
      <InlineVariables
        selector={`.${own}`}
        base={{ '--grid-gap': getSpacing(gap) }}
        media={() => ({})}
      />
      <Box
        className={cx(className, cls('m_410352e9', 'Grid'), own)}
        vars={{ '--grid-align': align }}
        {...others}
      >
        <div className={cls('m_dee7bd2f', 'Grid', 'inner')}>{children}</div>
      </Box>
    </GridContext>
  );
}

function GridCol({ span = 12, className, ...others }: Props & { span?: Responsive<number> }) {
  const columns = use(GridContext);
  const own = useOwnClass();
  const basis = (s: number | undefined) =>
    s === undefined
      ? undefined
      : s === columns
        ? '100%'
        : `calc(${(100 * s) / columns}% - ${(columns - s) / columns} * var(--grid-column-gap))`;
  const base = baseOf(span) ?? 12;
  return (
    <>
      <InlineVariables
        selector={`.${own}`}
        base={{
          '--col-flex-grow': 'auto',
          '--col-flex-basis': basis(base),
          '--col-max-width': basis(base),
        }}
        media={(point) => {
          const s = at(span, point);
          return s === undefined
            ? {}
            : {
                '--col-flex-grow': 'auto',
                '--col-flex-basis': basis(s),
                '--col-max-width': basis(s),
              };
        }}
      />
      <Box className={cx(cls('m_96bdd299', 'Grid', 'col'), className, own)} {...others} />
    </>
  );
}
Grid.Col = GridCol;

export function Anchor({
  underline = 'hover',
  className,
  ...others
}: Props & { underline?: string; href?: string; to?: string }) {
  return (
    <Text
      component="a"
      className={cx('m_849cf0da', className)}
      {...others}
      mod={{ underline }}
      staticName="Anchor"
    />
  );
}

export function Paper({
  withBorder,
  radius,
  shadow,
  className,
  mod,
  ...others
}: Props & { withBorder?: boolean; radius?: Value; shadow?: Value }) {
  return (
    <Box
      mod={{ withBorder, ...mod }}
      className={cx(className, cls('m_1b7284a3', 'Paper'))}
      vars={{
        '--paper-radius': radius === undefined ? undefined : getRadius(radius),
        '--paper-shadow': getShadow(shadow),
      }}
      {...others}
    />
  );
}

export function Card({
  padding,
  className,
  style,
  children,
  ...others
}: Props & { padding?: Value; withBorder?: boolean; radius?: Value; shadow?: Value }) {
  const items = Children.toArray(children);
  // As Mantine does: each section learns whether it is the card's first or last child.
  const content = items.map((child, index) =>
    isValidElement(child) && child.type === CardSection
      ? cloneElement(child as ReactElement<Record<string, unknown>>, {
          'data-orientation': 'vertical',
          'data-first-section': index === 0 || undefined,
          'data-last-section': index === items.length - 1 || undefined,
        })
      : child,
  );
  return (
    <Paper
      data-orientation="vertical"
      className={cx(className, cls('m_e615b15f', 'Card'))}
      style={{ '--card-padding': getSpacing(padding), ...style } as CSSProperties}
      {...others}
    >
      {content}
    </Paper>
  );
}

function CardSection({ withBorder, className, ...others }: Props & { withBorder?: boolean }) {
  return (
    <Box
      mod={{ withBorder }}
      className={cx(className, cls('m_599a2148', 'Card', 'section'))}
      {...others}
    />
  );
}
Card.Section = CardSection;

export function Badge({
  color,
  variant,
  size,
  radius,
  className,
  children,
  ...others
}: Props & { color?: string; radius?: Value }) {
  const colors = variantColors(color ?? 'olive', variant ?? 'filled');
  const styled = Boolean(color || variant);
  return (
    <Box
      variant={variant}
      className={cx(className, cls('m_347db0ec', 'Badge'))}
      vars={{
        '--badge-height': getSize(size, 'badge-height'),
        '--badge-padding-x': getSize(size, 'badge-padding-x'),
        '--badge-fz': getSize(size, 'badge-fz'),
        '--badge-radius': radius === undefined ? undefined : getRadius(radius),
        '--badge-bg': styled ? colors.background : undefined,
        '--badge-color': styled ? colors.color : undefined,
        '--badge-bd': styled ? colors.border : undefined,
      }}
      size={size}
      {...others}
    >
      <span className={cls('m_5add502a', 'Badge', 'label')}>{children}</span>
    </Box>
  );
}

export function ThemeIcon({
  color,
  variant,
  size,
  radius,
  className,
  ...others
}: Props & { color?: string; radius?: Value }) {
  const colors = variantColors(color ?? 'olive', variant ?? 'filled');
  const styled = Boolean(color || variant);
  return (
    <Box
      className={cx(className, cls('m_7341320d', 'ThemeIcon'))}
      // Mantine's ThemeIcon also writes these two as attributes.
      radius={radius}
      color={color}
      vars={{
        '--ti-size': getSize(size, 'ti-size'),
        '--ti-radius': radius === undefined ? undefined : getRadius(radius),
        '--ti-bg': styled ? colors.background : undefined,
        '--ti-color': styled ? colors.color : undefined,
        '--ti-bd': styled ? colors.border : undefined,
      }}
      variant={variant}
      size={size}
      {...others}
    />
  );
}

export function Loader({ size, className, ...others }: Props) {
  return (
    <Box
      className={cx('m_b34414df', className, cls('m_5ae2e3c', 'Loader'))}
      component="span"
      vars={{ '--loader-size': getSize(size, 'loader-size') }}
      size={size}
      {...others}
    />
  );
}

interface ListContextValue {
  icon?: ReactNode;
  center?: boolean;
  labelStyle?: CSSProperties;
}
const ListContext = createContext<ListContextValue>({});

export function List({
  size,
  spacing,
  icon,
  center,
  styles,
  className,
  children,
  ...others
}: Props & {
  spacing?: Value;
  icon?: ReactNode;
  center?: boolean;
  styles?: { itemLabel?: CSSProperties };
}) {
  return (
    <ListContext value={{ icon, center, labelStyle: styles?.itemLabel }}>
      <Box
        className={cx(className, cls('m_abbac491', 'List'))}
        vars={{
          '--list-fz': getFontSize(size),
          '--list-lh': getLineHeight(size),
          '--list-spacing': getSpacing(spacing),
        }}
        component="ul"
        mod={{ type: icon ? 'none' : undefined }}
        size={size}
        {...others}
      >
        {children}
      </Box>
    </ListContext>
  );
}

function ListItem({ children, ...others }: Props) {
  const { icon, center, labelStyle } = use(ListContext);
  return (
    <Box
      className={cls('m_abb6bec2', 'List', 'item')}
      component="li"
      mod={{ withIcon: Boolean(icon), centered: center }}
      {...others}
    >
      <div className={cls('m_75cd9f71', 'List', 'itemWrapper')}>
        {icon && <span className={cls('m_60f83e5b', 'List', 'itemIcon')}>{icon}</span>}
        <span className="mantine-List-itemLabel" style={labelStyle}>
          {children}
        </span>
      </div>
    </Box>
  );
}
List.Item = ListItem;

export function Alert({
  color,
  variant,
  radius,
  title,
  styles,
  className,
  children,
  ...others
}: Props & {
  color?: string;
  radius?: Value;
  title?: ReactNode;
  styles?: { title?: CSSProperties };
}) {
  const id = `mantine-${useId()}`;
  const colors = variantColors(color ?? 'olive', variant ?? 'light');
  const styled = Boolean(color || variant);
  return (
    <Box
      id={id}
      className={cx(className, cls('m_66836ed3', 'Alert'))}
      vars={{
        '--alert-radius': radius === undefined ? undefined : getRadius(radius),
        '--alert-bg': styled ? colors.background : undefined,
        '--alert-color': colors.color,
        '--alert-bd': styled ? colors.border : undefined,
      }}
      variant={variant}
      role="alert"
      aria-describedby={children ? `${id}-body` : undefined}
      aria-labelledby={title ? `${id}-title` : undefined}
      {...others}
    >
      <div className={cls('m_a5d60502', 'Alert', 'wrapper')}>
        <div className={cls('m_667c2793', 'Alert', 'body')}>
          {title && (
            <div className={cls('m_6a03f287', 'Alert', 'title')} style={styles?.title}>
              <span id={`${id}-title`} className={cls('m_698f4f23', 'Alert', 'label')}>
                {title}
              </span>
            </div>
          )}
          {children && (
            <div
              id={`${id}-body`}
              className={cls('m_7fa78076', 'Alert', 'message')}
              data-variant={variant}
            >
              {children}
            </div>
          )}
        </div>
      </div>
    </Box>
  );
}

export function VisuallyHidden({ className, ...others }: Props) {
  return (
    <Box
      component="span"
      className={cx(className, cls('m_515a97f8', 'VisuallyHidden'))}
      {...others}
    />
  );
}
