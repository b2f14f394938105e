import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { homeCopy } from '@cedar/content';
import { Link } from 'react-router';
import { HeroPhoto } from '../components/section-parts';

// The words of the home page hero. Edit the text between the quotes.
const copy = {
  badge: '50+ Years of Excellence',
  headline: 'Cedar Bluff Labradors',
  tagline: 'English Labradors bred for beauty and temperament',
  subline:
    'Champion bloodlines, raised with holistic care on seven open acres in Cambridge, New York.',
  primaryButton: 'Meet Our Dogs',
  secondaryButton: 'Contact Us',
  imageAlt:
    'An English Labrador resting in the tall grass of the Cedar Bluff meadow at golden hour',
};

const links = { primary: '/breeding-dogs', secondary: '/contact' };

/** Editable section (File editor: Hero Section): the full-screen welcome of the home page. */
export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      pos="relative"
      mih="calc(100svh - 4rem)"
      display="flex"
      bg="olive.9"
      style={{ alignItems: 'center', overflow: 'hidden' }}
    >
      <HeroPhoto src={homeCopy.images.hero} alt={copy.imageAlt} />
      <Box
        aria-hidden="true"
        pos="absolute"
        inset={0}
        style={{
          background:
            'linear-gradient(100deg, rgba(20, 22, 6, 0.78) 0%, rgba(20, 22, 6, 0.55) 55%, rgba(20, 22, 6, 0.3) 100%)',
        }}
      />
      <Container size="lg" pos="relative" py={{ base: 64, sm: 96 }} w="100%">
        <Stack gap="lg" maw={720} align="flex-start">
          <Badge size="lg" radius="sm" color="gold.3" c="dark.9" tt="none" fw={700}>
            {copy.badge}
          </Badge>
          <Title
            order={1}
            id="hero-heading"
            c="white"
            fz={{ base: '2.5rem', sm: '3.5rem', md: '4.25rem' }}
            lh={1.05}
            style={{ textShadow: '0 2px 12px rgba(0, 0, 0, 0.35)' }}
          >
            {copy.headline}
          </Title>
          <Text
            c="white"
            fz={{ base: 'xl', sm: '1.625rem' }}
            fw={500}
            lh={1.3}
            ff="Georgia, 'Times New Roman', serif"
            fs="italic"
          >
            {copy.tagline}
          </Text>
          <Text c="gray.1" fz={{ base: 'md', sm: 'lg' }} maw={560}>
            {copy.subline}
          </Text>
          <Group gap="md" mt="sm" visibleFrom="sm">
            <Button component={Link} to={links.primary} size="lg" color="gold.3" c="dark.9">
              {copy.primaryButton}
            </Button>
            <Button component={Link} to={links.secondary} size="lg" variant="white" color="olive.8">
              {copy.secondaryButton}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
