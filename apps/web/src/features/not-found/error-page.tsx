import { Anchor, Button, Container, Group, Text, Title } from '@mantine/core';
import { errorPageCopy as copy, notFoundMeta, site, siteNav, telHref } from '@cedar/content';
import { isRouteErrorResponse, Link } from 'react-router';
import { NotFoundContent } from './not-found-content';
import { SiteFrame } from '../../components/layout/site-frame';

/**
 * What the root route's error boundary shows: the site's header and footer around the not-found
 * content for a 404, and otherwise a word that the page did not load, a way to try again and
 * the kennel's phone. Its own chunk (root.tsx loads it lazily), so no page's first load carries it
 * or the page registry it reads.
 */
export default function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteFrame nav={siteNav()}>
      <title>{notFound ? notFoundMeta.title : copy.title}</title>
      {notFound ? (
        <NotFoundContent />
      ) : (
        <Container size="sm" py={80} ta="center">
          <Title order={1}>{copy.heading}</Title>
          <Text mt="md" c="gray.8" fz="lg">
            {copy.text}
          </Text>
          <Group justify="center" mt="xl">
            <Button onClick={() => window.location.reload()}>{copy.retry}</Button>
            <Button component={Link} to="/" variant="outline" reloadDocument>
              {copy.home}
            </Button>
          </Group>
          <Text mt="xl">
            {copy.callUs}{' '}
            <Anchor href={telHref(site.phones.main)} fw={600}>
              {site.phones.main}
            </Anchor>
            .
          </Text>
        </Container>
      )}
    </SiteFrame>
  );
}
