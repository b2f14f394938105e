import { PUBLIC_ROUTES } from '@cedar/content';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { PUBLIC_URL } from './lib/public-url';
import { headFor, headTagsHtml } from './lib/seo';

export const publicRoutes: readonly string[] = PUBLIC_ROUTES;

export interface RenderResult {
  html: string;
  head: string;
  status: number;
}

/** Renders one route to HTML at build time (prerender). */
export async function render(path: string): Promise<RenderResult> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  // A page module that fails to load (say, an edited section that throws) must fail the build
  // rather than prerender React Router's error screen as the page.
  if (context.errors) {
    const reasons = Object.values(context.errors).map((e) => (e instanceof Error ? e.message : String(e)));
    throw new Error(`${path} failed to render: ${reasons.join('; ')}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const status = context.matches.some((m) => m.route.path === '*') ? 404 : 200;
  return { html, head: headTagsHtml(headFor(path, PUBLIC_URL)), status };
}
