import { Anchor, Container, Group } from '@mantine/core';
import { site } from '@cedar/content';
import { Link } from 'react-router-dom';

// Skeleton: the public-site issue builds the full navigation bar.
export function SiteHeader() {
  return (
    <header>
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/" fw={700} c="olive.8">
            {site.brandName}
          </Anchor>
        </Group>
      </Container>
    </header>
  );
}
