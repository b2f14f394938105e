import { staticPart } from '../static-content';

export interface IntroBandProps {
  eyebrow?: string;
  /** The page's h1 */
  title: string;
  /** One paragraph, or several. */
  intro: string | readonly string[];
  /** Widest line of the intro, in px. */
  introWidth?: number;
  /** Several paragraphs of instructions read better left-aligned under the centred title. */
  introAlign?: 'center' | 'left';
}

/**
 * The centred opening band of /puppies, /puppy-application, /health-testing and /contact: eyebrow,
 * h1 and intro on olive. Nothing in it is live: kept as prerendered, its code a chunk of its own.
 */
export const IntroBand = staticPart<IntroBandProps>(() =>
  import('./intro-band-content').then((module) => module.IntroBandContent),
);
