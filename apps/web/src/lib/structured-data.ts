import {
  CONTEST_DATES,
  foodProducts,
  halloweenCopy,
  metaForPath,
  site,
  trainingPrograms,
  type FoodProduct,
  type TrainingProgram,
} from '@cedar/content';
import { absoluteUrl } from './seo';

/** schema.org data (JSON-LD) for the prerendered head; read by search engines, never run. */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** '(518) 555-0142' -> '+1-518-555-0142' */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const businessId = (publicUrl: string) => `${absoluteUrl(publicUrl, '/')}#kennel`;

/** The kennel: a local business with its address, both phones and visits by appointment only. */
export function localBusiness(publicUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    '@id': businessId(publicUrl),
    name: site.brandName,
    description: site.tagline,
    url: absoluteUrl(publicUrl, '/'),
    image: absoluteUrl(publicUrl, metaForPath('/')?.image ?? '/images/social/home.jpg'),
    email: site.email,
    telephone: internationalPhone(site.phones.main),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.town,
      addressRegion: site.address.state,
      postalCode: site.address.zip,
      addressCountry: 'US',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        telephone: internationalPhone(site.phones.main),
        contactType: 'customer service',
      },
      {
        '@type': 'ContactPoint',
        telephone: internationalPhone(site.phones.training),
        contactType: 'training',
      },
    ],
    // There are no opening hours to list: every visit is arranged beforehand.
    publicAccess: false,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      description: site.appointmentNote,
    },
  };
}

const organizer = (publicUrl: string) => ({
  '@type': 'LocalBusiness',
  '@id': businessId(publicUrl),
  name: site.brandName,
  url: absoluteUrl(publicUrl, '/'),
});

/** The Halloween contest: from the first day of submissions to the day the winners are announced. */
export function contestEvent(publicUrl: string): JsonLd {
  const page = absoluteUrl(publicUrl, '/halloween-contest');
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: `${halloweenCopy.heading} ${CONTEST_DATES.submissionsOpen.slice(0, 4)}`,
    description: halloweenCopy.intro,
    startDate: CONTEST_DATES.submissionsOpen,
    endDate: CONTEST_DATES.winnersAnnounced,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: page },
    image: absoluteUrl(
      publicUrl,
      metaForPath('/halloween-contest')?.image ?? '/images/social/home.jpg',
    ),
    url: page,
    isAccessibleForFree: true,
    organizer: organizer(publicUrl),
    subEvent: [
      ['Submissions', CONTEST_DATES.submissionsOpen, CONTEST_DATES.submissionsClose],
      ['Voting', CONTEST_DATES.votingStart, CONTEST_DATES.votingEnd],
      ['Winners announced', CONTEST_DATES.winnersAnnounced, CONTEST_DATES.winnersAnnounced],
    ].map(([name, startDate, endDate]) => ({
      '@type': 'Event',
      name,
      startDate,
      endDate,
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: page },
    })),
  };
}

/** '$28 per 5 lb block' -> the unit a price is for: 5 lb, or 15 lb for 'per 15 lb portion'. */
function pounds(unit: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*lb/.exec(unit);
  return match ? Number(match[1]) : null;
}

/** The raw food: each product with its price, for pickup at the kennel. */
export function foodOffers(
  publicUrl: string,
  products: readonly FoodProduct[] = foodProducts,
): JsonLd {
  const page = absoluteUrl(publicUrl, '/raw-dog-food');
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: 'Raw Dog Food',
    itemListElement: products.map((product, index) => {
      const weight = pounds(product.unit);
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: product.name,
          description: product.description,
          image: absoluteUrl(publicUrl, product.image),
          brand: { '@type': 'Brand', name: site.brandName },
          offers: {
            '@type': 'Offer',
            price: product.price.toFixed(2),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            availableDeliveryMethod: 'https://schema.org/OnSitePickup',
            url: page,
            seller: organizer(publicUrl),
            ...(weight === null
              ? {}
              : {
                  priceSpecification: {
                    '@type': 'UnitPriceSpecification',
                    price: product.price.toFixed(2),
                    priceCurrency: 'USD',
                    referenceQuantity: {
                      '@type': 'QuantitativeValue',
                      value: weight,
                      unitCode: 'LBR',
                      unitText: 'lb',
                    },
                  },
                }),
          },
        },
      };
    }),
  };
}

/** The training programs: a catalog of offers, each a service with its price. */
export function trainingOffers(
  publicUrl: string,
  programs: readonly TrainingProgram[] = trainingPrograms,
): JsonLd {
  const page = absoluteUrl(publicUrl, '/training');
  return {
    '@context': CONTEXT,
    '@type': 'OfferCatalog',
    name: 'Behavior Academy Options',
    url: page,
    itemListElement: programs.map((program) => ({
      '@type': 'Offer',
      name: program.name,
      price: program.price.toFixed(2),
      priceCurrency: 'USD',
      url: page,
      seller: organizer(publicUrl),
      itemOffered: {
        '@type': 'Service',
        name: `${program.name} puppy training`,
        serviceType: 'Puppy training',
        description: program.summary,
        image: absoluteUrl(publicUrl, program.image),
        provider: organizer(publicUrl),
      },
    })),
  };
}

/** The structured data of one route's page. */
export function structuredDataFor(path: string, publicUrl: string): JsonLd[] {
  switch (path) {
    case '/':
    case '/contact':
      return [localBusiness(publicUrl)];
    case '/halloween-contest':
      return [contestEvent(publicUrl)];
    case '/raw-dog-food':
      return [foodOffers(publicUrl)];
    case '/training':
      return [trainingOffers(publicUrl)];
    default:
      return [];
  }
}

/** <script type="application/ld+json"> tags; `<` is escaped so no text can close the tag. */
export function jsonLdHtml(data: readonly JsonLd[]): string {
  return data
    .map(
      (d) =>
        `<script type="application/ld+json">${JSON.stringify(d).replace(/</g, '\\u003c')}</script>`,
    )
    .join('\n    ');
}
