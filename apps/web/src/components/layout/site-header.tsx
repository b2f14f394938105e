import { Box, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { layoutCopy, site, type SiteNav } from '@cedar/content';
import { memo, useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CareMenu } from './care-menu';
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
      <CareMenu items={care} className={classes.link} />
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
      {/* Always in the HTML (crawlers and the no-JS reader see every link), shown by the toggle.
          Closed, it is invisible rather than not displayed: laid out once with the page, so a
          tap that opens it costs a paint, not the layout of its links (the bench's small-screen
          menu tap at 4x CPU). Invisible, it is out of the tab order, the accessibility tree and
          the reach of a pointer, as `hidden` would have it. */}
      <div
        id={MOBILE_NAV_ID}
        className={classes.mobilePanel}
        style={opened ? undefined : { visibility: 'hidden' }}
      >
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
