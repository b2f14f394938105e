import { Menu, UnstyledButton } from '@mantine/core';
import type { NavLink as NavLinkData } from '@cedar/content';
import type { ComponentPropsWithRef } from 'react';
import { NavLink } from 'react-router';
import classes from './site-header.module.css';

function ChevronDown() {
  return (
    <svg
      className={classes.chevron}
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
}

/** The menu's button: Mantine's Menu.Target adds its handlers and ARIA. */
function CareMenuButton({ label, active, ...others }: CareMenuButtonProps) {
  return (
    <UnstyledButton className={classes.link} data-active={active || undefined} {...others}>
      {label}
      <ChevronDown />
    </UnstyledButton>
  );
}

export interface CareMenuProps {
  label: string;
  items: readonly NavLinkData[];
  /** The page shown is one of the menu's */
  active: boolean;
}

/**
 * The Care & Lifestyle dropdown: Mantine's Menu (a menu button: Enter or Space opens it and moves
 * focus in, arrows move between its links, Escape closes it and gives focus back). Rendered in
 * the header, not a portal, so it stacks with the header. No open transition: a tap shows the
 * menu in the next frame.
 */
export default function CareMenu({ label, items, active }: CareMenuProps) {
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
        <CareMenuButton label={label} active={active} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={NavLink} to={item.to} className={classes.menuItem}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
