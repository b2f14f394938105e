import { Box, Container, Grid, Paper } from '../../ui';
import { contactFormLabel, site } from '@cedar/content';
import { FormsEmbed } from '../../components/forms-embed';
import { TestimonialsSection } from '../../sections/testimonials-section';
import { staticPart } from '../../components/static-content';

// The opening band and the form's heading: text only, kept as prerendered (see staticPart).
const ContactIntro = staticPart(() =>
  import('./contact-content').then((module) => module.ContactIntro),
);
const ContactFormHeading = staticPart(() =>
  import('./contact-content').then((module) => module.ContactFormHeading),
);

// The address, phones and hours: text and links, kept as prerendered (see staticPart).
const ContactDetails = staticPart(() =>
  import('../../sections/contact-section').then((module) => module.ContactSection),
);

export function Component() {
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
                <FormsEmbed formId={site.forms.contactFormId} label={contactFormLabel} />
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
