import { Alert, Badge, Button, Text } from '@mantine/core';
import { foodProducts, formatAddress, rawFoodCopy, site } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { CallToAction, PageSection } from '../../components/layout/page-section';
import { OfferCards } from '../../components/offer-card';
import { pageData, pageMeta } from '../../lib/page-data';
import type { Route } from './+types/raw-food-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

const { order } = rawFoodCopy;

/** The page: nothing but text, photos and links. */
export default function RawFoodPage() {
  return (
    <>
      <PageHero copy={rawFoodCopy} image={{ src: rawFoodCopy.image, alt: rawFoodCopy.imageAlt }}>
        <Badge size="lg" radius="sm" color="gold.3" c="dark.9" tt="none">
          {rawFoodCopy.pickupBadge}
        </Badge>
      </PageHero>

      <PageSection headingId="products-heading" heading={rawFoodCopy.productsHeading}>
        <OfferCards
          idPrefix="product"
          listLabel={rawFoodCopy.benefitsLabel}
          offers={foodProducts.map((product) => ({
            ...product,
            image: { src: product.image, alt: product.name },
            text: product.description,
            items: product.benefits,
          }))}
        />
      </PageSection>

      <CallToAction
        headingId="order-heading"
        heading={order.heading}
        text={order.text}
        bg="olive.0"
      >
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
      </CallToAction>
    </>
  );
}
