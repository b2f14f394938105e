// Mantine's Modal as a module of its own, for popup.tsx to load lazily.
export { Modal as default } from '@mantine/core';
