import * as M from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../ui/theme';
import * as L from './index';

/** Mantine's own HTML for an element, without the provider's stylesheets. */
function mantineHtml(element: ReactElement): string {
  return renderToStaticMarkup(
    <M.MantineProvider theme={theme}>{element}</M.MantineProvider>,
  ).replace(/<style data-mantine-styles="(true|classes)">[\s\S]*?<\/style>/g, '');
}

// Each case renders one component with the props the site passes, both ways.
const cases: [string, (ui: typeof L | typeof M) => ReactElement][] = [
  [
    'Text with style props',
    ({ Text }) => (
      <Text size="sm" fw={700} tt="uppercase" lts={1.2} c="olive.8" mt="md">
        x
      </Text>
    ),
  ],
  [
    'Text, responsive size',
    ({ Text }) => (
      <Text fz={{ base: 'md', md: 'lg' }} c="dimmed" maw={640} mx="auto" ta="center" lh={1.6}>
        x
      </Text>
    ),
  ],
  [
    'Text as span with class',
    ({ Text }) => (
      <Text component="span" className="own" fs="italic" ff="heading">
        x
      </Text>
    ),
  ],
  [
    'Text clamped',
    ({ Text }) => (
      <Text lineClamp={3} size="xs" c="gray.7">
        x
      </Text>
    ),
  ],
  [
    'Title',
    ({ Title }) => (
      <Title order={2} fz={{ base: 28, md: 36 }} c="olive.8" id="h" ta="center" mb="sm">
        x
      </Title>
    ),
  ],
  [
    'Title sized',
    ({ Title }) => (
      <Title order={3} size="h4" lh={1.3}>
        x
      </Title>
    ),
  ],
  [
    'Container',
    ({ Container }) => (
      <Container size="lg" py={{ base: 48, md: 72 }} component="section">
        x
      </Container>
    ),
  ],
  [
    'Stack',
    ({ Stack }) => (
      <Stack gap="xs" align="center" ta="center" maw={720} mx="auto">
        x
      </Stack>
    ),
  ],
  ['Stack default', ({ Stack }) => <Stack>x</Stack>],
  [
    'Group',
    ({ Group }) => (
      <Group justify="space-between" h="100%" wrap="nowrap" gap="md">
        <span>a</span>
        {null}
        <span>b</span>
      </Group>
    ),
  ],
  [
    'Group grow',
    ({ Group }) => (
      <Group grow gap="sm" mt="md" mb="xs">
        <span>a</span>
        <span>b</span>
      </Group>
    ),
  ],
  [
    'Group visibleFrom',
    ({ Group }) => (
      <Group gap={4} visibleFrom="lg" ml="sm">
        x
      </Group>
    ),
  ],
  [
    'Box',
    ({ Box }) => (
      <Box component="section" bg="#fffaf5" py={{ base: 48, md: 72 }} aria-label="s">
        x
      </Box>
    ),
  ],
  [
    'Box hiddenFrom',
    ({ Box }) => (
      <Box hiddenFrom="sm" pos="relative" style={{ overflow: 'hidden' }}>
        x
      </Box>
    ),
  ],
  [
    'SimpleGrid',
    ({ SimpleGrid }) => (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt="xl">
        x
      </SimpleGrid>
    ),
  ],
  [
    'SimpleGrid plain',
    ({ SimpleGrid }) => (
      <SimpleGrid cols={2} spacing={{ base: 'md', md: 'xl' }} verticalSpacing="xl">
        x
      </SimpleGrid>
    ),
  ],
  [
    'Grid',
    ({ Grid }) => (
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, sm: 5 }}>a</Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>b</Grid.Col>
      </Grid>
    ),
  ],
  [
    'AspectRatio',
    ({ AspectRatio }) => (
      <AspectRatio ratio={4 / 3} maw={480} mx="auto">
        x
      </AspectRatio>
    ),
  ],
  [
    'Anchor',
    ({ Anchor }) => (
      <Anchor href="tel:1" fw={600} c="olive.8">
        x
      </Anchor>
    ),
  ],
  [
    'Anchor underline',
    ({ Anchor }) => (
      <Anchor href="/a" underline="always" mt="sm" display="inline-block">
        x
      </Anchor>
    ),
  ],
  [
    'Paper',
    ({ Paper }) => (
      <Paper withBorder radius="lg" p="xl" bg="white" component="section">
        x
      </Paper>
    ),
  ],
  [
    'Card',
    ({ Card }) => (
      <Card withBorder radius="lg" padding="lg" shadow="sm" component="article" h="100%">
        x
      </Card>
    ),
  ],
  [
    'Card with sections',
    ({ Card, Text }) => (
      <Card withBorder padding="lg">
        <Card.Section pos="relative">a</Card.Section>
        <Text>b</Text>
        <Card.Section withBorder>c</Card.Section>
      </Card>
    ),
  ],
  [
    'Button in a colour of its own',
    ({ Button }) => (
      <Button component="a" href="/x" color="#c2410c" size="lg">
        x
      </Button>
    ),
  ],
  [
    'Badge in a colour of its own',
    ({ Badge }) => (
      <Badge color="#c2410c" size="xl" radius="sm">
        x
      </Badge>
    ),
  ],
  [
    'Card plain',
    ({ Card }) => (
      <Card padding="xl" radius="md">
        x
      </Card>
    ),
  ],
  [
    'UnstyledButton',
    ({ UnstyledButton }) => (
      <UnstyledButton className="c" aria-label="open">
        x
      </UnstyledButton>
    ),
  ],
  ['Button filled', ({ Button }) => <Button size="md">x</Button>],
  [
    'Button outline link',
    ({ Button }) => (
      <Button
        component="a"
        href="/b"
        variant="outline"
        size="sm"
        px="md"
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<i />}
      >
        x
      </Button>
    ),
  ],
  [
    'Button white',
    ({ Button }) => (
      <Button variant="white" color="olive.8" size="lg">
        x
      </Button>
    ),
  ],
  [
    'Button gold',
    ({ Button }) => (
      <Button color="gold.3" c="dark" fullWidth>
        x
      </Button>
    ),
  ],
  [
    'Button subtle',
    ({ Button }) => (
      <Button variant="subtle" size="xs" px={4}>
        x
      </Button>
    ),
  ],
  [
    'Button compact',
    ({ Button }) => (
      <Button variant="subtle" size="compact-sm" px={0}>
        x
      </Button>
    ),
  ],
  [
    'Button default',
    ({ Button }) => (
      <Button variant="default" mt="md">
        x
      </Button>
    ),
  ],
  [
    'Badge',
    ({ Badge }) => (
      <Badge variant="filled" color="olive.8" size="lg" radius="sm" tt="none">
        x
      </Badge>
    ),
  ],
  [
    'Badge light',
    ({ Badge }) => (
      <Badge color="gold.3" size="md">
        x
      </Badge>
    ),
  ],
  [
    'Badge outline',
    ({ Badge }) => (
      <Badge variant="outline" color="gray.7">
        x
      </Badge>
    ),
  ],
  [
    'Badge theme',
    ({ Badge }) => (
      <Badge variant="light" color="red">
        x
      </Badge>
    ),
  ],
  ['Badge plain', ({ Badge }) => <Badge>x</Badge>],
  [
    'ThemeIcon',
    ({ ThemeIcon }) => (
      <ThemeIcon size={20} radius="xl" color="olive.7">
        x
      </ThemeIcon>
    ),
  ],
  [
    'Burger',
    ({ Burger }) => (
      <Burger opened={false} size="sm" hiddenFrom="sm" aria-label="Open" aria-expanded={false} />
    ),
  ],
  ['Burger open', ({ Burger }) => <Burger opened size="sm" />],
  ['Loader', ({ Loader }) => <Loader size="sm" />],
  [
    'List',
    ({ List }) => (
      <List mt="md" spacing="xs">
        <List.Item>a</List.Item>
        <List.Item>b</List.Item>
      </List>
    ),
  ],
  [
    'List with icon',
    ({ List }) => (
      <List
        styles={{ itemLabel: { lineHeight: 1.45 } }}
        mt="xs"
        spacing={6}
        size="sm"
        center
        icon={<b />}
      >
        <List.Item>a</List.Item>
      </List>
    ),
  ],
  ['VisuallyHidden', ({ VisuallyHidden }) => <VisuallyHidden>x</VisuallyHidden>],
  [
    'Alert',
    ({ Alert, Text }) => (
      <Alert
        variant="outline"
        color="olive.8"
        radius="md"
        title="T"
        maw={560}
        w="100%"
        ta="left"
        mt="sm"
        bg="white"
        styles={{ title: { fontSize: 'var(--mantine-font-size-md)' } }}
      >
        <Text fz="sm">x</Text>
      </Alert>
    ),
  ],
];

/** React's ids depend on the providers above: numbered in order of appearance instead. */
function normalizeIds(html: string): string {
  const seen = new Map<string, string>();
  return html.replace(/_R_[a-z0-9]+_/g, (id) => {
    if (!seen.has(id)) seen.set(id, `id${seen.size}`);
    return seen.get(id)!;
  });
}

describe('the light components render what Mantine renders', () => {
  it.each(cases)('%s', (_name, render) => {
    expect(normalizeIds(renderToStaticMarkup(render(L)))).toBe(
      normalizeIds(mantineHtml(render(M))),
    );
  });
});
