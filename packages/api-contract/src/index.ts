export * from './schemas';
export * from './routes';
export * from './section-rules';
export * from './waitlist';
export * from './factors';
export * from './deposits';
export * from './family';
