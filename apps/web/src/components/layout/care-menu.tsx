import { layoutCopy, type NavLink as NavLinkData } from '@cedar/content';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import classes from './care-menu.module.css';

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

/**
 * The Care & Lifestyle dropdown, a menu button (WAI-ARIA APG): Enter, Space and ArrowDown open it,
 * ArrowDown again moves into it, arrows move between its links, Escape closes it and returns
 * focus. Our own rather than Mantine's Menu, the one such piece the benchmark kept (decision 018):
 * with Mantine's Menu (lazily loaded, no transition) a tap at 4x CPU took 128-160 ms to answer
 * (median of 5-9, worst 176-208; its focus trap and floating-ui's positioning render the menu
 * twice), over the 100 ms budget; this list under a button answers in 72 ms (worst 96), measured
 * back to back on the same machine (docs/performance.md).
 */
export function CareMenu({
  items,
  className,
}: {
  items: readonly NavLinkData[];
  /** The button's look: that of the bar's links */
  className?: string;
}) {
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  const active = items.some((item) => item.to === pathname);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const menuId = `${id}-menu`;
  const triggerId = `${id}-trigger`;

  const menuItems = () => [
    ...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];
  const focusItem = (index: number) => {
    const all = menuItems();
    all[(index + all.length) % all.length]?.focus();
  };
  const close = (returnFocus: boolean) => {
    setOpened(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    setOpened(false);
  }, [pathname]);

  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opened]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!opened) setOpened(true);
      else focusItem(event.key === 'ArrowDown' ? 0 : -1);
    } else if (event.key === 'Escape' && opened) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = menuItems().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: -1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpened(false);
    }
  };

  return (
    <div ref={rootRef} className={classes.menuRoot}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={className}
        data-active={active || undefined}
        data-expanded={opened || undefined}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => setOpened((o) => !o)}
        onKeyDown={onTriggerKeyDown}
      >
        {layoutCopy.careMenu.label}
        <ChevronDown />
      </button>
      {opened && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={classes.dropdown}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              className={classes.menuItem}
              onClick={() => setOpened(false)}
            >
              {item.label}
            </NavLink>
          ))}
        </div>
      )}
    </div>
  );
}
