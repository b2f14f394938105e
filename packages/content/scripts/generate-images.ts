/**
 * Renders a placeholder for every image the content package references and that is missing
 * from public/images. `--force` re-renders them all. Run with `npm run images`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import * as content from '../src/index';
import { collectModuleImageReferences, type ImageReference, type Owner } from '../src/image-paths';
import type { CoatColor, PedigreeNode } from '../src/schemas';

const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));
const SERIF = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";
const OLIVE = content.BRAND_COLORS.olive;
const GOLD = content.BRAND_COLORS.gold;
const INK = '#33380e';

const COATS: Record<CoatColor, string> = {
  Yellow: '#e8c77e',
  Chocolate: '#6b4226',
  Black: '#2b2b2b',
  'Fox Red': '#b5542c',
};
const COAT_NAMES = Object.keys(COATS) as CoatColor[];

// ---------------------------------------------------------------- helpers

function str(owner: Owner | null, key: string): string | undefined {
  const value = owner?.[key];
  return typeof value === 'string' ? value : undefined;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function titleCase(slug: string): string {
  return slug
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Greedy wrap by an average glyph width; good enough for a placeholder label. */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * 0.5)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').replace(/[\s,.;:]+\S*$/, '')}…`;
    return kept;
  }
  return lines;
}

function pedigreeName(node: PedigreeNode): string {
  const prefix = node.titles.filter((t) => t === 'CH' || t === 'GCH');
  const suffix = node.titles.filter((t) => t !== 'CH' && t !== 'GCH');
  return [...prefix, node.name, ...suffix].join(' ');
}

// ---------------------------------------------------------------- what an image shows

const galleryPuppies = content.puppyGalleries.flatMap((g) => g.litters.flatMap((l) => l.puppies));

function coatIn(text: string | undefined): CoatColor | null {
  if (!text) return null;
  let best: CoatColor | null = null;
  let bestAt = Number.POSITIVE_INFINITY;
  for (const coat of COAT_NAMES) {
    const at = text.indexOf(coat);
    if (at >= 0 && at < bestAt) [best, bestAt] = [coat, at];
  }
  return best;
}

const CATEGORY_COAT: Record<string, CoatColor> = {
  health: 'Chocolate',
  training: 'Black',
  food: 'Chocolate',
  social: 'Yellow',
  hero: 'Yellow',
};

function coatFor(imagePath: string, owner: Owner | null, category: string): CoatColor {
  const own = str(owner, 'color');
  if (own && own in COATS) return own as CoatColor;
  const dogId = str(owner, 'dogId');
  const dog = dogId ? content.dogById(dogId) : undefined;
  if (dog) return dog.color;
  const sire = content.dogById(str(owner, 'sire') ?? '');
  const dam = content.dogById(str(owner, 'dam') ?? '');
  if (sire && dam) {
    const images = owner?.images;
    const index = Array.isArray(images) ? images.indexOf(imagePath) : 0;
    return index % 2 === 0 ? dam.color : sire.color;
  }
  const dogName = str(owner, 'dog');
  const puppy = dogName ? galleryPuppies.find((p) => p.name === dogName) : undefined;
  if (puppy) return puppy.color;
  const fromText = coatIn(str(owner, 'alt')) ?? coatIn(str(owner, 'caption'));
  if (fromText) return fromText;
  return CATEGORY_COAT[category] ?? COAT_NAMES[hash(imagePath) % COAT_NAMES.length] ?? 'Yellow';
}

interface Label {
  title: string;
  subtitle?: string | undefined;
}

