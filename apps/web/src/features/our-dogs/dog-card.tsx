import { AspectRatio, Badge, Button, Card, Stack, Title, UnstyledButton } from '@mantine/core';
import { ourDogsCopy as copy, type Dog } from '@cedar/content';
import { useId } from 'react';
import classes from './our-dogs-page.module.css';
import { SiteImage } from '../../components/site-image';
import { dogPhotoAlt } from './dog-photo-alt';
import { usePageAction } from '../../components/page-actions';

/** A dog's card. Its buttons name the page's actions (photo, pedigree, puppies) and the dog. */
export function DogCard({ dog }: { dog: Dog }) {
  const headingId = useId();
  const act = usePageAction();
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      data-testid="dog-card"
    >
      <Card.Section>
        <UnstyledButton
          className={classes.photoButton}
          aria-label={copy.enlargePhoto(dog.name)}
          aria-haspopup="dialog"
          onClick={act('photo', dog.id)}
        >
          <AspectRatio ratio={4 / 3}>
            <SiteImage
              src={dog.image}
              alt={dogPhotoAlt(dog)}
              cover
              sizes="(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw"
            />
          </AspectRatio>
        </UnstyledButton>
      </Card.Section>
      {/* Plain elements where Mantine's Group and Text drew the same (our-dogs-page.module.css):
          a page of fifteen cards hydrates 75 components fewer (decision 046). */}
      <div className={classes.nameRow}>
        <Title order={3} id={headingId}>
          {dog.name}
        </Title>
        <div className={classes.badges}>
          <Badge variant="filled" color="olive.8" tt="none">
            {dog.ageLabel}
          </Badge>
          <Badge variant="outline" color="gray.7" tt="none">
            {dog.color}
          </Badge>
        </div>
      </div>
      <p className={classes.formalName}>{dog.formalName}</p>
      <p className={classes.highlight}>{dog.pedigreeHighlight}</p>
      <p className={classes.description}>{dog.description}</p>
      <Stack gap="xs" mt="auto" pt="md">
        <Button aria-haspopup="dialog" onClick={act('pedigree', dog.id)}>
          {copy.viewPedigree}
        </Button>
        {dog.hasPuppies && (
          <Button variant="outline" aria-haspopup="dialog" onClick={act('puppies', dog.id)}>
            {copy.viewPuppies}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
