import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { formatAddress, site, telHref } from '@cedar/content';
import type { ReactNode } from 'react';

const copy = {
  heading: 'Visit the Bluff',
  intro:
    'We are a family kennel in the hills of Cambridge, New York. Call or write any time; we are always happy to talk Labradors.',
  addressLabel: 'Address',
  phoneLabel: 'Phone',
  mainPhoneNote: 'Puppies and general questions',
  trainingPhoneNote: 'Training and Board & Train',
  emailLabel: 'E-mail',
  visitsLabel: 'Planning a visit?',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="olive.8">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Editable section (File editor: Contact Section): address, phones, e-mail and the visiting rule. */
export function ContactSection() {
  return (
    <Paper
      component="section"
      aria-labelledby="contact-details-heading"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      h="100%"
    >
      <Title order={2} id="contact-details-heading" fz="h3">
        {copy.heading}
      </Title>
      <Text mt="xs" c="gray.7">
        {copy.intro}
      </Text>
      <Stack gap="lg" mt="lg">
        <Detail label={copy.addressLabel}>
          <Text component="address" fs="normal">
            {formatAddress(site)}
          </Text>
        </Detail>
        <Detail label={copy.phoneLabel}>
          <Text>
            <Anchor href={telHref(site.phones.main)} fw={600}>
              {site.phones.main}
            </Anchor>{' '}
            <Text span size="sm" c="gray.7">
              {copy.mainPhoneNote}
            </Text>
          </Text>
          <Text>
            <Anchor href={telHref(site.phones.training)} fw={600}>
              {site.phones.training}
            </Anchor>{' '}
            <Text span size="sm" c="gray.7">
              {copy.trainingPhoneNote}
            </Text>
          </Text>
        </Detail>
        <Detail label={copy.emailLabel}>
          <Anchor href={`mailto:${site.email}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {site.email}
          </Anchor>
        </Detail>
        <Paper bg="olive.0" p="md" radius="md">
          <Text fw={700} c="olive.9">
            {copy.visitsLabel}
          </Text>
          <Text size="sm" mt={4}>
            {site.appointmentNote}
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}
