import { AspectRatio, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { formatUsd } from '../lib/format';
import { CardRow } from './layout/page-section';
import { imageSizes, SiteImage } from './site-image';

function CheckIcon() {
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

interface OfferCardProps {
  /** The heading's id, which names the card (`aria-labelledby`). */
  headingId: string;
  image: { src: string; alt: string };
  name: string;
  /** US dollars. */
  price: number;
  /** What the price is for ("per 5 lb tub", "per program"). */
  unit: string;
  /** The paragraph under the price. */
  text: string;
  /**
   * A small heading over the checklist. A card with one (the raw food products) sets its parts a
   * little closer together, as it has one line more.
   */
  listLabel?: string;
  items: readonly string[];
}

/** A card of something the kennel sells: photo, name, price, a paragraph and a checklist. */
function OfferCard({
  headingId,
  image,
  name,
  price,
  unit,
  text,
  listLabel,
  items,
}: OfferCardProps) {
  const close = listLabel !== undefined;
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
          <SiteImage src={image.src} alt={image.alt} cover sizes={imageSizes.third} />
        </AspectRatio>
      </Card.Section>
      <Title order={3} id={headingId} fz="h3" mt="md">
        {name}
      </Title>
      <Group gap={close ? 6 : 'xs'} mt={close ? 4 : 'xs'} align="baseline">
        <Text fz="1.75rem" fw={700} c="olive.8" lh={1.2}>
          {formatUsd(price)}
        </Text>
        <Text fz="sm" c="gray.7">
          {unit}
        </Text>
      </Group>
      <Text mt={close ? 'sm' : 'md'} c="gray.8">
        {text}
      </Text>
      {close && (
        <Text mt="md" fz="xs" fw={700} tt="uppercase" lts="0.06em" c="olive.8">
          {listLabel}
        </Text>
      )}
      <List
        styles={{ itemLabel: { lineHeight: 1.45 } }}
        mt={close ? 'xs' : 'md'}
        spacing={close ? 6 : 'xs'}
        size="sm"
        center
        icon={
          <ThemeIcon size={20} radius="xl" color="olive.7">
            <CheckIcon />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** The cards of what a page sells, three a row; each card's heading id is `<idPrefix>-<id>`. */
export function OfferCards({
  idPrefix,
  offers,
  listLabel,
}: {
  idPrefix: string;
  offers: readonly (Omit<OfferCardProps, 'headingId' | 'listLabel'> & { id: string })[];
  listLabel?: string;
}) {
  return (
    <CardRow>
      {offers.map(({ id, ...offer }) => (
        <OfferCard key={id} headingId={`${idPrefix}-${id}`} listLabel={listLabel} {...offer} />
      ))}
    </CardRow>
  );
}
