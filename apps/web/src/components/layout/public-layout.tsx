import { siteNav } from '@cedar/content';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFrame } from './site-frame';
import type { Route } from './+types/public-layout';

/**
 * The header's and footer's links to pages, read from the page registry at build time (the
 * pages are prerendered): each page carries them as data, not the registry as code.
 */
export const loader = () => ({ nav: siteNav() });

/**
 * The layout route of every public page: header, the page, footer, and React Router's scroll
 * restoration (a new page starts at the top, Back returns to where the page was; the admin keeps
 * its scroll its own way, decision 042).
 */
export default function PublicLayout({ loaderData: { nav } }: Route.ComponentProps) {
  return (
    <>
      <SiteFrame nav={nav}>
        <Outlet />
      </SiteFrame>
      <ScrollRestoration />
    </>
  );
}
