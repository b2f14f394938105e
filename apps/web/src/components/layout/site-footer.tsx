import { Container, Text } from '@mantine/core';
import { site } from '@cedar/content';

// Skeleton: the public-site issue builds the full footer.
export function SiteFooter() {
  return (
    <footer>
      <Container size="lg" py="xl">
        <Text size="sm">
          © {site.copyrightYear} {site.brandName}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
