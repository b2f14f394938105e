import type { NavLink } from '@cedar/content';
import { FooterContent } from './site-footer-content';
import classes from './site-footer.module.css';

/** Shared footer: brand, tagline, quick links, contact details, visiting rule, copyright. */
export function SiteFooter({ links }: { links: readonly NavLink[] }) {
  return (
    <footer className={classes.footer}>
      <FooterContent links={links} />
    </footer>
  );
}
