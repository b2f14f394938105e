import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BRAND_COLORS } from '@cedar/content';

// Olive #6d761d sits at index 7 so that filled buttons meet WCAG AA with white text.
const olive: MantineColorsTuple = [
  '#f6f7e9',
  '#ebedd0',
  '#d7dba3',
  '#c1c773',
  '#aeb54b',
  '#a1a934',
  '#858c25',
  '#6d761d',
  '#5b6217',
  '#474d0e',
];
// Gold #b8860b is for accents and large text only.
const gold: MantineColorsTuple = [
  '#fdf7e6',
  '#f7ebc6',
  '#efd78d',
  '#e6c150',
  '#dfae22',
  '#d09e11',
  '#b8860b',
  '#9a7009',
  '#7d5b07',
  '#5f4505',
];

export const theme = createTheme({
  primaryColor: 'olive',
  primaryShade: 7,
  colors: { olive, gold },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "Times New Roman", serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  other: { brand: BRAND_COLORS },
});
