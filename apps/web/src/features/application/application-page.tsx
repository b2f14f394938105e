import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { applicationCopy, site, telHref } from '@cedar/content';
import { FormsEmbed } from '../../components/forms-embed';
import { StaticContent } from '../../components/static-content';

export function Component() {
  return (
    <>
      <StaticContent>
        <Box bg="olive.0" py={{ base: 48, md: 72 }}>
          <Container size="md">
            <Text ta="center" size="sm" fw={700} tt="uppercase" lts={1.2} c="olive.8">
              {applicationCopy.eyebrow}
            </Text>
            <Title order={1} ta="center" c="olive.9" mt={6}>
              {applicationCopy.heading}
            </Title>
            <Stack gap="sm" mt="lg" maw={720} mx="auto">
              {applicationCopy.intro.map((paragraph) => (
                <Text key={paragraph} size="lg">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Container>
        </Box>
      </StaticContent>
      <Container size="md" py={{ base: 40, md: 64 }}>
        <Paper component="section" aria-labelledby="questionnaire-heading" withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Title order={2} id="questionnaire-heading" fz="h3">
            {applicationCopy.formTitle}
          </Title>
          <Box mt="lg">
            <FormsEmbed formId={site.forms.questionnaireFormId} label={applicationCopy.formLabel} />
          </Box>
        </Paper>
        <StaticContent>
          <Paper component="aside" aria-labelledby="questionnaire-help-heading" mt="xl" p="lg" radius="lg" bg="olive.0" ta="center">
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
        </StaticContent>
      </Container>
    </>
  );
}
