import {
  AspectRatio,
  Badge,
  Box,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  COUNTS,
  ourDogsCopy,
  pedigreeFor,
  type Dog,
  type Pedigree,
  type PedigreeNode,
} from '@cedar/content';
import type { ModalImage } from '../../components/image-modal';
import { dogPhotoAlt } from './dog-photo-alt';
import classes from './our-dogs-page.module.css';
import { SiteImage } from '../../components/site-image';

const copy = ourDogsCopy.pedigree;
const { relations } = copy;

interface Handlers {
  onImage: (image: ModalImage) => void;
  onTitle: (abbreviation: string) => void;
}

function TitleBadges({ titles, onTitle }: { titles: string[]; onTitle: Handlers['onTitle'] }) {
  if (titles.length === 0) return null;
  return (
    <Group gap={4} mt={4}>
      {titles.map((t) => (
        <Badge
          key={t}
          component="button"
          type="button"
          size="sm"
          variant="filled"
          color="olive.8"
          className={classes.titleBadge}
          aria-label={copy.titleButton(t)}
          aria-haspopup="dialog"
          onClick={() => onTitle(t)}
        >
          {t}
        </Badge>
      ))}
    </Group>
  );
}

interface NodeProps extends Handlers {
  relation: string;
  node: PedigreeNode | undefined;
  className: string | undefined;
}

