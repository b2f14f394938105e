/** Title abbreviations of the dogs' show and working titles; unknown abbreviations are shown as they are. */
export const titles: Readonly<Record<string, string>> = {
  CH: 'Champion',
  LT: 'Limited',
  LIT: 'Limited',
  MX: 'Master Agility Excellent',
  JH: 'Junior Hunter',
  SHR: 'Senior Hunter Retriever',
  MBISS: 'Multiple Best in Specialty Show',
  GCH: 'Grand Champion',
};
export function titleName(abbreviation: string): string {
  return titles[abbreviation] ?? abbreviation;
}
