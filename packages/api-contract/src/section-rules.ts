// The contract between the file editor's server side and the sections it edits: what an edited
// section may contain. apps/api's section check enforces it; apps/web's test proves that every
// name it lists exists in the module it names.

/** What a section may take from one module (decision 014). */
export interface SectionModule {
  /** Components it may place in JSX (`Card.Section` for a part of one). */
  components?: readonly string[];
  /** Data it may read. */
  values?: readonly string[];
  /** Helpers it may call: pure functions of data to text. */
  functions?: readonly string[];
  /** Types it may name in annotations. */
  types?: readonly string[];
  /** Props of one component beyond the common ones, by component. */
  props?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Mantine's style props (https://mantine.dev/styles/style-props/) and the layout and look props
 * of the components below: values only, never a function, an element or a handler.
 */
const STYLE_PROPS = [
  ...['m', 'my', 'mx', 'mt', 'mb', 'ms', 'me', 'ml', 'mr'],
  ...['p', 'py', 'px', 'pt', 'pb', 'ps', 'pe', 'pl', 'pr'],
  ...['bd', 'bdrs', 'bg', 'c', 'opacity', 'ff', 'fz', 'fw', 'lts', 'ta', 'lh', 'fs', 'tt', 'td'],
  ...['w', 'miw', 'maw', 'h', 'mih', 'mah', 'bgsz', 'bgp', 'bgr', 'bga'],
  ...['pos', 'top', 'left', 'bottom', 'right', 'inset', 'display', 'flex'],
  ...['hiddenFrom', 'visibleFrom', 'lightHidden', 'darkHidden'],
];

/**
 * What an edited section may contain, by allow-list: the modules and names it may import, the
 * HTML elements and attributes it may write, the props it may give components. The section
 * check (files/section-check.ts) refuses everything else. Interactive parts (a Read More, the
 * hero photo that hides when it fails, a card that opens its article) are components of the
 * shipped code, listed here, that a section places and fills with data.
 */
export interface SectionRules {
  modules: Readonly<Record<string, SectionModule>>;
  elements: readonly string[];
  elementProps: readonly string[];
  componentProps: readonly string[];
  neverProps: readonly string[];
}

export const SECTION_RULES: SectionRules = {
  modules: {
    // Mantine's own components, as a section places them (decision 018).
    '@mantine/core': {
      components: [
        'Anchor',
        'AspectRatio',
        'Badge',
        'Box',
        'Button',
        'Card',
        'Card.Section',
        'Container',
        'Grid',
        'Grid.Col',
        'Group',
        'List',
        'List.Item',
        'Paper',
        'SimpleGrid',
        'Stack',
        'Text',
        'ThemeIcon',
        'Title',
      ],
    },
    'react-router': { components: ['Link'] },
    react: { types: ['ReactNode'] },
    '@cedar/content': {
      values: [
        'site',
        'homeCopy',
        'teamCopy',
        'testimonials',
        'healthCards',
        'TESTIMONIAL_TRUNCATE_AT',
      ],
      functions: ['formatAddress', 'telHref'],
      types: ['Testimonial', 'HealthCard'],
    },
    '../components/site-image': {
      components: ['SiteImage'],
      values: ['imageSizes'],
      props: { SiteImage: ['src', 'alt', 'sizes', 'cover', 'priority', 'pictureStyle'] },
    },
    '../components/section-parts': {
      components: ['HeroPhoto', 'ReadMoreText', 'ArticleCard'],
      props: {
        HeroPhoto: ['src', 'alt'],
        ReadMoreText: ['text', 'limit', 'readMore', 'readLess'],
        ArticleCard: ['article'],
      },
    },
  },
  /** HTML elements a section may write itself (anything else through a component). */
  elements: [
    ...['div', 'span', 'p', 'strong', 'em', 'b', 'i', 'small', 'br', 'hr', 'sup', 'sub', 'mark'],
    ...['section', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption', 'address'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote'],
    ...['cite', 'q', 'abbr', 'time'],
  ],
  /** Attributes of those elements (and `aria-*`). */
  elementProps: ['key', 'id', 'role', 'title', 'style', 'lang', 'dir'],
  /** Props every listed component may take (and `aria-*`). */
  componentProps: [
    ...['key', 'id', 'role', 'title', 'style', 'component', 'children'],
    ...['href', 'target', 'rel', 'to', 'underline'],
    ...['size', 'radius', 'color', 'variant', 'gradient', 'order', 'gap', 'rowGap', 'columnGap'],
    ...['align', 'justify', 'wrap', 'grow', 'preventGrowOverflow', 'cols', 'spacing'],
    ...['verticalSpacing', 'ratio', 'withBorder', 'padding', 'shadow', 'span', 'offset'],
    ...['inherit', 'inline', 'truncate', 'lineClamp', 'fullWidth', 'autoContrast', 'fluid'],
    ...['type', 'listStyleType', 'withPadding', 'icon', 'leftSection', 'rightSection'],
    ...STYLE_PROPS,
  ],
  /** Never, on anything: a handler (`on…`) is refused by its name as well. */
  neverProps: [
    'ref',
    'dangerouslySetInnerHTML',
    'suppressHydrationWarning',
    'renderRoot',
    'styles',
    'classNames',
    'vars',
    'unstyled',
    'className',
  ],
};
