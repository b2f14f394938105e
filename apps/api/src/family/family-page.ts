import { FAMILY_PAGE_PREFIX, NEWS_PHOTO_WIDTHS, type NewsPhoto } from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { litterReadiness } from '@cedar/litter-logic';
import { escapeHtml, sitePage } from '../lib/site-page';
import type { LitterUpdateDoc, WaitlistEntryDoc } from '../store/documents';
import { listName, ordinal } from '../waitlist/waitlist';
import { depositSection, type DepositReturn, type FamilyDeposit } from './deposit-section';
import { calendarDate, longDate } from './family-words';
import { displayWidths } from './news-photos';

/** Everything one family's page shows: theirs alone, nothing of any other family. */
export interface FamilyView {
  token: string;
  entry: WaitlistEntryDoc;
  /** Their places: the list's key and their place on it, from 1. */
  places: { key: string; place: number }[];
  /** The litter of their list, when it is a litter's. */
  litter: Litter | null;
  litters: readonly Litter[];
  updates: LitterUpdateDoc[];
  deposit: FamilyDeposit;
  /** Back from Stripe's payment page (`?deposit=paid` or `cancelled`). */
  depositReturn?: DepositReturn;
  now: Date;
}

const PAGE_STYLE = `
  h2 { font-family: Georgia, "Times New Roman", serif; font-size: 1.3rem; margin: 2rem 0 0.5rem; }
  .place { font-size: 1.15rem; }
  .facts { margin: 0; padding: 0; list-style: none; }
  .badge { display: inline-block; background: #f4f1e1; color: #3d4210; border-radius: 999px; padding: 0 0.6rem; font-size: 0.9rem; font-weight: 600; }
  .puppy { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
  .puppy img { width: 10rem; height: 10rem; object-fit: cover; border-radius: 8px; }
  .deposit { border: 1px solid #d8d3b5; border-radius: 8px; padding: 0 1rem 1rem; margin-top: 2rem; }
  .deposit h2 { margin-top: 1rem; }
  article { border-top: 1px solid #e5e1cc; padding-top: 0.5rem; margin-top: 1rem; }
  article h3 { font-size: 1rem; margin: 0.5rem 0; color: #495057; }
  .note p { margin: 0 0 0.75rem; }
  .photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.5rem; }
  .photos img { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; border-radius: 6px; display: block; }`;

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

function litterPart(litter: Litter, now: Date): string {
  const readiness = litterReadiness(litter, now);
  const born = /^\d{4}-\d{2}-\d{2}$/.test(litter.birthDate)
    ? readiness.days !== null && readiness.days < 0
      ? `Expected on ${calendarDate(litter.birthDate)}`
      : `Born on ${calendarDate(litter.birthDate)}`
    : litter.birthDate;
  return `<section aria-labelledby="litter-heading"><h2 id="litter-heading">The ${escapeHtml(litter.name)} litter</h2><ul class="facts"><li>${escapeHtml(born)} · ${escapeHtml(readiness.age)} <span class="badge">${escapeHtml(readiness.badge)}</span></li><li>${escapeHtml(litter.readyDate)}</li></ul></section>`;
}

function puppyPart(view: FamilyView): string {
  const puppy = view.entry.puppyId
    ? view.litter?.puppies?.find((p) => p.id === view.entry.puppyId)
    : undefined;
  const body = puppy
    ? `<div class="puppy">${puppy.image ? `<img src="${escapeHtml(puppy.image)}" alt="${escapeHtml(puppy.name)}" width="160" height="160">` : ''}<p><strong>${escapeHtml(puppy.name)}</strong><br>${escapeHtml(puppy.sex)} · ${escapeHtml(puppy.color)}</p></div>`
    : '<p>No puppy is reserved for you yet. We will choose one together when the litter is ready.</p>';
  return `<section aria-labelledby="puppy-heading"><h2 id="puppy-heading">Your puppy</h2>${body}</section>`;
}

/**
 * How wide a photo of the news grid is shown (PAGE_STYLE's `.photos`: columns of at least 9rem in
 * the 40rem column): about 9.5rem from a 40rem screen up, up to half the screen below it.
 */
const PHOTO_SIZES = '(min-width: 40rem) 9.5rem, 50vw';

/**
 * A news photo in the grid: the browser picks a display copy (`?w=`, family/news-photos.ts) from
 * `srcset` for the width it shows it at; a tap opens the photo as stored.
 */
function newsPhoto(token: string, photo: NewsPhoto, alt: string): string {
  const url = `${FAMILY_PAGE_PREFIX}${escapeHtml(token)}/photos/${escapeHtml(photo.name)}`;
  const widths = displayWidths(photo.width);
  const candidates = widths.map((w) => `${url}?w=${w} ${w}w`);
  // Narrower than the widest copy: the photo itself is the widest candidate.
  if (widths.length < NEWS_PHOTO_WIDTHS.length) candidates.push(`${url} ${photo.width}w`);
  const src = widths.includes(640)
    ? `${url}?w=640`
    : widths.length
      ? `${url}?w=${widths.at(-1)}`
      : url;
  return `<a href="${url}"><img src="${src}" srcset="${candidates.join(', ')}" sizes="${PHOTO_SIZES}" alt="${alt}" width="${photo.width}" height="${photo.height}" loading="lazy" decoding="async"></a>`;
}

function newsPart(view: FamilyView): string {
  const items = view.updates.map((update) => {
    const date = longDate(update.createdAt);
    const photos = update.photos
      .map((p, i) =>
        newsPhoto(view.token, p, `Photo ${i + 1} of ${update.photos.length}, ${escapeHtml(date)}`),
      )
      .join('');
    return `<article><h3><time datetime="${update.createdAt.toISOString()}">${escapeHtml(date)}</time></h3><div class="note">${paragraphs(update.note)}</div>${photos ? `<div class="photos">${photos}</div>` : ''}</article>`;
  });
  const heading = view.litter ? `News of the ${escapeHtml(view.litter.name)} litter` : 'News';
  const body =
    items.length > 0
      ? items.join('')
      : view.litter
        ? '<p>No news yet: each weekly update will appear here, newest first.</p>'
        : '<p>Once you are on a litter’s list, its weekly news will appear here.</p>';
  return `<section aria-labelledby="news-heading"><h2 id="news-heading">${heading}</h2>${body}</section>`;
}

/** The family's own page, server-rendered, without scripts. */
export function familyPage(view: FamilyView): string {
  const places = view.places
    .map(
      (p) =>
        `<p class="place">You are <strong>${ordinal(p.place)} on ${escapeHtml(listName(p.key, view.litters))}</strong>.</p>`,
    )
    .join('');
  const body = [
    `<section aria-labelledby="place-heading"><h2 id="place-heading">Your place</h2>${places}</section>`,
    view.litter ? litterPart(view.litter, view.now) : '',
    view.litter ? puppyPart(view) : '',
    depositSection(view.deposit, view.token, view.depositReturn),
    newsPart(view),
    '<p>Questions? <a href="/contact">Write to us</a>. This page is yours alone: please do not share its address.</p>',
  ].join('');
  return sitePage({ title: `Welcome, ${view.entry.name}`, body, style: PAGE_STYLE });
}

/** Every unknown, malformed or revoked link: one page, byte for byte, whatever was asked. */
export const FAMILY_NOT_FOUND = sitePage({
  title: 'Page not found',
  body: '<p>There is no page at this address. If a link from us brought you here, ask us for your current one.</p><p><a href="/">Go to the home page</a></p>',
});
