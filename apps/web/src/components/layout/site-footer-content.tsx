import { Box, Container, Stack, Text } from '@mantine/core';
import { formatAddress, layoutCopy, site, telHref, type NavLink } from '@cedar/content';
import { Link } from 'react-router';
import classes from './site-footer.module.css';

const { footer } = layoutCopy;

/** The footer's contents: brand, tagline, quick links, contact details, visiting rule, copyright. */
export function FooterContent({ links }: { links: readonly NavLink[] }) {
  return (
    <>
      {/* Sizes by breakpoint come from site-footer.module.css, not responsive style props or a
          SimpleGrid, each of which Mantine writes into every page as a <style> element. */}
      <Container size="lg" className={classes.top} pb="xl">
        <div className={classes.columns}>
          <Stack gap="sm">
            <Link to="/" className={classes.brand}>
              {site.brandName}
            </Link>
            <Text fs="italic" c="gray.2">
              {site.tagline}
            </Text>
            <Text size="sm" c="gray.3" maw={340}>
              {footer.blurb}
            </Text>
          </Stack>

          <Box component="nav" aria-labelledby="footer-quick-links">
            <Text component="h2" id="footer-quick-links" className={classes.heading} mb="md">
              {footer.quickLinksHeading}
            </Text>
            <ul className={classes.quickLinks}>
              {links.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={classes.link}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Box>

          <Box>
            <Text component="h2" className={classes.heading} mb="md">
              {footer.contactHeading}
            </Text>
            <Stack gap="xs">
              <Text component="address" fs="normal" size="sm">
                {formatAddress(site)}
              </Text>
              <Text size="sm">
                <a href={telHref(site.phones.main)} className={classes.link}>
                  {site.phones.main}
                </a>
              </Text>
              <Text size="sm">
                <a href={`mailto:${site.email}`} className={classes.link}>
                  {site.email}
                </a>
              </Text>
              <Text size="sm" c="gray.2" mt="xs" className={classes.note}>
                {site.appointmentNote}
              </Text>
            </Stack>
          </Box>
        </div>
      </Container>
      <Box className={classes.bottom}>
        <Container size="lg" py="md">
          <Text size="sm" c="gray.3" className={classes.copyright}>
            © {site.copyrightYear} {site.brandName}. {footer.rights}
          </Text>
        </Container>
      </Box>
    </>
  );
}