function labelFor(imagePath: string, owner: Owner | null): Label {
  const name = str(owner, 'name');
  if (owner && name) {
    if (str(owner, 'formalName')) return { title: name, subtitle: str(owner, 'formalName') };
    if (Array.isArray(owner.titles))
      return { title: pedigreeName(owner as unknown as PedigreeNode) };
    if (str(owner, 'familyName')) return { title: name, subtitle: str(owner, 'familyName') };
    if (str(owner, 'role')) return { title: name, subtitle: str(owner, 'role') };
    if (str(owner, 'gender') && str(owner, 'color'))
      return { title: name, subtitle: `${str(owner, 'color')} ${str(owner, 'gender')}` };
    if (str(owner, 'sire') && str(owner, 'birthDate')) {
      const born = str(owner, 'birthDate') ?? '';
      return {
        title: `${name} Litter`,
        subtitle: born.includes('Due') ? born : str(owner, 'readyDate'),
      };
    }
    if (str(owner, 'unit') && typeof owner.price === 'number')
      return { title: name, subtitle: `$${owner.price} ${str(owner, 'unit')}` };
    if (str(owner, 'hours')) return { title: name, subtitle: str(owner, 'hours') };
  }
  const dog = str(owner, 'dog');
  if (dog) return { title: dog, subtitle: str(owner, 'name') };
  const title =
    str(owner, 'heading') ?? str(owner, 'title') ?? str(owner, 'caption') ?? str(owner, 'alt');
  if (title) return { title };
  return { title: titleCase(path.basename(imagePath).replace(/\.\w+$/, '')) };
}

/** Of all the places that mention one image, the one that says most about what it shows. */
function bestOwner(refs: ImageReference[]): Owner | null {
  const score = (o: Owner | null) =>
    !o
      ? 0
      : (str(o, 'formalName') ? 8 : 0) +
        (str(o, 'dogId') ? 6 : 0) +
        (str(o, 'color') ? 4 : 0) +
        (str(o, 'name') ? 2 : 0) +
        1;
  let best: Owner | null = null;
  for (const ref of refs) if (score(ref.owner) > score(best)) best = ref.owner;
  return best;
}

// ---------------------------------------------------------------- drawing

interface LabOptions {
  coat: CoatColor;
  puppy?: boolean;
  hat?: boolean;
}

/** A front-facing Labrador head and chest in a 400x400 box. */
function labrador({ coat, puppy = false, hat = false }: LabOptions): string {
  const base = COATS[coat];
  const dark = shade(base, coat === 'Black' ? -0.4 : -0.2);
  const light = shade(base, coat === 'Black' ? 0.12 : 0.18);
  const eye = coat === 'Black' ? '#7a5330' : '#2a1a10';
  const nose = coat === 'Chocolate' ? '#3a2015' : '#1d1714';
  const eyeRx = puppy ? 11.5 : 9;
  // Puppies: shorter muzzle, bigger eyes.
  const chin = puppy ? 272 : 290;
  const mouth = chin - (puppy ? 34 : 44);
  const ear =
    'M116 106 C 88 112, 74 160, 80 210 C 84 236, 104 246, 122 234 C 136 218, 142 172, 146 122 Z';
  const witchHat = hat
    ? `<ellipse cx="200" cy="84" rx="108" ry="18" fill="#2f2238"/>
       <path d="M144 86 C 170 44, 196 12, 236 -14 C 232 20, 242 56, 258 86 Z" fill="#3b2b47"/>
       <path d="M148 76 C 190 88, 220 88, 254 76 L 256 88 C 220 100, 186 100, 146 88 Z" fill="#f28c28"/>`
    : '';
  return `
    <path d="M92 420 C 96 330, 126 282, 150 258 L 250 258 C 274 282, 304 330, 308 420 Z" fill="${base}"/>
    <path d="M140 296 Q200 324 260 296 L 264 316 Q200 346 136 316 Z" fill="${OLIVE}"/>
    <circle cx="200" cy="342" r="12" fill="${GOLD}"/>
    <path d="M200 72 C 272 72, 306 108, 304 158 C 302 196, 286 226, 270 248 L 130 248 C 114 226, 98 196, 96 158 C 94 108, 128 72, 200 72 Z" fill="${base}"/>
    <path d="M138 198 C 138 184, 160 178, 200 178 C 240 178, 262 184, 262 198 L 264 ${chin - 40} C 264 ${chin - 12}, 236 ${chin}, 200 ${chin} C 164 ${chin}, 136 ${chin - 12}, 136 ${chin - 40} Z" fill="${light}"/>
    <path d="M200 112 C 197 136, 197 154, 200 172" stroke="${dark}" stroke-width="4" fill="none" opacity="0.35" stroke-linecap="round"/>
    <path d="M146 146 Q162 136 178 146 M222 146 Q238 136 254 146" stroke="${dark}" stroke-width="4" fill="none" opacity="0.45" stroke-linecap="round"/>
    <path d="${ear}" fill="${dark}"/>
    <path d="${ear}" fill="${dark}" transform="translate(400 0) scale(-1 1)"/>
    <ellipse cx="162" cy="164" rx="${eyeRx}" ry="${eyeRx * 0.85}" fill="${eye}"/>
    <ellipse cx="238" cy="164" rx="${eyeRx}" ry="${eyeRx * 0.85}" fill="${eye}"/>
    <circle cx="${165 + eyeRx * 0.15}" cy="161" r="${eyeRx * 0.3}" fill="#ffffff" opacity="0.85"/>
    <circle cx="${241 + eyeRx * 0.15}" cy="161" r="${eyeRx * 0.3}" fill="#ffffff" opacity="0.85"/>
    <path d="M174 204 C 174 190, 226 190, 226 204 C 226 218, 211 227, 200 227 C 189 227, 174 218, 174 204 Z" fill="${nose}"/>
    <ellipse cx="190" cy="199" rx="7" ry="3.5" fill="#ffffff" opacity="0.18"/>
    <path d="M200 227 L200 ${mouth} C 190 ${mouth + 12}, 174 ${mouth + 12}, 164 ${mouth + 2} M200 ${mouth} C 210 ${mouth + 12}, 226 ${mouth + 12}, 236 ${mouth + 2}" stroke="${dark}" stroke-width="4" fill="none" stroke-linecap="round"/>
    ${witchHat}`;
}

