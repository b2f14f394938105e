import { CONTEST_DATES, foodProducts, site, trainingPrograms } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import {
  contestEvent,
  foodOffers,
  internationalPhone,
  jsonLdHtml,
  localBusiness,
  structuredDataFor,
  trainingOffers,
} from './structured-data';

const ORIGIN = 'https://www.cedarblufflabradors.com';

describe('structured data', () => {
  it('describes the kennel as a local business with its address, both phones and visits by appointment', () => {
    const business = localBusiness(ORIGIN);
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: site.brandName,
      url: `${ORIGIN}/`,
      image: `${ORIGIN}/images/social/home.jpg`,
      telephone: '+1-518-555-0142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1187 Bluff Road',
        addressLocality: 'Cambridge',
        addressRegion: 'NY',
        postalCode: '12816',
        addressCountry: 'US',
      },
      publicAccess: false,
    });
    expect(business.contactPoint).toEqual([
      expect.objectContaining({ telephone: internationalPhone(site.phones.main) }),
      expect.objectContaining({
        telephone: internationalPhone(site.phones.training),
        contactType: 'training',
      }),
    ]);
    expect(business.openingHoursSpecification).toMatchObject({ description: site.appointmentNote });
  });

  it('gives the contest its dates, from the first submission to the winners', () => {
    const event = contestEvent(ORIGIN);
    expect(event).toMatchObject({
      '@type': 'Event',
      startDate: CONTEST_DATES.submissionsOpen,
      endDate: CONTEST_DATES.winnersAnnounced,
      location: { '@type': 'VirtualLocation', url: `${ORIGIN}/halloween-contest` },
    });
    expect(
      (event.subEvent as Array<{ startDate: string; endDate: string }>).map((e) => [
        e.startDate,
        e.endDate,
      ]),
    ).toEqual([
      [CONTEST_DATES.submissionsOpen, CONTEST_DATES.submissionsClose],
      [CONTEST_DATES.votingStart, CONTEST_DATES.votingEnd],
      [CONTEST_DATES.winnersAnnounced, CONTEST_DATES.winnersAnnounced],
    ]);
  });

  it('offers each food product at its price, for pickup, per its weight', () => {
    const items = foodOffers(ORIGIN).itemListElement as Array<{
      item: { name: string; offers: Record<string, unknown> };
    }>;
    expect(
      items.map((i) => [i.item.name, i.item.offers.price, i.item.offers.priceCurrency]),
    ).toEqual(foodProducts.map((p) => [p.name, p.price.toFixed(2), 'USD']));
    expect(items.map((i) => i.item.offers.availableDeliveryMethod)).toEqual(
      foodProducts.map(() => 'https://schema.org/OnSitePickup'),
    );
    expect(
      items.map(
        (i) =>
          (i.item.offers.priceSpecification as { referenceQuantity: { value: number } })
            .referenceQuantity.value,
      ),
    ).toEqual([5, 5, 15]);
  });

  it('offers the three training programs at their prices', () => {
    const offers = trainingOffers(ORIGIN).itemListElement as Array<{
      name: string;
      price: string;
      itemOffered: { '@type': string };
    }>;
    expect(offers.map((o) => [o.name, o.price, o.itemOffered['@type']])).toEqual(
      trainingPrograms.map((p) => [p.name, p.price.toFixed(2), 'Service']),
    );
    expect(offers.map((o) => o.price)).toEqual(['7500.00', '12500.00', '17500.00']);
  });

  it('belongs to the pages it describes', () => {
    const types = (path: string) => structuredDataFor(path, ORIGIN).map((d) => d['@type']);
    expect(types('/')).toEqual(['LocalBusiness']);
    expect(types('/contact')).toEqual(['LocalBusiness']);
    expect(types('/halloween-contest')).toEqual(['Event']);
    expect(types('/raw-dog-food')).toEqual(['ItemList']);
    expect(types('/training')).toEqual(['OfferCatalog']);
    expect(types('/puppies')).toEqual([]);
  });

  it('writes script tags no text inside can close', () => {
    const html = jsonLdHtml([{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }]);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({
      '@type': 'Thing',
      name: '</script><script>alert(1)</script>',
    });
  });
});
