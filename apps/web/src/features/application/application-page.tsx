import { pageData, pageMeta } from '../../lib/page-data';
import { Anchor, Box, Container, Paper, Text, Title } from '@mantine/core';
import { applicationCopy, site, telHref } from '@cedar/content';
import { FormsEmbed } from '../../components/forms-embed';

import { IntroBand } from '../../components/layout/intro-band';
import type { Route } from './+types/application-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

export default function ApplicationPage() {
  return (
    <>
      <IntroBand
        eyebrow={applicationCopy.eyebrow}
        title={applicationCopy.heading}
        intro={applicationCopy.intro}
        introWidth={720}
        introAlign="left"
      />
      <Container size="md" py={{ base: 40, md: 64 }}>
        <Paper
          component="section"
          aria-labelledby="questionnaire-heading"
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
        >
          <Title order={2} id="questionnaire-heading" fz="h3">
            {applicationCopy.formTitle}
          </Title>
          <Box mt="lg">
            <FormsEmbed formId={site.forms.questionnaireFormId} label={applicationCopy.formLabel} />
          </Box>
        </Paper>
        <Paper
          component="aside"
          aria-labelledby="questionnaire-help-heading"
          mt="xl"
          p="lg"
          radius="lg"
          bg="olive.0"
          ta="center"
        >
          <Title order={2} id="questionnaire-help-heading" fz="h4" c="olive.9">
            {applicationCopy.helpTitle}
          </Title>
          <Text mt="xs">
            {applicationCopy.helpQuestions} {applicationCopy.helpCall}{' '}
            <Anchor href={telHref(site.phones.main)} fw={600}>
              {site.phones.main}
            </Anchor>{' '}
            {applicationCopy.helpOr}{' '}
            <Anchor href={`mailto:${site.email}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {site.email}
            </Anchor>
            .
          </Text>
        </Paper>
      </Container>
    </>
  );
}
