// A family's own page (issue 40) for the benchmark's Lighthouse run: one family of the seeded
// inquiries put on the first litter's waitlist and given a page link, through the admin API as the
// owner's screens call it (the demo owner's session, our own origin, the waitlist's If-Match).
// `API_ROUTES` is packages/api-contract's, as bench/run.mjs loads it.
async function call(baseUrl, cookie, method, pathname, body, headers = {}) {
  const response = await fetch(new URL(pathname, baseUrl), {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Resolves to the path of a family's page (`/family/<token>`): the newest inquiry, on the first
 * litter's list. The path holds the family's token: log it only as `/family/…`.
 */
export async function makeFamilyPage({ baseUrl, cookie, API_ROUTES }) {
  // The inbox's list is an array of inquiries, newest first.
  const inquiries = await call(baseUrl, cookie, 'GET', API_ROUTES.inquiries.path);
  const { litters } = await call(baseUrl, cookie, 'GET', API_ROUTES.litters.path);
  const inquiry = inquiries[0];
  const litter = litters.find((l) => !l.archived);
  if (!inquiry || !litter) throw new Error('no inquiry or no litter to make a family page of');
  const { version } = await call(baseUrl, cookie, 'GET', API_ROUTES.waitlist.path);
  const lists = await call(
    baseUrl,
    cookie,
    'POST',
    API_ROUTES.addToWaitlist.path,
    { inquiryId: inquiry.id, litterId: litter.id },
    { 'if-match': `"${version}"` },
  );
  const entry = lists.lists.flatMap((l) => l.entries).find((e) => e.inquiryId === inquiry.id);
  const linkPath = API_ROUTES.familyLink.path.replace(':id', encodeURIComponent(entry.id));
  const link = await call(baseUrl, cookie, 'POST', linkPath, { reissue: false });
  return new URL(link.url).pathname;
}
