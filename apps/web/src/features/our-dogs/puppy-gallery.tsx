import {
  AspectRatio,
  Badge,
  Box,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { galleryFor, ourDogsCopy, type Dog, type PuppyGallery } from '@cedar/content';
import type { ModalImage } from '../../components/image-modal';
import classes from './our-dogs-page.module.css';
import { SiteImage } from '../../components/site-image';

const copy = ourDogsCopy.gallery;

export interface PuppyGalleryProps {
  dog: Dog;
  gallery: PuppyGallery | undefined;
  onImage: (image: ModalImage) => void;
}

/** 'Puppies by {dog}': the dog's earlier litters, each with its birth date, dam and puppies. */
export function PuppyGallery({ dog, gallery, onImage }: PuppyGalleryProps) {
  const litters = gallery?.litters ?? [];
  return litters.length === 0 ? (
    <Text>{copy.empty(dog.name)}</Text>
  ) : (
    <Stack gap="xl">
      {litters.map((litter, index) => {
        const headingId = `gallery-litter-${index}`;
        return (
          <Box
            component="section"
            key={`${litter.birthDate}-${litter.dam}`}
            aria-labelledby={headingId}
            data-testid="gallery-litter"
          >
            <Title order={3} fz="h4" id={headingId}>
              {copy.born} {litter.birthDate}
            </Title>
            <Text size="sm" c="gray.7">
              {copy.dam}: {litter.dam}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="sm">
              {litter.puppies.map((puppy) => {
                const alt = copy.puppyAlt(puppy.name, puppy.color, puppy.gender);
                return (
                  <Stack key={puppy.image} gap={4} data-testid="gallery-puppy">
                    <UnstyledButton
                      className={classes.tile}
                      aria-label={copy.enlargePuppy(puppy.name)}
                      aria-haspopup="dialog"
                      onClick={() =>
                        onImage({
                          src: puppy.image,
                          alt,
                          title: puppy.name,
                          caption: `${puppy.gender} · ${puppy.color}`,
                        })
                      }
                    >
                      <AspectRatio ratio={4 / 3}>
                        <SiteImage
                          src={puppy.image}
                          alt={alt}
                          cover
                          sizes="(min-width: 48em) 200px, 33vw"
                        />
                      </AspectRatio>
                    </UnstyledButton>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Text fw={700} size="sm">
                        {puppy.name}
                      </Text>
                      {puppy.available && (
                        <Badge size="xs" color="olive.8">
                          {copy.availableBadge}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="gray.7">
                      {puppy.gender} · {puppy.color}
                    </Text>
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The popup's content for a dog, its litters looked up here: the gallery data loads with it. */
export function DogPuppyGallery(props: Omit<PuppyGalleryProps, 'gallery'>) {
  return <PuppyGallery {...props} gallery={galleryFor(props.dog.id)} />;
}
