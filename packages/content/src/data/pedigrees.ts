import type { CoatColor, Pedigree, PedigreeNode } from '../schemas';

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function ancestor(
  name: string,
  titles: string[],
  color: CoatColor,
  achievements?: string,
): PedigreeNode {
  return {
    name,
    titles,
    color,
    image: `/images/ancestors/${slugify(name)}.jpg`,
    ...(achievements ? { achievements } : {}),
  };
}

/** One of our own dogs appearing in a pedigree: its photo is the one on its card. */
function ownDog(id: string, name: string, color: CoatColor, achievements?: string): PedigreeNode {
  return {
    name,
    titles: [],
    color,
    image: `/images/dogs/${id}.jpg`,
    ...(achievements ? { achievements } : {}),
  };
}

/** A grandparent as it appears in a three-generation tree: without its own parents. */
function withoutParents(node: PedigreeNode): PedigreeNode {
  const { sire: _sire, dam: _dam, ...rest } = node;
  return rest;
}

function withParents(node: PedigreeNode, sire: PedigreeNode, dam: PedigreeNode): PedigreeNode {
  return { ...withoutParents(node), sire: withoutParents(sire), dam: withoutParents(dam) };
}

const PREFIX_TITLES = new Set(['CH', 'GCH']);

function displayName(node: PedigreeNode): string {
  const prefix = node.titles.filter((t) => PREFIX_TITLES.has(t));
  const suffix = node.titles.filter((t) => !PREFIX_TITLES.has(t));
  return [...prefix, node.name, ...suffix].join(' ');
}

type Tree = { sire: PedigreeNode; dam: PedigreeNode };

/** Up to four titled or accomplished ancestors, nearest generation first. */
function highlightsFor(tree: Tree): Pedigree['highlights'] {
  const candidates: [string, PedigreeNode | undefined][] = [
    ['Sire', tree.sire],
    ['Dam', tree.dam],
    ['Paternal grandsire', tree.sire.sire],
    ['Paternal granddam', tree.sire.dam],
    ['Maternal grandsire', tree.dam.sire],
    ['Maternal granddam', tree.dam.dam],
  ];
  const highlights: Pedigree['highlights'] = [];
  for (const [relation, node] of candidates) {
    if (!node?.image || (node.titles.length === 0 && !node.achievements)) continue;
    const caption = `${relation}: ${displayName(node)}${node.achievements ? `, ${node.achievements}` : ''}`;
    highlights.push({ image: node.image, caption });
    if (highlights.length === 4) break;
  }
  return highlights;
}

function pedigree(
  dogId: string,
  tree: Tree | null,
  document: string | null = `/images/pedigrees/${dogId}.jpg`,
): Pedigree {
  return { dogId, tree, highlights: tree ? highlightsFor(tree) : [], document };
}

