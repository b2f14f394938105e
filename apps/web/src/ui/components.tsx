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
  rem,
  type BoxProps,
  type Breakpoint,
  type Responsive,
} from './box';

// Mantine's components as the public pages use them: each renders Mantine's markup (see box.tsx)
// for the props the site passes. Props not listed here are not supported: ui.test.tsx compares
// each against Mantine.

type Value = string | number;
type Props = BoxProps;

/** A component's classes: Mantine's module class and its static `mantine-<Name>-<part>` class. */
const cls = (module: string, name: string, part = 'root') => `${module} mantine-${name}-${part}`;

// The palettes the site's shade colours come from (Mantine's defaults and the kennel's).
const PALETTES: Record<string, string[]> = {
  gray: '#f8f9fa #f1f3f5 #e9ecef #dee2e6 #ced4da #adb5bd #868e96 #495057 #343a40 #212529'.split(
    ' ',
  ),
  red: '#fff5f5 #ffe3e3 #ffc9c9 #ffa8a8 #ff8787 #ff6b6b #fa5252 #f03e3e #e03131 #c92a2a'.split(' '),
  orange: '#fff4e6 #ffe8cc #ffd8a8 #ffc078 #ffa94d #ff922b #fd7e14 #f76707 #e8590c #d9480f'.split(
    ' ',
  ),
  yellow: '#fff9db #fff3bf #ffec99 #ffe066 #ffd43b #fcc419 #fab005 #f59f00 #f08c00 #e67700'.split(
    ' ',
  ),
  olive: '#f6f7e9 #ebedd0 #d7dba3 #c1c773 #aeb54b #a1a934 #858c25 #6d761d #5b6217 #474d0e'.split(
    ' ',
  ),
  gold: '#fdf7e6 #f7ebc6 #efd78d #e6c150 #dfae22 #d09e11 #b8860b #9a7009 #7d5b07 #5f4505'.split(
    ' ',
  ),
};

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const darken = (hex: string, amount: number) =>
  `rgba(${rgb(hex)
    .map((c) => Math.round(c * (1 - amount)))
    .join(', ')}, 1)`;
const alpha = (hex: string, a: number) => `rgba(${rgb(hex).join(', ')}, ${a})`;

interface VariantColors {
  background: string;
  hover: string;
  color: string;
  border: string;
}

/** Mantine's default variant colours, for theme colours ('olive', 'olive.8') and the variants the site uses. */
function variantColors(color: string, variant: string): VariantColors {
  const border = `${rem(1)} solid transparent`;
  const [name, shadeText] = color.split('.');
  const shade = shadeText === undefined ? undefined : Number(shadeText);
  const palette = PALETTES[name ?? ''];
  const hex = shade !== undefined && palette ? palette[shade]! : '';
  const v = (suffix: string) => `var(--mantine-color-${name}-${suffix})`;
  if (!/^[a-z]+(\.\d)?$/.test(color) && variant === 'filled')
    // A CSS colour of its own (the contest's orange): Mantine darkens it by 10% on hover.
    return {
      background: color,
      hover: darken(color, 0.1),
      color: 'var(--mantine-color-white)',
      border,
    };
  switch (variant) {
    case 'filled':
      return shade === undefined
        ? {
            background: v('filled'),
            hover: v('filled-hover'),
            color: 'var(--mantine-color-white)',
            border,
          }
        : {
            background: v(String(shade)),
            hover: v(String(shade === 9 ? 8 : shade + 1)),
            color: 'var(--mantine-color-white)',
            border,
          };
    case 'light':
      return shade === undefined
        ? { background: v('light'), hover: v('light-hover'), color: v('light-color'), border }
        : { background: hex, hover: darken(hex, 0.1), color: v('light-color'), border };
    case 'outline':
      return shade === undefined
        ? {
            background: 'transparent',
            hover: v('outline-hover'),
            color: v('outline'),
            border: `${rem(1)} solid ${v('outline')}`,
          }
        : {
            background: 'transparent',
            hover: alpha(hex, 0.05),
            color: v(String(shade)),
            border: `${rem(1)} solid ${v(String(shade))}`,
          };
    case 'subtle':
      return shade === undefined
        ? { background: 'transparent', hover: v('light-hover'), color: v('light-color'), border }
        : {
            background: 'transparent',
            hover: alpha(hex, 0.12),
            color: v(String(Math.min(shade, 6))),
            border,
          };
    case 'white':
      return {
        background: 'var(--mantine-color-white)',
        hover: 'rgba(252, 252, 252, 1)',
        color: shade === undefined ? v('filled') : v(String(shade)),
        border,
      };
    default:
      return {
        background: 'var(--mantine-color-default)',
        hover: 'var(--mantine-color-default-hover)',
        color: 'var(--mantine-color-default-color)',
        border: `${rem(1)} solid var(--mantine-color-default-border)`,
      };
  }
}

export function Text({
  size,
  lineClamp,
  inherit,
  span,
  staticName,
  className,
  component,
  ...others
}: Props & { lineClamp?: number; inherit?: boolean; span?: boolean; staticName?: string }) {
  return (
    <Box
      className={cx(
        'mantine-focus-auto',
        className,
        cls('m_b6d8b162', 'Text'),
        staticName && `mantine-${staticName}-root`,
      )}
      vars={{
        '--text-fz': getFontSize(size),
        '--text-lh': getLineHeight(size),
        '--text-line-clamp': lineClamp === undefined ? undefined : String(lineClamp),
      }}
      component={component ?? (span ? 'span' : 'p')}
      mod={{ lineClamp: lineClamp !== undefined, inherit }}
      size={size}
      {...others}
    />
  );
}

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

