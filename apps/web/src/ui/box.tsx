import {
  createElement,
  Fragment,
  useId,
  type CSSProperties,
  type ElementType,
  type ReactNode,
} from 'react';

// The public pages' building blocks render the markup Mantine's components render (the same
// classes, data attributes and CSS variables, styled by Mantine's own stylesheets), without
// Mantine's runtime: no theme object, no provider, no styles engine in the pages' first load.
// ui.test.tsx renders each block both ways and requires the same HTML.

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
/** A style prop's value: one value, or one per breakpoint ({ base: 1, sm: 2 }). */
export type Responsive<T> = T | Partial<Record<'base' | Breakpoint, T>>;
export type Value = string | number;

/** A component's classes: Mantine's module class and its static `mantine-<Name>-<part>` class. */
export const cls = (module: string, name: string, part = 'root') =>
  `${module} mantine-${name}-${part}`;

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** Mantine's breakpoints, smallest first. */
const BREAKPOINTS: Record<Breakpoint, string> = {
  xs: '36em',
  sm: '48em',
  md: '62em',
  lg: '75em',
  xl: '88em',
};
/** The theme's colour names (Mantine's palette and the kennel's). */
const THEME_COLORS = new Set(
  'dark gray red pink grape violet indigo blue cyan green lime yellow orange teal olive gold'.split(
    ' ',
  ),
);

