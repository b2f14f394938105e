/** Page copy: one module per page, owned with that page. */
export * from './layout';
export * from './error-page';
export * from './home';
export * from './puppies';
export * from './our-dogs';
export * from './health';
export * from './training';
export * from './boarding';
export * from './team';
export * from './raw-food';
export * from './contact';
export * from './application';
export * from './halloween';
