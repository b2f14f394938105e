/** The site's public origin (PUBLIC_URL at build time), used for canonical and social URLs. */
export const PUBLIC_URL: string =
  typeof __PUBLIC_URL__ === 'string' ? __PUBLIC_URL__ : 'http://localhost:3000';