/** px and unitless numbers to rem, scaled as Mantine scales them. */
export function rem(value: Value): string {
  if (value === 0 || value === '0') return '0rem';
  if (typeof value === 'number') return `calc(${value / 16}rem * var(--mantine-scale))`;
  if (value === '' || /^(calc|clamp)\(/.test(value) || value.includes('rgba(')) return value;
  if (value.includes(',')) return value.split(',').map(rem).join(',');
  if (value.includes(' ')) return value.split(' ').map(rem).join(' ');
  const number = Number(value.replace('px', ''));
  return Number.isNaN(number) ? value : rem(number);
}

const isNumberLike = (value: unknown) =>
  typeof value === 'number' ||
  (typeof value === 'string' && (/^-?\d/.test(value.trim()) || /^(calc|var)\(/.test(value.trim())));

/** A theme size ('md') as its variable, any other value as rem. */
export function getSize(size: Value | undefined, prefix: string, toRem = true) {
  if (size === undefined) return undefined;
  if (isNumberLike(size)) return toRem ? rem(size) : String(size);
  return `var(--${prefix}-${size})`;
}
export const getSpacing = (size: Value | undefined) => getSize(size, 'mantine-spacing');
export const getRadius = (size: Value | undefined) =>
  size === undefined ? 'var(--mantine-radius-default)' : getSize(size, 'mantine-radius');
export const getFontSize = (size: Value | undefined) => getSize(size, 'mantine-font-size');
export const getLineHeight = (size: Value | undefined) =>
  getSize(size, 'mantine-line-height', false);
export const getShadow = (size: Value | undefined) =>
  size ? getSize(size, 'mantine-shadow', false) : undefined;

/** A colour as Mantine's style props write it: 'olive.7', 'dimmed', 'white' or any CSS colour. */
function themeColor(color: string, text = false): string {
  if (color === 'dimmed' || color === 'bright' || color === 'white' || color === 'black')
    return `var(--mantine-color-${color})`;
  const [name, shade] = color.split('.');
  if (name && THEME_COLORS.has(name)) {
    if (shade !== undefined) return `var(--mantine-color-${name}-${Number(shade)})`;
    return `var(--mantine-color-${name}-${text ? 'text' : 'filled'})`;
  }
  return color;
}

type Resolver = (value: Value) => string | number;
const spacing: Resolver = (v) =>
  typeof v === 'string' && SIZES.includes(v.replace('-', ''))
    ? v.startsWith('-')
      ? `calc(var(--mantine-spacing-${v.slice(1)}) * -1)`
      : `var(--mantine-spacing-${v})`
    : rem(v);
const size: Resolver = (v) => (typeof v === 'number' ? rem(v) : v);
const identity: Resolver = (v) => v;
const fontSize: Resolver = (v) =>
  typeof v === 'string' && SIZES.includes(v)
    ? `var(--mantine-font-size-${v})`
    : typeof v === 'string' && HEADINGS.includes(v)
      ? `var(--mantine-${v}-font-size)`
      : rem(v);
const lineHeight: Resolver = (v) =>
  typeof v === 'string' && SIZES.includes(v)
    ? `var(--mantine-line-height-${v})`
    : typeof v === 'string' && HEADINGS.includes(v)
      ? `var(--mantine-${v}-line-height)`
      : v;
const fontFamily: Resolver = (v) =>
  ({
    text: 'var(--mantine-font-family)',
    mono: 'var(--mantine-font-family-monospace)',
    monospace: 'var(--mantine-font-family-monospace)',
    heading: 'var(--mantine-font-family-headings)',
    headings: 'var(--mantine-font-family-headings)',
  })[v] ?? v;
const color: Resolver = (v) => themeColor(String(v));
const textColor: Resolver = (v) => themeColor(String(v), true);

/** The style props the site uses, in the order Mantine applies them. */
const STYLE_PROPS = {
  m: ['margin', spacing],
  mx: ['marginInline', spacing],
  my: ['marginBlock', spacing],
  mt: ['marginTop', spacing],
  mb: ['marginBottom', spacing],
  ml: ['marginLeft', spacing],
  mr: ['marginRight', spacing],
  p: ['padding', spacing],
  px: ['paddingInline', spacing],
  py: ['paddingBlock', spacing],
  pt: ['paddingTop', spacing],
  pb: ['paddingBottom', spacing],
  pl: ['paddingLeft', spacing],
  pr: ['paddingRight', spacing],
  bg: ['background', color],
  c: ['color', textColor],
  opacity: ['opacity', identity],
  ff: ['fontFamily', fontFamily],
  fz: ['fontSize', fontSize],
  fw: ['fontWeight', identity],
  lts: ['letterSpacing', size],
  ta: ['textAlign', identity],
  lh: ['lineHeight', lineHeight],
  fs: ['fontStyle', identity],
  tt: ['textTransform', identity],
  td: ['textDecoration', identity],
  w: ['width', size],
  miw: ['minWidth', size],
  maw: ['maxWidth', size],
  h: ['height', size],
  mih: ['minHeight', size],
  mah: ['maxHeight', size],
  pos: ['position', identity],
  top: ['top', size],
  left: ['left', size],
  bottom: ['bottom', size],
  right: ['right', size],
  inset: ['inset', size],
  display: ['display', identity],
  flex: ['flex', identity],
} as const satisfies Record<string, readonly [string, Resolver]>;

type StyleProps = {
  [K in keyof typeof STYLE_PROPS]?: Responsive<Value>;
} & { hiddenFrom?: Breakpoint; visibleFrom?: Breakpoint };

const kebab = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** Declarations from properties (camelCase or custom); those without a value are left out. */
const cssText = (styles: Record<string, Value | undefined>) =>
  Object.entries(styles)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => `${kebab(property)}:${value};`)
    .join('');

/**
 * A class's CSS as Mantine's InlineStyles writes it: the base rules, then one media query per
 * breakpoint that sets any, smallest first (the style props' responsive values, SimpleGrid's and
 * Grid's variables).
 */
export function responsiveCss(
  selector: string,
  base: Record<string, Value | undefined>,
  media: (point: Breakpoint) => Record<string, Value | undefined>,
): string {
  const baseText = cssText(base);
  const css =
    (baseText ? `${selector}{${baseText}}` : '') +
    (Object.keys(BREAKPOINTS) as Breakpoint[])
      .map((point) => {
        const text = cssText(media(point));
        return text ? `@media(min-width: ${BREAKPOINTS[point]}){${selector}{${text}}}` : '';
      })
      .join('');
  // The CSS goes into a <style> element as raw HTML, and its values can come from an edited
  // section: no `<`, so no `</style>` can end the element (CSS itself never needs one).
  return css.replace(/</g, '\\3c ');
}

interface ParsedStyleProps {
  inline: Record<string, Value>;
  /** The responsive props' CSS, for a class of the element's own; null when there are none. */
  css: ((selector: string) => string) | null;
}

function parseStyleProps(props: Record<string, unknown>): ParsedStyleProps {
  const inline: Record<string, Value> = {};
  const base: Record<string, Value> = {};
  const media: Partial<Record<Breakpoint, Record<string, Value>>> = {};
  let responsive = false;
  for (const [prop, [property, resolve]] of Object.entries(STYLE_PROPS)) {
    const value = props[prop] as Responsive<Value> | undefined;
    if (value === undefined) continue;
    if (typeof value !== 'object' || value === null) {
      inline[property] = resolve(value);
      continue;
    }
    const points = Object.keys(value).filter((k) => k !== 'base') as Breakpoint[];
    if (value.base !== undefined) {
      if (points.length === 0) {
        inline[property] = resolve(value.base);
        continue;
      }
      base[property] = resolve(value.base);
    }
    if (points.length === 0) continue;
    responsive = true;
    for (const point of points)
      media[point] = { ...media[point], [property]: resolve(value[point]!) };
  }
  if (!responsive) return { inline, css: null };
  return {
    inline,
    css: (selector) => responsiveCss(selector, base, (point) => media[point] ?? {}),
  };
}

/** `mod` as Mantine writes it: { withBorder: true } -> data-with-border="true". */
function dataAttributes(mod: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(mod)) {
    if (value === undefined || value === '' || value === false || value === null) continue;
    out[`data-${key.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`] = value;
  }
  return out;
}

