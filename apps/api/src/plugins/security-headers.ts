import { site } from '@cedar/content';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

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

/** `embed`: the third-party hosts of the page; by default none, our own origin alone. */
function helmetOptions(production: boolean, embed: EmbedHosts = NO_EMBED): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        // Our bundles (and on the forms pages the forms embed); a page's own inline scripts run by
        // the hashes the page gate accepted, which plugins/document-csp.ts adds to its policy.
        scriptSrc: [SELF, ...embed.script],
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
    },
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    // Other sites (the forms provider included) learn our origin, never the page's path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

const NOT_SECURITY_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The headers @fastify/helmet sets, computed once. They never vary by request, while the plugin
 * builds its middleware anew on every request (measured at about 80 µs each here). Every response
 * gets those with no third-party host; the forms pages get their own policy (pageCsp).
 */
export async function securityHeaders(
  production: boolean,
  embed: EmbedHosts = NO_EMBED,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, helmetOptions(production, embed));
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(res.headers)
        .filter(([name]) => !NOT_SECURITY_HEADERS.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

/** A page's own Content-Security-Policy, by its route; undefined: the default one (no embed). */
export type PageCsp = (route: string) => string | undefined;

/**
 * Which policy a page is sent with: the forms provider's hosts on the pages that embed a form
 * (site.forms.pages, the one list of them), and on no other page.
 */
export async function pageCsp(production: boolean): Promise<PageCsp> {
  const forms = (await securityHeaders(production, FORMS_EMBED))['content-security-policy'];
  const formsPages = new Set<string>(site.forms.pages);
  return (route) => (formsPages.has(route) ? forms : undefined);
}

/** Sets the headers on every routed response (app.ts sets them on the few the router turns away). */
export function useSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
