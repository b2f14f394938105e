// A module of its own: the pages' words quote these, and a page's first load then carries them
// without the rest of constants.ts.

export const CARE_FACTS = {
  spayNeuterWaitMonths: 24,
  leaveWhelpingDenWeeks: '5-6',
  crateTrainedHours: 4,
  openAcres: 7,
  handoverHours: 1.5,
} as const;