export const cx = (...names: (string | false | null | undefined)[]) =>
  names.filter(Boolean).join(' ');

export type BoxProps = StyleProps & {
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  variant?: string;
  size?: Value;
  /** Data attributes, as Mantine's `mod`. */
  mod?: Record<string, unknown>;
  [attribute: string]: unknown;
};

/** Splits a component's props into its style props and the rest. */
function splitStyleProps(props: Record<string, unknown>) {
  const style: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key in STYLE_PROPS || key === 'hiddenFrom' || key === 'visibleFrom') style[key] = value;
    else rest[key] = value;
  }
  return { style, rest };
}

/**
 * Mantine's Box: an element with style props (inline, or a class of its own with media queries
 * for responsive values), hiddenFrom/visibleFrom, `variant`/`size` data attributes and `mod`.
 * `vars` are the component's CSS variables, written before the style props as Mantine does.
 */
export function Box({
  component = 'div',
  className,
  style,
  vars,
  variant,
  size,
  mod,
  ...others
}: BoxProps & { vars?: Record<string, string | undefined> }) {
  const { style: styleProps, rest } = splitStyleProps(others);
  const parsed = parseStyleProps(styleProps);
  const { hiddenFrom, visibleFrom } = styleProps as StyleProps;
  const ownClass = useOwnClass();
  const responsiveClass = parsed.css === null ? null : ownClass;
  const definedVars = Object.fromEntries(
    Object.entries(vars ?? {}).filter(([, v]) => v !== undefined),
  );
  const element = createElement(component, {
    style: { ...definedVars, ...style, ...parsed.inline },
    className: cx(
      className,
      responsiveClass,
      hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
      visibleFrom && `mantine-visible-from-${visibleFrom}`,
    ),
    'data-variant': variant,
    'data-size': size === undefined || isNumberLike(size) ? undefined : size,
    ...dataAttributes(mod ?? {}),
    ...rest,
  });
  if (!parsed.css || !responsiveClass) return element;
  return (
    <Fragment>
      <style
        data-mantine-styles="inline"
        dangerouslySetInnerHTML={{ __html: parsed.css(`.${responsiveClass}`) }}
      />
      {element}
    </Fragment>
  );
}

/**
 * A class of the element's own for its responsive styles, as Mantine names it: from React's id, so
 * the same in the prerender and on hydration.
 */
export function useOwnClass(): string {
  return `__m__-${useId().replace(/[:«»]/g, '')}`;
}