// Kennels behind our lines, grandparent generation.
const highlandFling = ancestor(
  'Ashby Downs Highland Fling',
  ['CH'],
  'Yellow',
  'finished his championship from the puppy classes',
);
const summerWheat = ancestor('Windmere Summer Wheat', ['JH'], 'Yellow');
const oldHickory = ancestor("Cedar Bluff's Old Hickory", ['LT'], 'Yellow');
const primrose = ancestor('Hollyhock Hill Primrose', [], 'Yellow');
const darkRoast = ancestor('Thornbury Dark Roast', ['CH'], 'Chocolate');
const mochaRose = ancestor('Fernleigh Mocha Rose', [], 'Chocolate');
const moose = ownDog(
  'moose',
  "Cedar Bluff's Adirondack Moose",
  'Black',
  'a foundation sire of our black line',
);
const truffle = ancestor('Broadwater Truffle', ['LIT'], 'Chocolate');
const blackWatch = ancestor('Kinloch Vale Black Watch', ['CH'], 'Black');
const heather = ancestor('Kinloch Vale Heather', ['JH'], 'Black');
const ebonyBelle = ancestor('Saratoga Ebony Belle', ['CH'], 'Black');
const firebrand = ancestor('Glen Arden Firebrand', ['JH'], 'Fox Red');
const bracken = ancestor('Glen Arden Bracken', [], 'Fox Red');
const copperKettle = ancestor('Ashby Downs Copper Kettle', [], 'Fox Red');
const sterling = ancestor(
  'Saratoga Sterling',
  ['CH', 'MBISS'],
  'Yellow',
  'multiple Best in Specialty Show winner',
);
const ladyJane = ancestor('Saratoga Lady Jane', [], 'Yellow');
const barley = ancestor('Hollyhock Hill Barley', [], 'Yellow');
const chestnut = ancestor('Broadwater Chestnut', ['CH'], 'Chocolate');
const cinnamon = ancestor('Broadwater Cinnamon', [], 'Chocolate');
const cocoaButter = ancestor('Fernleigh Cocoa Butter', ['JH'], 'Chocolate');
const brownBetty = ancestor('Fernleigh Brown Betty', [], 'Chocolate');
const goldenSovereign = ancestor('Thornbury Golden Sovereign', ['CH'], 'Yellow');
const honeysuckle = ancestor('Kinloch Vale Honeysuckle', [], 'Yellow');
const blackthorn = ancestor('Thornbury Blackthorn', ['CH'], 'Black');
const wren = ancestor('Thornbury Wren', [], 'Black');
const jetSet = ancestor('Windmere Jet Set', ['CH'], 'Black');
const nightshade = ancestor('Hollyhock Hill Nightshade', [], 'Black');
const ember = ancestor('Redfern Ember', ['JH'], 'Fox Red');
const saffron = ancestor('Redfern Saffron', [], 'Yellow');
const redAdmiral = ancestor('Ashby Downs Red Admiral', ['CH'], 'Fox Red');
const harvestMoon = ancestor('Windmere Harvest Moon', [], 'Yellow');
const blackBear = ancestor('Hollyhock Hill Black Bear', ['JH'], 'Black');
const onyx = ancestor('Saratoga Onyx', ['CH'], 'Black');
const sloe = ancestor('Broadwater Sloe', ['LT'], 'Black');
const meadowsweet = ancestor('Ashby Downs Meadowsweet', [], 'Yellow');
const barleyMow = ancestor('Thornbury Barley Mow', ['LT'], 'Yellow');
const cowslip = ancestor('Thornbury Cowslip', [], 'Yellow');
const marmalade = ancestor('Kinloch Vale Marmalade', ['WC'], 'Fox Red');
const bonnie = ancestor('Kinloch Vale Bonnie', [], 'Yellow');

