import { FooterContent } from './site-footer-content';
import classes from './site-footer.module.css';

/** Shared footer: brand, tagline, quick links, contact details, visiting rule, copyright. */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <FooterContent />
    </footer>
  );
}
