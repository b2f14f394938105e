// The words the health page's live parts use: the Natural Living carousel's controls and the
// health article popup's close label. A module of their own, so that the page's first load
// carries these and not all of healthCopy (the words of the parts kept as prerendered).

export const healthFrameCopy = {
  closeArticle: 'Close article',
  naturalLivingCarousel: {
    label: 'Natural Living photos',
    previous: 'Previous photo',
    next: 'Next photo',
    goTo: (index: number, caption: string) => `Show photo ${index}: ${caption}`,
    slide: (index: number, total: number) => `${index} of ${total}`,
  },
} as const;
