import { validateContent } from '@cedar/content';
import { renderToReadableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

// Every content record is checked before the first page is prerendered: a bad one fails the
// build, naming it. Here, in the server bundle built from the sources as they are at the build,
// not in react-router.config.ts: a publish resolves that configuration before the save it builds
// (decision 024), so content it imported could be the previous save's.
validateContent();

/**
 * React Router's server entry, used only at build time: every page is prerendered (ssr: false),
 * so each document is rendered whole (allReady) before it is written. A page that throws while
 * rendering fails the build, naming the page. Every Suspense boundary is written in its place:
 * React writes a large one (over `progressiveChunkSize`, 12.5 KB by default) after the rest of
 * the document, hidden, with an inline script that moves it into place: a script the page gate
 * (decision 019) must never accept, and a part the visitor would not see until it ran.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
) {
  let failure: unknown = null;
  const body = await renderToReadableStream(<ServerRouter context={context} url={request.url} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      failure ??= error;
    },
  });
  await body.allReady;
  if (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new Error(`${new URL(request.url).pathname} failed to render: ${reason}`);
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { status, headers });
}
