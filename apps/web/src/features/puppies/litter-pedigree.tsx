import {
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  dogById,
  pedigreeFor,
  puppiesCopy,
  titleName,
  type Dog,
  type Litter,
  type PedigreeNode,
} from '@cedar/content';
import { Link } from 'react-router';
import { SiteImage } from '../../components/site-image';

const copy = puppiesCopy.litterPedigree;

function Grandparent({ label, node }: { label: string; node: PedigreeNode }) {
  return (
    <div>
      <Text span size="sm" fw={700} c="olive.8">
        {label}
      </Text>{' '}
      <Text span size="sm">
        {node.name}
      </Text>
      {node.titles.length > 0 && (
        <Group gap={4} mt={2} component="span" display="inline-flex" ml={6}>
          {node.titles.map((t) => (
            <Badge key={t} size="xs" variant="filled" color="olive.8" title={titleName(t)}>
              {t}
            </Badge>
          ))}
        </Group>
      )}
    </div>
  );
}

function ParentPanel({
  relation,
  dog,
  fallbackId,
}: {
  relation: string;
  dog: Dog | undefined;
  fallbackId: string;
}) {
  if (!dog) {
    return (
      <Stack gap={4}>
        <Text size="xs" fw={700} tt="uppercase" c="olive.8">
          {relation}
        </Text>
        <Text>{fallbackId}</Text>
        <Text fs="italic">{copy.unavailable}</Text>
      </Stack>
    );
  }
  const tree = pedigreeFor(dog.id)?.tree ?? null;
  return (
    <Stack gap={6} data-testid={`litter-parent-${relation.toLowerCase()}`}>
      <AspectRatio ratio={4 / 3}>
        <SiteImage
          src={dog.image}
          alt={`${dog.name}, ${dog.color} English Labrador`}
          cover
          sizes="(min-width: 48em) 300px, 50vw"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AspectRatio>
      <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="olive.8" mt={4}>
        {relation}
      </Text>
      <Title order={3} fz="h4">
        {dog.name}
      </Title>
      <Text size="sm" fs="italic" c="gray.7">
        {dog.formalName}
      </Text>
      <Text size="sm" fw={600}>
        {dog.pedigreeHighlight}
      </Text>
      <Box mt={4}>
        <Text size="sm" fw={700}>
          {copy.parents}
        </Text>
        {tree ? (
          <Stack gap={2} mt={2}>
            <Grandparent label={copy.sireOf} node={tree.sire} />
            <Grandparent label={copy.damOf} node={tree.dam} />
          </Stack>
        ) : (
          <Text size="sm" fs="italic">
            {copy.unavailable}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** The popup's content: the litter's sire and dam with their pedigree highlights and parents. */
export function LitterPedigree({ litter }: { litter: Litter }) {
  return (
    <>
      <Text c="gray.7" mb="md">
        {copy.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <ParentPanel relation={copy.sire} dog={dogById(litter.sire)} fallbackId={litter.sire} />
        <ParentPanel relation={copy.dam} dog={dogById(litter.dam)} fallbackId={litter.dam} />
      </SimpleGrid>
      <Anchor component={Link} to="/breeding-dogs" display="inline-block" mt="lg" fw={600}>
        {copy.seeAll}
      </Anchor>
    </>
  );
}
