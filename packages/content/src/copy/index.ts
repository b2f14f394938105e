/** Page copy: one module per page, owned with that page. */
export * from './layout';
export * from './home';
export * from './puppies';
export * from './puppies-frame';
export * from './our-dogs';
export * from './our-dogs-frame';
export * from './health';
export * from './health-frame';
export * from './training';
export * from './boarding';
export * from './team';
export * from './raw-food';
export * from './contact';
export * from './contact-frame';
export * from './application';
export * from './halloween';