const SKIN = ['#f1c9a5', '#d9a47c', '#b07a52', '#8a5a3b', '#e6b794'];
const HAIR = ['#3b2a1e', '#6b4a2e', '#1f1a17', '#a8753f', '#8c8c8c'];

/** A person's head and shoulders in a 400x400 box, for team portraits. */
function person(seed: number): string {
  const skin = SKIN[seed % SKIN.length] ?? '#e6b794';
  const hair = HAIR[(seed >> 3) % HAIR.length] ?? '#3b2a1e';
  const shirt = [OLIVE, '#4f5a2a', '#7d6a3a', '#5b6b7a'][(seed >> 6) % 4] ?? OLIVE;
  const longHair = (seed >> 9) % 2 === 0;
  return `
    <path d="M70 420 C 76 330, 120 292, 200 290 C 280 292, 324 330, 330 420 Z" fill="${shirt}"/>
    <path d="M168 262 L232 262 L228 300 C 214 312, 186 312, 172 300 Z" fill="${shade(skin, -0.12)}"/>
    ${longHair ? `<path d="M122 170 C 118 100, 160 74, 200 74 C 240 74, 282 100, 278 170 L 284 290 C 250 300, 150 300, 116 290 Z" fill="${hair}"/>` : ''}
    <ellipse cx="200" cy="184" rx="70" ry="86" fill="${skin}"/>
    <path d="M130 168 C 124 112, 160 88, 200 88 C 244 88, 278 112, 270 168 C 250 132, 220 122, 200 122 C 176 122, 148 134, 130 168 Z" fill="${hair}"/>
    <circle cx="176" cy="186" r="6" fill="#2a1f1a"/>
    <circle cx="224" cy="186" r="6" fill="#2a1f1a"/>
    <path d="M180 226 Q200 240 220 226" stroke="${shade(skin, -0.35)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
}

interface Palette {
  top: string;
  bottom: string;
  hill: string;
}

const PALETTES: Record<string, Palette> = {
  default: { top: '#f8f3e6', bottom: '#e3e8cc', hill: '#c7d19c' },
  ancestors: { top: '#f3ead6', bottom: '#dccca6', hill: '#c9b88e' },
  puppies: { top: '#fbf5e9', bottom: '#efe2c6', hill: '#d5dcae' },
  contest: { top: '#fde9cf', bottom: '#f2a85c', hill: '#d9823a' },
  health: { top: '#f1f5ea', bottom: '#d6e3cc', hill: '#b7cca3' },
  food: { top: '#faf1e5', bottom: '#ead4bb', hill: '#d8bb98' },
  team: { top: '#f5f1e8', bottom: '#dfe0cc', hill: '#c9cfa9' },
  training: { top: '#f4f4ea', bottom: '#d9dfc0', hill: '#bfc88f' },
};

function background(width: number, height: number, palette: Palette): string {
  const h1 = height * 0.72;
  const h2 = height * 0.82;
  return `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
        <stop offset="0" stop-color="${palette.top}"/>
        <stop offset="1" stop-color="${palette.bottom}"/>
      </linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <circle cx="${width * 0.82}" cy="${height * 0.2}" r="${Math.min(width, height) * 0.16}" fill="${GOLD}" opacity="0.14"/>
    <path d="M0 ${h1} C ${width * 0.25} ${h1 - height * 0.1}, ${width * 0.5} ${h1 + height * 0.04}, ${width} ${h1 - height * 0.08} L ${width} ${height} L 0 ${height} Z" fill="${palette.hill}" opacity="0.55"/>
    <path d="M0 ${h2} C ${width * 0.3} ${h2 - height * 0.06}, ${width * 0.7} ${h2 + height * 0.05}, ${width} ${h2 - height * 0.02} L ${width} ${height} L 0 ${height} Z" fill="${shade(palette.hill, -0.12)}" opacity="0.5"/>`;
}

function pumpkin(x: number, y: number, r: number): string {
  return `<g transform="translate(${x} ${y})">
    <ellipse cx="${-r * 0.45}" cy="0" rx="${r * 0.6}" ry="${r * 0.8}" fill="#e0701f"/>
    <ellipse cx="${r * 0.45}" cy="0" rx="${r * 0.6}" ry="${r * 0.8}" fill="#e0701f"/>
    <ellipse cx="0" cy="0" rx="${r * 0.6}" ry="${r * 0.84}" fill="#f28c28"/>
    <rect x="${-r * 0.08}" y="${-r * 1.05}" width="${r * 0.16}" height="${r * 0.3}" rx="${r * 0.05}" fill="#4f5a2a"/>
  </g>`;
}

function bowl(): string {
  return `
    <ellipse cx="200" cy="356" rx="112" ry="18" fill="#8b3a2b"/>
    <circle cx="160" cy="350" r="14" fill="#a6483a"/><circle cx="196" cy="344" r="16" fill="#9b4034"/><circle cx="236" cy="350" r="13" fill="#b05546"/>
    <path d="M86 356 L 314 356 L 290 410 C 260 420, 140 420, 110 410 Z" fill="${OLIVE}"/>
    <path d="M86 356 L 314 356" stroke="${shade(OLIVE, -0.3)}" stroke-width="6"/>`;
}

function labelBlock(label: Label, width: number, y: number, size: number): string {
  // Captions and alt texts are sentences: set them smaller than names.
  const titleSize = label.title.length > 36 && !label.subtitle ? Math.round(size * 0.72) : size;
  const maxWidth = width - 120;
  const titleLines = wrap(label.title, titleSize, maxWidth, label.subtitle ? 1 : 2);
  const subSize = Math.round(titleSize * 0.58);
  const subLines = label.subtitle ? wrap(label.subtitle, subSize, maxWidth, 1) : [];
  const lineGap = titleSize * 1.2;
  const boxHeight =
    titleLines.length * lineGap + subLines.length * subSize * 1.35 + titleSize * 0.55;
  const longest = Math.max(
    ...titleLines.map((l) => l.length * titleSize * 0.5),
    ...subLines.map((l) => l.length * subSize * 0.5),
  );
  const boxWidth = Math.min(width - 60, longest + 80);
  const x = (width - boxWidth) / 2;
  let cursor = y + titleSize * 1.05;
  const texts: string[] = [];
  for (const line of titleLines) {
    texts.push(
      `<text x="${width / 2}" y="${cursor}" font-family="${SERIF}" font-size="${titleSize}" font-weight="bold" fill="${INK}" text-anchor="middle">${escapeXml(line)}</text>`,
    );
    cursor += lineGap;
  }
  for (const line of subLines) {
    texts.push(
      `<text x="${width / 2}" y="${cursor - lineGap + subSize * 1.45}" font-family="${SERIF}" font-size="${subSize}" font-style="italic" fill="#5e5128" text-anchor="middle">${escapeXml(line)}</text>`,
    );
  }
  return `
    <rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" rx="${titleSize * 0.45}" fill="#ffffff" opacity="0.82"/>
    <rect x="${x + 6}" y="${y + 6}" width="${boxWidth - 12}" height="${boxHeight - 12}" rx="${titleSize * 0.35}" fill="none" stroke="${GOLD}" stroke-width="1.5" opacity="0.7"/>
    ${texts.join('\n')}`;
}

interface Scene {
  width: number;
  height: number;
  category: string;
  coat: CoatColor;
  label: Label;
  seed: number;
  imagePath: string;
  owner: Owner | null;
}

function portraitSvg(scene: Scene): string {
  const { width, height, category, coat, label, seed } = scene;
  const palette = PALETTES[category] ?? PALETTES.default!;
  const contest = category === 'contest';
  const scale = (height * 0.9) / 400;
  const tx = width / 2 - 200 * scale;
  const ty = height - 400 * scale + (contest ? height * 0.14 : 0);
  const figure =
    category === 'team'
      ? person(seed)
      : labrador({
          coat,
          puppy: category === 'puppies' || scene.imagePath.includes('/litters/'),
          hat: contest,
        }) + (category === 'food' ? bowl() : '');
  const extras = contest
    ? pumpkin(width * 0.12, height * 0.9, height * 0.07) +
      pumpkin(width * 0.88, height * 0.92, height * 0.09)
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${background(width, height, palette)}
    <g transform="translate(${tx} ${ty}) scale(${scale})">${figure}</g>
    ${extras}
    ${labelBlock(label, width, height * 0.05, Math.round(height * 0.062))}
  </svg>`;
}

