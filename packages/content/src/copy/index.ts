/** Page copy: one module per page, owned with that page. */
export * from './home';
