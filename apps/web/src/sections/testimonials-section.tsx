import { AspectRatio, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TESTIMONIAL_TRUNCATE_AT, testimonials, type Testimonial } from '@cedar/content';
import { ReadMoreText } from '../components/section-parts';
import { imageSizes, SiteImage } from '../components/site-image';

const copy = {
  heading: 'What Our Families Say',
  intro: 'A few words from the families who brought a Cedar Bluff Labrador home.',
  photoAlt: 'with',
  dogLabel: 'Dog',
  degreeLabel: 'Program',
  parentsLabel: 'Parents',
  readMore: 'Read More',
  readLess: 'Read Less',
};

function MetaLine({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span fw={700} c="olive.8">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card component="article" withBorder radius="lg" padding="lg" shadow="xs">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <SiteImage
            src={testimonial.image}
            alt={`${testimonial.name} ${copy.photoAlt} ${testimonial.dog}`}
            cover
            sizes={imageSizes.third}
          />
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="md">
        <Title order={3} fz="h4">
          {testimonial.name}
        </Title>
        <MetaLine label={copy.dogLabel} value={testimonial.dog} />
        <MetaLine label={copy.degreeLabel} value={testimonial.degree} />
        <MetaLine label={copy.parentsLabel} value={testimonial.parents} />
        {testimonial.location && (
          <Text size="sm" c="gray.7">
            {testimonial.location}
          </Text>
        )}
      </Stack>
      <Text aria-hidden="true" mt="sm" mb={-12} lh={1} fz={40} ff="Georgia, serif" c="gold.6">
        “
      </Text>
      <ReadMoreText
        text={testimonial.text}
        limit={TESTIMONIAL_TRUNCATE_AT}
        readMore={copy.readMore}
        readLess={copy.readLess}
      />
    </Card>
  );
}

/** Editable section (File editor: Testimonials): the families' words, long ones collapsed. */
export function TestimonialsSection({ items = testimonials }: { items?: readonly Testimonial[] }) {
  return (
    <section aria-labelledby="testimonials-heading">
      <Title order={2} id="testimonials-heading" ta="center">
        {copy.heading}
      </Title>
      <Text ta="center" c="gray.7" mt="xs" maw={560} mx="auto">
        {copy.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt="xl">
        {items.map((t) => (
          <TestimonialCard key={t.name} testimonial={t} />
        ))}
      </SimpleGrid>
    </section>
  );
}
