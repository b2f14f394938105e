import { site } from '@cedar/content';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every response, as @fastify/helmet's options (app.ts registers it), and
 * each page's Content-Security-Policy, which adoption computes once per page
 * (publish/adopt.ts) and the web host sets through helmet's reply API (plugins/web-host.ts).
 */

/** Third-party hosts a page may reach, by CSP directive (each added to our own origin). */
interface EmbedHosts {
  script: readonly string[];
  style: readonly string[];
  img: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
  formAction: readonly string[];
}

/** Every page but the forms pages (the admin and the not-found page included): none at all. */
const NO_EMBED: EmbedHosts = {
  script: [],
  style: [],
  img: [],
  connect: [],
  frame: [],
  formAction: [],
};

/**
 * The forms provider's hosts, named exactly, on the pages that embed a form (site.forms.pages):
 * HubSpot's forms embed v2 (site.forms.scriptSrc) for a portal in the North America region
 * (site.forms.region 'na1', whose hosts carry no region suffix but the tracking one).
 *
 * Source: HubSpot's knowledge base, "SSL and domain security in HubSpot", section "Content
 * Security Policy" (https://knowledge.hubspot.com/domains-and-urls/ssl-and-domain-security-in-hubspot),
 * which lists the forms tool's domains as wildcards (*.hsforms.net, *.hsforms.com,
 * *.hubspot.com, ...); here narrowed to the hosts of those domains the v2 embed reaches for a
 * na1 portal:
 * - js.hsforms.net: the embed script and the form script and styles it loads;
 * - forms.hsforms.com: the form's definition and its submission (fetch), its frame, the post
 *   fallback, and images;
 * - forms-na1.hsforms.com: the region's submission and view-count endpoints (a fetch and a
 *   tracking pixel);
 * - api.hsforms.com: the submissions API;
 * - js.hsforms.net as a frame too: the embed renders some forms inside an iframe of its own.
 * A host missing here shows as a "Content Security Policy" error in the browser's console on
 * /contact; add it here, exactly, with the reason.
 */
const FORMS_EMBED: EmbedHosts = {
  script: ['https://js.hsforms.net'],
  style: ['https://js.hsforms.net'],
  img: ['https://forms.hsforms.com', 'https://forms-na1.hsforms.com'],
  connect: [
    'https://forms.hsforms.com',
    'https://forms-na1.hsforms.com',
    'https://api.hsforms.com',
  ],
  frame: ['https://js.hsforms.net', 'https://forms.hsforms.com'],
  formAction: ['https://forms.hsforms.com'],
};

const SELF = "'self'";
const NONE = "'none'";

/** HSTS for a year, production only (development runs on plain http://localhost). */
const HSTS_MAX_AGE = 31_536_000;

/** A page's policy, as helmet's `contentSecurityPolicy` option. */
export type PagePolicy = Exclude<
  FastifyHelmetOptions['contentSecurityPolicy'],
  boolean | undefined
>;

/**
 * The policy of a document: our origin, the embed's hosts on the forms pages, and the inline
 * scripts the page gate accepted as the framework's (publish/page-gate.ts), by their SHA-256.
 * Nothing is trusted for being in the HTML: a page the gate has not passed runs no inline script.
 */
function policy(production: boolean, embed: EmbedHosts, scriptHashes: readonly string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [SELF],
      // Only our bundles (and on the forms pages the forms embed) run, and the framework's inline
      // scripts the gate accepted on this page.
      scriptSrc: [SELF, ...embed.script, ...scriptHashes],
      scriptSrcAttr: [NONE],
      // Mantine writes CSS variables into style attributes and <style> tags (server-rendered and
      // at run time), and the forms embed styles itself inline: 'unsafe-inline' is needed here.
      styleSrc: [SELF, "'unsafe-inline'", ...embed.style],
      imgSrc: [SELF, 'data:', ...embed.img],
      connectSrc: [SELF, ...embed.connect],
      frameSrc: embed.frame.length > 0 ? [...embed.frame] : [NONE],
      formAction: [SELF, ...embed.formAction],
      objectSrc: [NONE],
      baseUri: [NONE],
      frameAncestors: [NONE],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
  } satisfies PagePolicy;
}

/**
 * A family's page (issue 40): no embed, but its Pay button posts to our own route, which answers
 * 303 to Stripe Checkout; browsers hold a form's redirects to `form-action` too, so Stripe's
 * checkout origin is listed there, on this page only.
 */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';
export function familyPagePolicy(production: boolean): PagePolicy {
  return policy(production, { ...NO_EMBED, formAction: [STRIPE_CHECKOUT_ORIGIN] });
}

/** The options @fastify/helmet is registered with: the headers of every response. */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: policy(production, NO_EMBED),
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    // Other sites (the forms provider included) learn our origin, never the page's path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * A document's own policy, computed once when its build is adopted: the forms provider's hosts
 * on the pages that embed a form (site.forms.pages, the one list of them) and on no other page,
 * and the hashes of its inline scripts the gate accepted.
 */
export type PolicyOf = (route: string, scriptHashes: readonly string[]) => PagePolicy;

export function pagePolicy(production: boolean): PolicyOf {
  const formsPages = new Set<string>(site.forms.pages);
  return (route, scriptHashes) =>
    policy(production, formsPages.has(route) ? FORMS_EMBED : NO_EMBED, scriptHashes);
}
