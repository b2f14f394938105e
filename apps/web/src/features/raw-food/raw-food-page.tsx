import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { foodProducts, formatAddress, rawFoodCopy, site } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { OfferCard } from '../../components/offer-card';
import { pageData, pageMeta } from '../../lib/page-data';
import type { Route } from './+types/raw-food-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

const { order } = rawFoodCopy;

/** The page: nothing but text, photos and links. */
export default function RawFoodPage() {
  return (
    <>
      <PageHero
        eyebrow={rawFoodCopy.eyebrow}
        title={rawFoodCopy.heading}
        intro={rawFoodCopy.intro}
        image={{ src: rawFoodCopy.image, alt: rawFoodCopy.imageAlt }}
      >
        <Badge size="lg" radius="sm" color="gold.3" c="dark.9" tt="none">
          {rawFoodCopy.pickupBadge}
        </Badge>
      </PageHero>

      <Box component="section" aria-labelledby="products-heading" py={{ base: 64, md: 96 }}>
        <Container size="lg">
          <Title
            order={2}
            id="products-heading"
            ta="center"
            fz={{ base: '2rem', sm: '2.5rem' }}
            mb={{ base: 32, md: 48 }}
          >
            {rawFoodCopy.productsHeading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'lg', sm: 'md', md: 'lg' }}>
            {foodProducts.map((product) => (
              <OfferCard
                key={product.id}
                headingId={`product-${product.id}`}
                image={{ src: product.image, alt: product.name }}
                name={product.name}
                price={product.price}
                unit={product.unit}
                text={product.description}
                listLabel={rawFoodCopy.benefitsLabel}
                items={product.benefits}
              />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="order-heading"
        py={{ base: 64, md: 88 }}
        bg="olive.0"
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="order-heading" fz={{ base: '1.875rem', sm: '2.25rem' }}>
              {order.heading}
            </Title>
            <Text c="gray.8" fz={{ base: 'md', sm: 'lg' }} maw={600}>
              {order.text}
            </Text>
            <Button
              component="a"
              href={site.urls.foodOrder}
              target="_blank"
              rel="noopener noreferrer"
              size="lg"
            >
              {order.button}
            </Button>
            <Text fz="sm" c="gray.7">
              {order.newTab}
            </Text>
            <Alert
              variant="outline"
              color="olive.8"
              radius="md"
              title={order.pickupTitle}
              maw={560}
              w="100%"
              ta="left"
              mt="sm"
              bg="white"
              styles={{ title: { fontSize: 'var(--mantine-font-size-md)' } }}
            >
              <Text fz="sm" c="gray.9">
                {order.pickupText} {formatAddress(site)}.
              </Text>
            </Alert>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