export function Container({ size, className, ...others }: Props) {
  return (
    <Box
      mod={{ strategy: 'block' }}
      className={cx(className, cls('m_7485cace', 'Container'))}
      vars={{ '--container-size': getSize(size, 'container-size') }}
      size={size}
      {...others}
    />
  );
}

export function Stack({
  gap = 'md',
  align = 'stretch',
  justify = 'flex-start',
  className,
  ...others
}: Props & { gap?: Value; align?: string; justify?: string }) {
  return (
    <Box
      className={cx(className, cls('m_6d731127', 'Stack'))}
      vars={{ '--stack-gap': getSpacing(gap), '--stack-align': align, '--stack-justify': justify }}
      {...others}
    />
  );
}

export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  grow,
  className,
  children,
  ...others
}: Props & { gap?: Value; align?: string; justify?: string; wrap?: string; grow?: boolean }) {
  const items = Children.toArray(children).filter(Boolean);
  const resolvedGap = getSpacing(gap);
  const count = items.length;
  return (
    <Box
      className={cx(className, cls('m_4081bf90', 'Group'))}
      vars={{
        '--group-child-width': grow
          ? `calc(${100 / count}% - (${resolvedGap} - ${resolvedGap} / ${count}))`
          : undefined,
        '--group-gap': resolvedGap,
        '--group-align': align,
        '--group-justify': justify,
        '--group-wrap': wrap,
      }}
      mod={{ grow }}
      {...others}
    >
      {items}
    </Box>
  );
}

const BREAKPOINT_ORDER: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl'];
const BREAKPOINT_WIDTH: Record<Breakpoint, string> = {
  xs: '36em',
  sm: '48em',
  md: '62em',
  lg: '75em',
  xl: '88em',
};
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
  const text = (vars: Record<string, string | number | undefined>) =>
    Object.entries(vars)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}:${v};`)
      .join('');
  const baseText = text(base);
  const css =
    (baseText ? `${selector}{${baseText}}` : '') +
    BREAKPOINT_ORDER.map((point) => {
      const vars = text(media(point));
      return vars ? `@media(min-width: ${BREAKPOINT_WIDTH[point]}){${selector}{${vars}}}` : '';
    }).join('');
  return <style data-mantine-styles="inline" dangerouslySetInnerHTML={{ __html: css }} />;
}

const useRandomClassName = () => `__m__-${useId().replace(/[:«»]/g, '')}`;

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
  const own = useRandomClassName();
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
  const own = useRandomClassName();
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
  const own = useRandomClassName();
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

export function AspectRatio({ ratio, className, ...others }: Props & { ratio: number }) {
  return (
    <Box
      className={cx(className, cls('m_71ac47fc', 'AspectRatio'))}
      vars={{ '--ar-ratio': ratio.toString() }}
      {...others}
    />
  );
}

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

export function UnstyledButton({ className, component = 'button', ...others }: Props) {
  return (
    <Box
      className={cx('mantine-focus-auto', className, cls('m_87cf2631', 'UnstyledButton'))}
      component={component}
      type={component === 'button' ? 'button' : undefined}
      {...others}
    />
  );
}

export function Button({
  color,
  variant,
  size,
  radius,
  fullWidth,
  leftSection,
  rightSection,
  className,
  style,
  children,
  mod,
  ...others
}: Props & {
  color?: string;
  radius?: Value;
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  href?: string;
  to?: string;
  target?: string;
  rel?: string;
  onClick?: () => void;
}) {
  const colors = variantColors(color ?? 'olive', variant ?? 'filled');
  const styled = Boolean(color || variant);
  return (
    <UnstyledButton
      className={cx('mantine-active', className, cls('m_77c9d27d', 'Button'))}
      style={
        {
          '--button-height': getSize(size, 'button-height'),
          '--button-padding-x': getSize(size, 'button-padding-x'),
          '--button-fz': getFontSize(
            typeof size === 'string' ? size.replace('compact-', '') : size,
          ),
          '--button-radius': radius === undefined ? undefined : getRadius(radius),
          '--button-bg': styled ? colors.background : undefined,
          '--button-hover': styled ? colors.hover : undefined,
          '--button-color': colors.color,
          '--button-bd': styled ? colors.border : undefined,
          '--button-hover-color': undefined,
          ...style,
        } as CSSProperties
      }
      variant={variant}
      mod={{
        block: fullWidth,
        'with-left-section': Boolean(leftSection),
        'with-right-section': Boolean(rightSection),
        ...mod,
      }}
      size={size}
      {...others}
    >
      <span className={cls('m_80f1301b', 'Button', 'inner')}>
        {leftSection && (
          <Box
            component="span"
            className={cls('m_a74036a', 'Button', 'section')}
            mod={{ position: 'left' }}
          >
            {leftSection}
          </Box>
        )}
        <Box component="span" className={cls('m_811560b9', 'Button', 'label')}>
          {children}
        </Box>
        {rightSection && (
          <Box
            component="span"
            className={cls('m_a74036a', 'Button', 'section')}
            mod={{ position: 'right' }}
          >
            {rightSection}
          </Box>
        )}
      </span>
    </UnstyledButton>
  );
}

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

export function Burger({
  opened,
  size,
  className,
  ...others
}: Props & { opened: boolean; onClick?: () => void }) {
  return (
    <UnstyledButton
      className={cx(className, cls('m_fea6bf1a', 'Burger'))}
      style={{ '--burger-size': getSize(size, 'burger-size') } as CSSProperties}
      size={size}
      {...others}
    >
      <Box mod={{ reduceMotion: true, opened }} className={cls('m_d4fb9cad', 'Burger', 'burger')} />
    </UnstyledButton>
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
