import { Box, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

const copy = {
  heading: 'How Puppy Placement Works',
  intro: 'Four simple steps take you from your first question to the day your puppy comes home.',
  steps: [
    {
      title: 'Inquire & Apply',
      text: 'Tell us about your family, your home and the Labrador you are hoping for by completing our puppy application.',
    },
    {
      title: 'Match',
      text: 'We get to know every puppy’s personality and match you with the one whose temperament fits your life.',
    },
    {
      title: 'Choose Training',
      text: 'Bring your puppy home right away or enrol in our Behavior Academy for a head start on good manners.',
    },
    {
      title: 'Welcome Home',
      text: 'At a handover session of at least an hour and a half we walk you through feeding, routines and care, then your puppy heads home with you.',
    },
  ],
  button: 'Start Your Journey Today',
};

const links = { button: '/puppy-application' };

/** Editable section (File editor: Puppies Section): the 4-step placement process and its call to action. */
export function PuppiesSection() {
  return (
    <Box component="section" aria-labelledby="placement-process-heading">
      <Title order={2} id="placement-process-heading" ta="center">
        {copy.heading}
      </Title>
      <Text ta="center" c="gray.7" mt="xs" maw={640} mx="auto">
        {copy.intro}
      </Text>
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="xl"
        mt="xl"
        p={0}
        style={{ listStyle: 'none' }}
      >
        {copy.steps.map((step, index) => (
          <Stack component="li" key={step.title} align="center" ta="center" gap="xs">
            <ThemeIcon size={48} radius="xl" color="olive.7" aria-hidden="true">
              <Text fw={700} fz="lg" c="white">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} fz="h4">
              {step.title}
            </Title>
            <Text c="gray.7">{step.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group justify="center" mt="xl">
        <Button component={Link} to={links.button} size="lg">
          {copy.button}
        </Button>
      </Group>
    </Box>
  );
}
