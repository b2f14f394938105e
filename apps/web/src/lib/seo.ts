import { metaForPath, notFoundMeta, site } from '@cedar/content';

export interface HeadMeta {
  title: string;
  description: string;
  /** Absolute URL of the page */
  url: string;
  /** Absolute URL of the social image */
  image: string;
  noindex: boolean;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** The head of one route: from packages/content for public pages, noindex for admin and 404. */
export function headFor(path: string, publicUrl: string): HeadMeta {
  const meta = metaForPath(path);
  if (meta) {
    return {
      title: meta.title,
      description: meta.description,
      url: absoluteUrl(publicUrl, meta.path),
      image: absoluteUrl(publicUrl, meta.image),
      noindex: false,
    };
  }
  const isAdmin = path.startsWith('/admin');
  return {
    title: isAdmin ? `Admin | ${site.brandName}` : notFoundMeta.title,
    description: notFoundMeta.description,
    url: absoluteUrl(publicUrl, path),
    image: absoluteUrl(publicUrl, '/images/social/home.jpg'),
    noindex: true,
  };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags as HTML, for the prerendered pages. */
export function headTagsHtml(head: HeadMeta): string {
  const tags = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(head.url)}" />`,
    ...metaPairs(head).map(
      ([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`,
    ),
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  return tags.join('\n    ');
}

function metaPairs(head: HeadMeta): Array<['property' | 'name', string, string]> {
  return [
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:url', head.url],
    ['property', 'og:site_name', site.brandName],
    ['property', 'og:image', head.image],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
}

/** Keeps the live document's head in step after client-side navigation. */
export function applyHead(doc: Document, head: HeadMeta): void {
  doc.title = head.title;
  const set = (selector: string, create: () => HTMLElement, attr: string, value: string) => {
    let el = doc.head.querySelector<HTMLElement>(selector);
    if (!el) {
      el = create();
      doc.head.appendChild(el);
    }
    el.setAttribute(attr, value);
  };
  const meta = (attr: string, key: string) => () => {
    const el = doc.createElement('meta');
    el.setAttribute(attr, key);
    return el;
  };
  set('meta[name="description"]', meta('name', 'description'), 'content', head.description);
  set(
    'link[rel="canonical"]',
    () => Object.assign(doc.createElement('link'), { rel: 'canonical' }),
    'href',
    head.url,
  );
  for (const [attr, key, value] of metaPairs(head)) {
    set(`meta[${attr}="${key}"]`, meta(attr, key), 'content', value);
  }
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (head.noindex && !robots)
    doc.head.appendChild(meta('name', 'robots')()).setAttribute('content', 'noindex');
  if (!head.noindex && robots) robots.remove();
}
