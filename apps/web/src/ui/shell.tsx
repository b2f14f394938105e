import { Children, type CSSProperties, type ReactNode } from 'react';
import {
  Box,
  cls,
  cx,
  getFontSize,
  getLineHeight,
  getRadius,
  getSize,
  getSpacing,
  rem,
  type BoxProps,
  type Value,
} from './box';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';

// The components the site's header, the pages' frames and the carousel's first photo are built of
// (see box.tsx): in the first load of every page. The others are in components.tsx, loaded with
// the pages that render them.

type Props = BoxProps;

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
export function variantColors(color: string, variant: string): VariantColors {
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

export function AspectRatio({ ratio, className, ...others }: Props & { ratio: number }) {
  return (
    <Box
      className={cx(className, cls('m_71ac47fc', 'AspectRatio'))}
      vars={{ '--ar-ratio': ratio.toString() }}
      {...others}
    />
  );
}
