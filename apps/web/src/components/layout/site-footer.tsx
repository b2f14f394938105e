import { staticPart } from '../static-content';
import classes from './site-footer.module.css';

// Nothing in it but text and links: its code is a chunk of its own, never loaded on a
// prerendered page (see staticPart).
const FooterContent = staticPart(() =>
  import('./site-footer-content').then((module) => module.FooterContent),
);

/** Shared footer: brand, tagline, quick links, contact details, visiting rule, copyright. */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <FooterContent />
    </footer>
  );
}
