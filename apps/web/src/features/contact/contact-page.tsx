import { pageData, pageMeta } from '../../lib/page-data';
import { Box, Container, Grid, Paper } from '@mantine/core';
import { contactCopy, site } from '@cedar/content';
import { FormsEmbed } from '../../components/forms-embed';
import { TestimonialsSection } from '../../sections/testimonials-section';

import { ContactIntro } from './contact-content';
import { ContactFormHeading } from './contact-content';

import { ContactSection as ContactDetails } from '../../sections/contact-section';
import type { Route } from './+types/contact-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

export default function ContactPage() {
  return (
    <>
      <ContactIntro />
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              component="section"
              aria-labelledby="contact-form-heading"
              withBorder
              radius="lg"
              p={{ base: 'lg', sm: 'xl' }}
              h="100%"
            >
              <ContactFormHeading />
              <Box mt="lg">
                <FormsEmbed formId={site.forms.contactFormId} label={contactCopy.formLabel} />
              </Box>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ContactDetails />
          </Grid.Col>
        </Grid>
      </Container>
      {/* Live: long testimonials open and close (Read More). */}
      <Box bg="gray.0" py={{ base: 48, md: 72 }}>
        <Container size="lg">
          <TestimonialsSection />
        </Container>
      </Box>
    </>
  );
}
