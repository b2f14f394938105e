// The chunk behind components/popup.tsx's Popup.
export { Modal as default } from '@mantine/core';
