import { Box, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { layoutCopy, site, type NavLink as NavLinkData, type SiteNav } from '@cedar/content';
import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import classes from './site-header.module.css';

export const MOBILE_NAV_ID = 'site-mobile-nav';

const { careMenu, book } = layoutCopy;

function ExternalIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
function CareMenu({ items }: { items: readonly NavLinkData[] }) {
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
        className={classes.link}
        data-active={active || undefined}
        data-expanded={opened || undefined}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => setOpened((o) => !o)}
        onKeyDown={onTriggerKeyDown}
      >
        {careMenu.label}
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

/**
 * Medium and large screens: one bar per size, swapped by CSS only so the prerendered HTML fits
 * every width. Memoised, like the small screens' links: the toggle re-renders the header, and a
 * tap on it should cost only the panel shown (the bench's small-screen menu tap at 4x CPU).
 */
const DesktopNav = memo(function DesktopNav({ size, nav }: { size: 'md' | 'lg'; nav: SiteNav }) {
  const { primary, care, contact } = nav;
  const long = size === 'lg';
  return (
    <Group
      gap={4}
      wrap="nowrap"
      visibleFrom={long ? 'lg' : 'sm'}
      hiddenFrom={long ? undefined : 'lg'}
      data-nav-variant={long ? 'large' : 'medium'}
    >
      {primary.map((item) => (
        <NavLink key={item.to} to={item.to} className={classes.link}>
          {long ? item.label : item.short}
        </NavLink>
      ))}
      <CareMenu items={care} />
      <Group gap={8} wrap="nowrap" ml={long ? 'sm' : 4}>
        <Button
          component="a"
          href={site.urls.book}
          target="_blank"
          rel="noopener noreferrer"
          variant="outline"
          size="sm"
          px={long ? 'md' : 'sm'}
          rightSection={<ExternalIcon />}
        >
          {long ? book.label : book.short}
        </Button>
        <Button component={NavLink} to={contact.to} size="sm" px={long ? 'md' : 'sm'}>
          {long ? contact.label : contact.short}
        </Button>
      </Group>
    </Group>
  );
});

function MobileNav({
  opened,
  onNavigate,
  nav,
}: {
  opened: boolean;
  onNavigate: () => void;
  nav: SiteNav;
}) {
  return (
    <Box hiddenFrom="sm">
      {/* Always in the HTML (crawlers and the no-JS reader see every link), shown by the toggle. */}
      <div id={MOBILE_NAV_ID} hidden={!opened} className={classes.mobilePanel}>
        <MobileNavLinks onNavigate={onNavigate} nav={nav} />
      </div>
    </Box>
  );
}

const MobileNavLinks = memo(function MobileNavLinks({
  onNavigate,
  nav,
}: {
  onNavigate: () => void;
  nav: SiteNav;
}) {
  const { primary, care, contact } = nav;
  return (
    <Container size="lg" py="sm" component="nav" aria-label={layoutCopy.navLabel}>
      <Stack gap={0}>
        {primary.map((item) => (
          <NavLink key={item.to} to={item.to} className={classes.mobileLink} onClick={onNavigate}>
            {item.label}
          </NavLink>
        ))}
        <div className={classes.mobileGroupLabel} id="mobile-care-label">
          {careMenu.label}
        </div>
        <Stack gap={0} role="group" aria-labelledby="mobile-care-label">
          {care.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={`${classes.mobileLink} ${classes.mobileSubLink}`}
              onClick={onNavigate}
            >
              {item.label}
            </NavLink>
          ))}
        </Stack>
        <Group grow gap="sm" mt="md" mb="xs">
          <Button
            component="a"
            href={site.urls.book}
            target="_blank"
            rel="noopener noreferrer"
            variant="outline"
            rightSection={<ExternalIcon />}
            onClick={onNavigate}
          >
            {book.label}
          </Button>
          <Button component={NavLink} to={contact.to} onClick={onNavigate}>
            {contact.label}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
});

/**
 * Sticky navigation bar: long labels from 75em, short labels from 48em, a toggle menu below. Its
 * links to pages are `nav`, the public layout route's loader data.
 */
export function SiteHeader({ nav }: { nav: SiteNav }) {
  const [opened, setOpened] = useState(false);
  const toggle = useCallback(() => setOpened((o) => !o), []);
  const close = useCallback(() => setOpened(false), []);
  const { pathname } = useLocation();

  // Back and forward navigation must not leave the menu open over the new page.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <header className={classes.header}>
      <a href="#main" className={classes.skipLink}>
        {layoutCopy.skipLink}
      </a>
      <Container size="lg" className={classes.bar}>
        <Group justify="space-between" h="100%" wrap="nowrap" gap="md">
          <Link to="/" className={classes.brand} onClick={close}>
            {site.brandName}
          </Link>
          <Box component="nav" aria-label={layoutCopy.navLabel} visibleFrom="sm">
            <DesktopNav size="lg" nav={nav} />
            <DesktopNav size="md" nav={nav} />
          </Box>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? layoutCopy.menuToggle.close : layoutCopy.menuToggle.open}
            aria-expanded={opened}
            aria-controls={MOBILE_NAV_ID}
            size="sm"
          />
        </Group>
      </Container>
      <MobileNav opened={opened} onNavigate={close} nav={nav} />
    </header>
  );
}