// Parent generation.
const royalOak = withParents(
  ancestor(
    'Windmere Royal Oak',
    ['GCH', 'MBISS'],
    'Yellow',
    'Grand Champion and multiple Best in Specialty Show winner',
  ),
  highlandFling,
  summerWheat,
);
const buttercup = withParents(
  ancestor("Cedar Bluff's Buttercup", ['CH'], 'Yellow', 'our first homebred champion'),
  oldHickory,
  primrose,
);
const cocoaBean = withParents(
  ancestor('Thornbury Cocoa Bean', ['CH', 'JH'], 'Chocolate'),
  darkRoast,
  mochaRose,
);
const nutmeg = withParents(ancestor("Cedar Bluff's Nutmeg", [], 'Chocolate'), moose, truffle);
const midnightPiper = withParents(
  ancestor(
    'Kinloch Vale Midnight Piper',
    ['GCH', 'SHR'],
    'Black',
    'Grand Champion with a Senior Hunter Retriever title',
  ),
  blackWatch,
  heather,
);
const raven = withParents(ancestor("Cedar Bluff's Raven", [], 'Black'), moose, ebonyBelle);
const redRowan = withParents(
  ancestor('Glen Arden Red Rowan', ['CH', 'WC'], 'Fox Red', 'a champion from working lines'),
  firebrand,
  bracken,
);
const russet = withParents(
  ancestor('Ashby Downs Russet', ['LT'], 'Fox Red'),
  highlandFling,
  copperKettle,
);
const goldStandard = withParents(
  ancestor('Saratoga Gold Standard', ['CH'], 'Yellow'),
  sterling,
  ladyJane,
);
const marigold = withParents(
  ancestor('Hollyhock Hill Marigold', ['JH'], 'Yellow'),
  barley,
  primrose,
);
const sable = withParents(
  ancestor('Broadwater Sable', ['CH'], 'Chocolate', 'Best of Breed winner at specialty shows'),
  chestnut,
  cinnamon,
);
const cocoaBlossom = withParents(
  ancestor('Fernleigh Cocoa Blossom', [], 'Chocolate'),
  cocoaButter,
  brownBetty,
);
const captain = withParents(
  ownDog(
    'captain',
    "Cedar Bluff's Captain of the Hudson",
    'Yellow',
    'sire of generations of Cedar Bluff Labradors',
  ),
  goldStandard,
  marigold,
);
const bluebell = withParents(
  ancestor("Cedar Bluff's Bluebell", [], 'Yellow'),
  goldenSovereign,
  honeysuckle,
);
const nightHeron = withParents(
  ancestor('Thornbury Night Heron', ['CH', 'JH'], 'Black'),
  blackthorn,
  wren,
);
const blackberry = withParents(
  ancestor("Cedar Bluff's Blackberry", [], 'Black'),
  jetSet,
  nightshade,
);
const autumnBlaze = withParents(
  ancestor(
    'Redfern Autumn Blaze',
    ['CH', 'MX'],
    'Fox Red',
    'a champion in the breed ring and on the agility course',
  ),
  ember,
  saffron,
);
const cinnamonFox = withParents(
  ancestor("Cedar Bluff's Cinnamon", [], 'Fox Red'),
  redAdmiral,
  harvestMoon,
);
const darkStar = withParents(
  ancestor('Hollyhock Hill Dark Star', ['CH', 'SHR'], 'Black'),
  blackBear,
  nightshade,
);
const licorice = withParents(ancestor("Cedar Bluff's Licorice", [], 'Black'), onyx, sloe);
const sovereignGold = withParents(
  ancestor('Ashby Downs Sovereign Gold', [], 'Yellow'),
  highlandFling,
  meadowsweet,
);
const sunflower = withParents(
  ancestor("Cedar Bluff's Sunflower", [], 'Yellow'),
  sterling,
  honeysuckle,
);
const goldenSovereignSire = withParents(goldenSovereign, barleyMow, cowslip);
const clementine = withParents(
  ancestor('Kinloch Vale Clementine', ['JH'], 'Yellow'),
  marmalade,
  bonnie,
);

const bourbonTree: Tree = { sire: cocoaBean, dam: nutmeg };
const mapleTree: Tree = { sire: sable, dam: cocoaBlossom };

const bourbon = withParents(
  ownDog('bourbon', "Cedar Bluff's Kentucky Bourbon", 'Chocolate'),
  bourbonTree.sire,
  bourbonTree.dam,
);
const maple = withParents(
  ownDog('maple', "Cedar Bluff's Maple Sugar", 'Chocolate'),
  mapleTree.sire,
  mapleTree.dam,
);

export const pedigrees = [
  pedigree('duke', { sire: royalOak, dam: buttercup }),
  pedigree('bourbon', bourbonTree),
  pedigree('ranger', { sire: midnightPiper, dam: raven }),
  pedigree('copper', { sire: redRowan, dam: russet }),
  pedigree('captain', { sire: goldStandard, dam: marigold }),
  // Moose's pedigree was never entered; his registration certificate is on file.
  pedigree('moose', null),
  pedigree('maple', mapleTree),
  pedigree('willow', { sire: captain, dam: bluebell }),
  pedigree('clover', { sire: captain, dam: bluebell }),
  pedigree('hazel', { sire: nightHeron, dam: blackberry }),
  pedigree('ginger', { sire: autumnBlaze, dam: cinnamonFox }),
  pedigree('juniper', { sire: darkStar, dam: licorice }),
  pedigree('daisy', { sire: sovereignGold, dam: sunflower }),
  pedigree('honey', { sire: goldenSovereignSire, dam: clementine }),
  // Poppy's registration paperwork is shared on request only.
  pedigree('poppy', { sire: bourbon, dam: maple }, null),
] satisfies Pedigree[];

export function pedigreeFor(dogId: string): Pedigree | undefined {
  return pedigrees.find((p) => p.dogId === dogId);
}
