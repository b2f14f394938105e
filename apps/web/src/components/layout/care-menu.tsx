import { Menu } from '@mantine/core';
import type { NavLink as NavLinkData } from '@cedar/content';
import type { ComponentPropsWithRef } from 'react';
import { NavLink } from 'react-router';

function ChevronDown({ className }: { className: string | undefined }) {
  return (
    <svg
      className={className}
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface CareMenuButtonProps extends ComponentPropsWithRef<'button'> {
  label: string;
  active: boolean;
  classNames: CareMenuClassNames;
}

/** The menu's button, dressed as the bar's links: Mantine's Menu.Target adds its handlers and ARIA. */
function CareMenuButton({ label, active, classNames, className, ...others }: CareMenuButtonProps) {
  return (
    <button
      type="button"
      {...others}
      className={[classNames.trigger, className].filter(Boolean).join(' ')}
      data-active={active || undefined}
    >
      {label}
      <ChevronDown className={classNames.chevron} />
    </button>
  );
}

/**
 * The header's classes for the button (styled as its links), its chevron and the menu's links:
 * passed in rather than imported, so the header's stylesheet stays one file in the page's first
 * load instead of a chunk shared with this lazy one.
 */
export interface CareMenuClassNames {
  trigger: string | undefined;
  chevron: string | undefined;
  item: string | undefined;
}

export interface CareMenuProps {
  label: string;
  items: readonly NavLinkData[];
  /** The page shown is one of the menu's */
  active: boolean;
  classNames: CareMenuClassNames;
}

/**
 * The Care & Lifestyle dropdown: Mantine's Menu (a menu button: Enter or Space opens it and moves
 * focus in, arrows move between its links, Escape closes it and gives focus back). Rendered in
 * the header, not a portal, so it stacks with the header. No open transition: a tap shows the
 * menu in the next frame.
 */
export default function CareMenu({ label, items, active, classNames }: CareMenuProps) {
  return (
    <Menu
      position="bottom-start"
      offset={6}
      width={220}
      shadow="md"
      withinPortal={false}
      transitionProps={{ duration: 0 }}
    >
      <Menu.Target>
        <CareMenuButton label={label} active={active} classNames={classNames} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={NavLink} to={item.to} className={classNames.item}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
