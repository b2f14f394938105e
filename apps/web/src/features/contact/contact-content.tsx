import { Text, Title } from '@mantine/core';
import { contactCopy as copy } from '@cedar/content';
import { IntroBand } from '../../components/layout/intro-band';

/** The opening band: the page's h1 and its introduction. */
export function ContactIntro() {
  return <IntroBand title={copy.heading} intro={copy.intro} introWidth={680} />;
}

/** The message form's heading and the words under it. */
export function ContactFormHeading() {
  return (
    <>
      <Title order={2} id="contact-form-heading" fz="h3">
        {copy.formTitle}
      </Title>
      <Text mt="xs" c="gray.7">
        {copy.formIntro}
      </Text>
    </>
  );
}