/** Heroes sit behind page text: no label. */
function heroSvg(scene: Scene): string {
  const { width, height, coat } = scene;
  const scale = (height * 0.78) / 400;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${background(width, height, PALETTES.default!)}
    <g transform="translate(${width * 0.72 - 200 * scale} ${height - 400 * scale}) scale(${scale})">${labrador({ coat })}</g>
  </svg>`;
}

function socialSvg(scene: Scene): string {
  const { width, height, coat, label } = scene;
  // The home page's heading is the brand name itself: show what the page is about instead.
  const pageTitle = str(scene.owner, 'title') ?? '';
  const title =
    label.title === content.site.brandName
      ? (pageTitle.split(' | ')[1] ?? label.title)
      : label.title;
  const lines = wrap(title, 64, 640, 3);
  const scale = (height * 0.8) / 400;
  const firstLine = height / 2 - ((lines.length - 1) * 76) / 2 + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${background(width, height, PALETTES.default!)}
    <g transform="translate(${width * 0.78 - 200 * scale} ${height - 400 * scale}) scale(${scale})">${labrador({ coat })}</g>
    <rect x="0" y="0" width="${width}" height="14" fill="${OLIVE}"/>
    <text x="72" y="110" font-family="${SERIF}" font-size="34" font-weight="bold" letter-spacing="3" fill="${shade(GOLD, -0.3)}">${escapeXml(content.site.brandName.toUpperCase())}</text>
    <rect x="72" y="134" width="120" height="4" fill="${GOLD}"/>
    ${lines
      .map(
        (line, i) =>
          `<text x="72" y="${firstLine + i * 76}" font-family="${SERIF}" font-size="64" font-weight="bold" fill="${INK}">${escapeXml(line)}</text>`,
      )
      .join('\n')}
    <text x="72" y="${height - 60}" font-family="${SERIF}" font-size="28" font-style="italic" fill="#5e5128">${escapeXml(content.site.tagline)}</text>
  </svg>`;
}

