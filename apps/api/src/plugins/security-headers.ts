import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The hosts the forms provider's embed (HubSpot forms v2: js.hsforms.net/forms/embed/v2.js) loads
 * its script, form definitions, submissions, images and frames from. Nothing else from outside
 * our own origin is allowed on any page.
 */
const FORMS_HOSTS = [
  'https://*.hsforms.net',
  'https://*.hsforms.com',
  'https://*.hubspot.com',
  'https://*.hscollectedforms.net',
  'https://*.hs-scripts.com',
  'https://*.hsappstatic.net',
  'https://*.hs-banner.com',
] as const;

const SELF = "'self'";
const NONE = "'none'";

/** HSTS for a year, production only (development runs on plain http://localhost). */
const HSTS_MAX_AGE = 31_536_000;

/**
 * `embedHosts`: the forms provider's hosts on public pages; none on the admin pages, which run no
 * third-party script, frame or connection at all.
 */
function helmetOptions(
  production: boolean,
  embedHosts: readonly string[] = FORMS_HOSTS,
): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        // The prerendered pages carry no inline script; only our bundles and the forms embed run.
        scriptSrc: [SELF, ...embedHosts],
        scriptSrcAttr: [NONE],
        // Mantine writes CSS variables into style attributes and <style> tags (server-rendered and
        // at run time), and the forms embed styles itself inline: 'unsafe-inline' is needed here.
        styleSrc: [SELF, "'unsafe-inline'", ...embedHosts],
        imgSrc: [SELF, 'data:', ...embedHosts],
        connectSrc: [SELF, ...embedHosts],
        frameSrc: embedHosts.length > 0 ? [...embedHosts] : [NONE],
        formAction: [SELF, ...embedHosts],
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
 * builds its middleware anew on every request (measured at about 80 µs each here).
 */
export async function securityHeaders(
  production: boolean,
  embedHosts: readonly string[] = FORMS_HOSTS,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, helmetOptions(production, embedHosts));
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

/** Sets the headers on every routed response (app.ts sets them on the few the router turns away). */
export function useSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
