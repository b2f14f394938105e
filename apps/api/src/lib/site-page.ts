import { BRAND_COLORS } from '@cedar/content';
import type { FastifyReply } from 'fastify';

/** Text made safe for HTML: element content and double-quoted attribute values alike. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface SitePage {
  /** The page's heading and, with the site's name, its title (plain text: escaped here). */
  title: string;
  /** The main content, HTML the caller built (every value in it escaped). */
  body: string;
  /** More CSS for this page's own parts. */
  style?: string;
}

/**
 * A page the API renders itself, with the site's look and without its scripts: its header, fonts
 * and colours in one small document, never indexed. The unsubscribe pages and the families' pages
 * (issue 40) share it.
 */
export function sitePage({ title, body, style = '' }: SitePage): string {
  const { olive, gold } = BRAND_COLORS;
  const heading = escapeHtml(title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="description" content="Cedar Bluff Labradors">
<title>${heading} · Cedar Bluff Labradors</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; color: #212529; background: #fff; line-height: 1.55; }
  header { border-bottom: 3px solid ${gold}; background: #fff; }
  header a { display: block; max-width: 40rem; margin: 0 auto; padding: 1rem; color: ${olive}; font-family: Georgia, "Times New Roman", serif; font-weight: 700; font-size: 1.35rem; text-decoration: none; }
  main { max-width: 40rem; margin: 2.5rem auto; padding: 0 1rem; }
  h1 { font-family: Georgia, "Times New Roman", serif; font-weight: 700; color: #212529; font-size: 1.8rem; margin: 0 0 1rem; }
  button { font: inherit; font-weight: 600; color: #fff; background: ${olive}; border: 0; border-radius: 8px; padding: 0.6rem 1.4rem; cursor: pointer; }
  button:hover, button:focus-visible { background: #5b6217; }
  button:focus-visible { outline: 3px solid ${gold}; outline-offset: 2px; }
  a { color: ${olive}; }${style}
</style>
</head>
<body>
<header><a href="/">Cedar Bluff Labradors</a></header>
<main><h1>${heading}</h1>${body}</main>
</body>
</html>
`;
}

/** Sends a page the API rendered: HTML, never stored by a cache. */
export const sendPage = (reply: FastifyReply, page: string, status = 200) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);
