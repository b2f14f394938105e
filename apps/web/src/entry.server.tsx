import { preinit, preloadModule, type PreloadModuleOptions } from 'react-dom';
import { renderToReadableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

/**
 * The order in which a page asks for its files. React Router's <Links /> renders the stylesheets
 * as plain <link> elements, which React leaves where they are, after every element it hoists: the
 * <Scripts /> modulepreloads among them. Over HTTP/1.1 the browser then asked for some 15 scripts
 * before the stylesheets that hold up the first paint.
 * - The stylesheets are declared as React stylesheet resources (a `precedence`): written first, in
 *   the same order. The <link> elements <Links /> still renders name the same files.
 * - The scripts are declared as module preloads of low priority (React DOM's `preloadModule`), for
 *   the same files <Scripts /> preloads: the page is prerendered, so nothing it shows waits for
 *   them, and the stylesheets and the largest image go first. The preloads <Scripts /> renders
 *   follow, for the same files: the browser fetches each file once, at the first one's priority.
 * Renders nothing, so hydration is unaffected.
 */
function LoadOrder({ context }: { context: EntryContext }) {
  const { manifest } = context;
  const routes = context.staticHandlerContext.matches.map(
    (match) => manifest.routes[match.route.id],
  );
  for (const href of new Set(routes.flatMap((route) => route?.css ?? [])))
    preinit(href, { as: 'style', precedence: 'default' });
  const scripts = new Set([
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap((route) => (route ? [route.module, ...(route.imports ?? [])] : [])),
  ]);
  // fetchPriority is React DOM 19.3's; its types do not name it yet.
  const low = { as: 'script', fetchPriority: 'low' } as PreloadModuleOptions;
  for (const href of scripts) preloadModule(href, low);
  return null;
}

/**
 * React Router's server entry, used only at build time: every page is prerendered (ssr: false),
 * so each document is rendered whole (allReady) before it is written. A page that throws while
 * rendering fails the build, naming the page.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
) {
  let failure: unknown = null;
  const document = (
    <>
      <LoadOrder context={context} />
      <ServerRouter context={context} url={request.url} />
    </>
  );
  const body = await renderToReadableStream(document, {
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
