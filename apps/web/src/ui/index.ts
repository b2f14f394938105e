// The public pages' components: Mantine's markup without Mantine's runtime (see box.tsx).
// The header imports shell.tsx itself, so the rest stays out of every page's first load.
export { Box } from './box';
export * from './shell';
export * from './components';
