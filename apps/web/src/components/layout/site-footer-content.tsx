import { Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatAddress, layoutCopy, site, telHref, type NavLink } from '@cedar/content';
import { Link } from 'react-router';
import classes from './site-footer.module.css';

const { footer } = layoutCopy;

/** The footer's contents: brand, tagline, quick links, contact details, visiting rule, copyright. */
export function FooterContent({ links }: { links: readonly NavLink[] }) {
  return (
    <>
      <Container size="lg" pt={{ base: 48, sm: 64 }} pb="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={{ base: 40, md: 56 }}>
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
        </SimpleGrid>
      </Container>
      <Box className={classes.bottom}>
        <Container size="lg" py="md">
          <Text size="sm" c="gray.3" ta={{ base: 'left', sm: 'center' }}>
            © {site.copyrightYear} {site.brandName}. {footer.rights}
          </Text>
        </Container>
      </Box>
    </>
  );
}
