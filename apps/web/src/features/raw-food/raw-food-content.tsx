import {
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { foodProducts, formatAddress, rawFoodCopy, site, type FoodProduct } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { formatUsd } from '../../lib/format';
import { imageSizes, SiteImage } from '../../components/site-image';

const { order } = rawFoodCopy;

function LeafIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M5 12l5 5L20 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ProductCard({ product }: { product: FoodProduct }) {
  const headingId = `product-${product.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      radius="lg"
      padding="lg"
      withBorder
      shadow="sm"
      h="100%"
    >
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <SiteImage src={product.image} alt={product.name} cover sizes={imageSizes.third} />
        </AspectRatio>
      </Card.Section>
      <Title order={3} id={headingId} fz="h3" mt="md">
        {product.name}
      </Title>
      <Group gap={6} mt={4} align="baseline">
        <Text fz="1.75rem" fw={700} c="olive.8" lh={1.2}>
          {formatUsd(product.price)}
        </Text>
        <Text fz="sm" c="gray.7">
          {product.unit}
        </Text>
      </Group>
      <Text mt="sm" c="gray.8">
        {product.description}
      </Text>
      <Text mt="md" fz="xs" fw={700} tt="uppercase" lts="0.06em" c="olive.8">
        {rawFoodCopy.benefitsLabel}
      </Text>
      <List
        styles={{ itemLabel: { lineHeight: 1.45 } }}
        mt="xs"
        spacing={6}
        size="sm"
        center
        icon={
          <ThemeIcon size={20} radius="xl" color="olive.7">
            <LeafIcon />
          </ThemeIcon>
        }
      >
        {product.benefits.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** The page's contents: nothing but text, photos and links. */
export function RawFoodContent() {
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
              <ProductCard key={product.id} product={product} />
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
