// Copy of the health page, owned with that page. The four health cards are the editable Health
// Testing section (apps/web/src/sections/health-testing-section.tsx) and carry their own words.
import { CARE_FACTS } from '../care-facts';

export const healthCopy = {
  hero: {
    eyebrow: 'Holistic Care',
    heading: 'Holistic Health',
    intro:
      'A long, healthy life starts long before a puppy comes home. At Cedar Bluff we raise our Labradors the natural way: fresh food, fresh air, calm routines and careful health screening, guided by more than fifty years with the breed.',
  },
  naturalLiving: {
    heading: 'Natural Living',
    intro: 'Daily life on the bluff, where our dogs run, rest and grow at a natural pace.',
  },
  healthyStart: {
    heading: 'A Healthy Start',
    paragraphs: [
      `Our puppies are born into the calm of the whelping den, where their mother and our team watch over them day and night. They stay in that quiet, warm space until they are ${CARE_FACTS.leaveWhelpingDenWeeks} weeks old, when they are strong and curious enough to take on the wider world.`,
      `From there they graduate to the puppy play yard and, bit by bit, to our ${CARE_FACTS.openAcres} open acres. New surfaces, sounds, people and friendly adult dogs build confident, resilient youngsters, and fresh food and plenty of sleep let them grow at a steady, natural pace.`,
      `Before going home, every puppy is crate trained for at least ${CARE_FACTS.crateTrainedHours} hours, so the first nights in a new house are calm for everyone. At the handover we spend at least an hour and a half with each family, going through feeding, routines and care.`,
      `We ask families to keep that good start going: feed fresh food, vaccinate thoughtfully and wait until at least ${CARE_FACTS.spayNeuterWaitMonths} months before spaying or neutering, so that a growing Labrador can finish developing the bone and muscle it will rely on for life.`,
    ],
  },
  // The article popup's close label and the Natural Living carousel's controls.
  closeArticle: 'Close article',
  naturalLivingCarousel: {
    label: 'Natural Living photos',
    previous: 'Previous photo',
    next: 'Next photo',
    goTo: (index: number, caption: string) => `Show photo ${index}: ${caption}`,
    slide: (index: number, total: number) => `${index} of ${total}`,
  },
} as const;