/** A certificate-style three-generation pedigree for the dog. */
function pedigreeSvg(scene: Scene, dogId: string | undefined): string {
  const { width, height } = scene;
  const dog = dogId ? content.dogById(dogId) : undefined;
  const tree = dogId ? content.pedigreeFor(dogId)?.tree : null;
  const formalName = dog?.formalName ?? scene.label.title;
  const slots: [string, number, number][] = [];
  const colX = [70, 330, 610];
  const top = 430;
  const span = 520;
  const name = (node: PedigreeNode | undefined) => (node ? pedigreeName(node) : '');
  const rows = [
    [name(tree?.sire.sire), name(tree?.sire.dam), name(tree?.dam.sire), name(tree?.dam.dam)],
    [name(tree?.sire), name(tree?.dam)],
  ];
  rows[0]!.forEach((n, i) => slots.push([n, colX[2]!, top + span * ((2 * i + 1) / 8)]));
  rows[1]!.forEach((n, i) => slots.push([n, colX[1]!, top + span * ((2 * i + 1) / 4)]));
  slots.push([dog?.name ?? '', colX[0]!, top + span / 2]);
  const lines: string[] = [];
  // Names sit on lines; brackets join a parent's line to its two parents' lines.
  const connect = (x1: number, y1: number, x2: number, ya: number, yb: number) =>
    lines.push(
      `<path d="M${x1 + 210} ${y1} H${x2 - 20} M${x2 - 20} ${ya} V${yb} M${x2 - 20} ${ya} H${x2} M${x2 - 20} ${yb} H${x2}" stroke="${OLIVE}" stroke-width="2" fill="none"/>`,
    );
  connect(colX[0]!, top + span / 2, colX[1]!, top + span / 4, top + (span * 3) / 4);
  connect(colX[1]!, top + span / 4, colX[2]!, top + span / 8, top + (span * 3) / 8);
  connect(colX[1]!, top + (span * 3) / 4, colX[2]!, top + (span * 5) / 8, top + (span * 7) / 8);
  const slotSvg = slots
    .map(([text, x, y]) => {
      const wrapped = text ? wrap(text, 19, 210, 2) : ['On file'];
      const body = wrapped
        .map(
          (l, i) =>
            `<text x="${x}" y="${y - 10 - (wrapped.length - 1 - i) * 23}" font-family="${SERIF}" font-size="19" fill="${INK}">${escapeXml(l)}</text>`,
        )
        .join('');
      return `${body}<path d="M${x} ${y} H${x + 210}" stroke="${OLIVE}" stroke-width="2"/>`;
    })
    .join('\n');
  const title = wrap(formalName, 40, 700, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="#fbf6e8"/>
    <rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="${OLIVE}" stroke-width="6"/>
    <rect x="40" y="40" width="${width - 80}" height="${height - 80}" fill="none" stroke="${GOLD}" stroke-width="2"/>
    <text x="${width / 2}" y="140" font-family="${SERIF}" font-size="52" font-weight="bold" fill="${OLIVE}" text-anchor="middle" letter-spacing="2">Certified Pedigree</text>
    <text x="${width / 2}" y="186" font-family="${SERIF}" font-size="22" font-style="italic" fill="#5e5128" text-anchor="middle">Three-generation pedigree · English Labrador Retriever</text>
    <rect x="${width / 2 - 90}" y="210" width="180" height="3" fill="${GOLD}"/>
    <text x="${width / 2}" y="270" font-family="${SERIF}" font-size="18" fill="#5e5128" text-anchor="middle" letter-spacing="3">REGISTERED NAME</text>
    ${title.map((l, i) => `<text x="${width / 2}" y="${318 + i * 48}" font-family="${SERIF}" font-size="40" font-weight="bold" fill="${INK}" text-anchor="middle">${escapeXml(l)}</text>`).join('')}
    <text x="${width / 2}" y="${330 + title.length * 48}" font-family="${SERIF}" font-size="20" fill="#5e5128" text-anchor="middle">${escapeXml(dog ? `${dog.color} ${dog.gender.toLowerCase()} · bred by ${content.site.brandName}` : content.site.brandName)}</text>
    ${lines.join('\n')}
    ${slotSvg}
    <g transform="translate(${width - 170} ${height - 170})">
      <circle r="72" fill="${GOLD}" opacity="0.9"/>
      <circle r="60" fill="none" stroke="#fbf6e8" stroke-width="2"/>
      <text y="-6" font-family="${SERIF}" font-size="15" font-weight="bold" fill="#fbf6e8" text-anchor="middle" letter-spacing="1">CEDAR BLUFF</text>
      <text y="16" font-family="${SERIF}" font-size="11" fill="#fbf6e8" text-anchor="middle">${escapeXml(content.site.address.town.toUpperCase())}, ${content.site.address.state}</text>
    </g>
    <path d="M90 ${height - 130} H380" stroke="${INK}" stroke-width="1.5"/>
    <text x="90" y="${height - 100}" font-family="${SERIF}" font-size="18" font-style="italic" fill="#5e5128">Breeder, ${escapeXml(content.site.brandName)}</text>
  </svg>`;
}

// ---------------------------------------------------------------- main

function sizeFor(imagePath: string, category: string): [number, number] {
  if (category === 'social') return [1200, 630];
  if (imagePath.includes('/hero/')) return [1920, 1080];
  if (category === 'pedigrees') return [900, 1200];
  if (category === 'team') return [600, 600];
  return [800, 600];
}

function svgFor(
  imagePath: string,
  refs: ImageReference[],
): { svg: string; width: number; height: number } {
  const owner = bestOwner(refs);
  const category = imagePath.split('/')[2] ?? 'default';
  const [width, height] = sizeFor(imagePath, category);
  const scene: Scene = {
    width,
    height,
    category,
    coat: coatFor(imagePath, owner, category),
    label: labelFor(imagePath, owner),
    seed: hash(imagePath),
    imagePath,
    owner,
  };
  let svg: string;
  if (category === 'social') svg = socialSvg(scene);
  else if (imagePath.includes('/hero/')) svg = heroSvg(scene);
  else if (category === 'pedigrees') svg = pedigreeSvg(scene, str(owner, 'dogId'));
  else svg = portraitSvg(scene);
  return { svg, width, height };
}

async function render(imagePath: string, refs: ImageReference[]): Promise<number> {
  const { svg, width, height } = svgFor(imagePath, refs);
  const image = sharp(Buffer.from(svg)).resize(width, height);
  const data = imagePath.endsWith('.png')
    ? await image.png({ compressionLevel: 9, palette: true }).toBuffer()
    : await image.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  const file = path.join(PUBLIC_DIR, imagePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return data.length;
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const references = collectModuleImageReferences(content);
  const todo = [...references].filter(([p]) => force || !existsSync(path.join(PUBLIC_DIR, p)));
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const [imagePath, refs] = todo[next++]!;
      const size = await render(imagePath, refs);
      bytes += size;
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(
    `images: ${references.size} referenced, ${todo.length} written (${Math.round(bytes / 1024)} KB)`,
  );

  const referenced = new Set([...references.keys()].map((p) => path.join(PUBLIC_DIR, p)));
  const unused = (await listFiles(path.join(PUBLIC_DIR, 'images'))).filter(
    (f) => !referenced.has(f),
  );
  if (unused.length > 0) {
    console.log(
      `images: ${unused.length} file(s) under public/images are not referenced by the content package:`,
    );
    for (const f of unused) console.log(`  ${path.relative(PUBLIC_DIR, f)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