function AncestorNode({ relation, node, className, onImage, onTitle }: NodeProps) {
  return (
    <Paper withBorder radius="md" p="sm" className={className} data-testid="pedigree-node">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {node?.image ? (
          <UnstyledButton
            className={classes.thumb}
            aria-label={copy.ancestorPhoto(node.name)}
            aria-haspopup="dialog"
            onClick={() =>
              node.image &&
              onImage({
                src: node.image,
                alt: copy.ancestorAlt(node.name),
                title: node.name,
                caption: node.achievements,
              })
            }
          >
            <SiteImage
              src={node.image}
              alt={copy.ancestorAlt(node.name)}
              width={64}
              height={64}
              sizes="64px"
            />
          </UnstyledButton>
        ) : (
          <Box
            w={64}
            h={64}
            bg="gray.2"
            style={{ borderRadius: 'var(--mantine-radius-sm)', flex: '0 0 auto' }}
            aria-hidden="true"
          />
        )}
        <Box miw={0}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.6} c="olive.8">
            {relation}
          </Text>
          <Text size="sm" fw={700}>
            {node?.name ?? copy.unknownAncestor}
          </Text>
          {node && <TitleBadges titles={node.titles} onTitle={onTitle} />}
          {node?.achievements && (
            <Text size="xs" c="gray.7" mt={4}>
              {node.achievements}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}

function Tree({
  dog,
  tree,
  onImage,
  onTitle,
}: { dog: Dog; tree: NonNullable<Pedigree['tree']> } & Handlers) {
  const handlers = { onImage, onTitle };
  return (
    <Box component="section" aria-labelledby="pedigree-tree-heading">
      <Title order={3} fz="h4" id="pedigree-tree-heading" mb="sm">
        {copy.treeHeading}
      </Title>
      <div className={classes.tree} data-testid="pedigree-tree">
        <Paper withBorder radius="md" p="sm" className={classes.self} bg="olive.0">
          <Stack gap={6}>
            <UnstyledButton
              className={classes.tile}
              aria-label={ourDogsCopy.enlargePhoto(dog.name)}
              aria-haspopup="dialog"
              onClick={() =>
                onImage({
                  src: dog.image,
                  alt: dogPhotoAlt(dog),
                  title: dog.name,
                  caption: dog.formalName,
                })
              }
            >
              <AspectRatio ratio={4 / 3}>
                <SiteImage
                  src={dog.image}
                  alt={dogPhotoAlt(dog)}
                  cover
                  sizes="(min-width: 48em) 300px, 100vw"
                />
              </AspectRatio>
            </UnstyledButton>
            <Text fw={700}>{dog.name}</Text>
            <Text size="sm" fs="italic" c="gray.7">
              {dog.formalName}
            </Text>
          </Stack>
        </Paper>
        <AncestorNode
          relation={relations.sire}
          node={tree.sire}
          className={classes.sire}
          {...handlers}
        />
        <AncestorNode
          relation={relations.paternalGrandsire}
          node={tree.sire.sire}
          className={classes.grandparent}
          {...handlers}
        />
        <AncestorNode
          relation={relations.paternalGranddam}
          node={tree.sire.dam}
          className={classes.grandparent}
          {...handlers}
        />
        <AncestorNode
          relation={relations.dam}
          node={tree.dam}
          className={classes.dam}
          {...handlers}
        />
        <AncestorNode
          relation={relations.maternalGrandsire}
          node={tree.dam.sire}
          className={classes.grandparent}
          {...handlers}
        />
        <AncestorNode
          relation={relations.maternalGranddam}
          node={tree.dam.dam}
          className={classes.grandparent}
          {...handlers}
        />
      </div>
    </Box>
  );
}

function Highlights({
  highlights,
  onImage,
}: {
  highlights: Pedigree['highlights'];
  onImage: Handlers['onImage'];
}) {
  const shown = highlights.slice(0, COUNTS.pedigreeHighlightPhotos);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="pedigree-highlights-heading">
      <Title order={3} fz="h4" id="pedigree-highlights-heading" mb="sm">
        {copy.highlightsHeading}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="pedigree-highlights">
        {shown.map((h) => (
          <Stack key={h.image} gap={4}>
            <UnstyledButton
              className={classes.tile}
              aria-label={`${ourDogsCopy.enlargePhoto(h.caption)}`}
              aria-haspopup="dialog"
              onClick={() => onImage({ src: h.image, alt: h.caption, caption: h.caption })}
            >
              <AspectRatio ratio={4 / 3}>
                <SiteImage
                  src={h.image}
                  alt={h.caption}
                  cover
                  sizes="(min-width: 48em) 200px, 50vw"
                />
              </AspectRatio>
            </UnstyledButton>
            <Text size="xs" c="gray.7">
              {h.caption}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Document({
  dog,
  document,
  onImage,
}: {
  dog: Dog;
  document: string | null;
  onImage: Handlers['onImage'];
}) {
  return (
    <Box component="section" aria-labelledby="pedigree-document-heading">
      <Title order={3} fz="h4" id="pedigree-document-heading" mb="sm">
        {copy.documentHeading}
      </Title>
      {document ? (
        <UnstyledButton
          className={classes.document}
          aria-label={copy.documentButton}
          aria-haspopup="dialog"
          onClick={() =>
            onImage({
              src: document,
              alt: copy.documentAlt(dog.name),
              title: copy.documentHeading,
              caption: dog.formalName,
              width: 900,
              height: 1200,
            })
          }
        >
          <SiteImage
            src={document}
            alt={copy.documentAlt(dog.name)}
            sizes="(min-width: 48em) 320px, 100vw"
          />
        </UnstyledButton>
      ) : (
        <Text fs="italic">{copy.noDocument}</Text>
      )}
    </Box>
  );
}

export interface PedigreeDetailsProps extends Handlers {
  dog: Dog;
  /** The dog's pedigree; undefined when none was entered. */
  pedigree: Pedigree | undefined;
}

/** The full pedigree popup's content: three-generation tree, highlight photos and the AKC document. */
export function PedigreeDetails({ dog, pedigree, onImage, onTitle }: PedigreeDetailsProps) {
  const tree = pedigree?.tree ?? null;
  return (
    <Stack gap="xl">
      <Text size="sm" fs="italic" c="gray.7">
        {dog.formalName}
      </Text>
      {tree ? (
        <>
          <Tree dog={dog} tree={tree} onImage={onImage} onTitle={onTitle} />
          <Highlights highlights={pedigree?.highlights ?? []} onImage={onImage} />
        </>
      ) : (
        <Text fw={600}>{copy.notAvailable}</Text>
      )}
      <Document dog={dog} document={pedigree?.document ?? null} onImage={onImage} />
    </Stack>
  );
}

/** The popup's content for a dog, its pedigree looked up here: the pedigree data loads with it. */
export function DogPedigree(props: Omit<PedigreeDetailsProps, 'pedigree'>) {
  return <PedigreeDetails {...props} pedigree={pedigreeFor(props.dog.id)} />;
}
