import { CARE_FACTS } from '../care-facts';
import type { HealthCard } from '../schemas';

export const healthCards = [
  {
    id: 'fresh-dog-food',
    image: '/images/health/fresh-dog-food.jpg',
    title: 'Fresh Dog Food',
    description:
      'Our dogs eat fresh, raw, minimally processed food from their very first meals. We believe real food is the foundation of a long, healthy life.',
    essay: [
      'Every Labrador at Cedar Bluff, from our retired studs to puppies taking their first solid meals, eats fresh raw food. After more than fifty years of raising English Labradors, we have seen for ourselves how much a dog’s diet shows in its coat, its energy, its weight and its temperament.',
      'A fresh diet is built from the same ingredients a dog’s body is designed to use: muscle meat, organ meat and ground bone, with a little variety from other proteins and greens. Nothing is extruded at high heat, and nothing needs to be sprayed with flavour to make it appealing. Our dogs clear their bowls with real enthusiasm.',
      'Puppies raised on fresh food grow at a steady, even pace, which matters for a large breed whose joints are still forming. We keep our puppies lean and active rather than heavy and fast-growing, and we encourage every family to do the same through the first two years.',
      'When your puppy comes home, we send you home with clear feeding guidance and the option to keep feeding exactly what your puppy has eaten on the farm. Our Raw Dog Food page lists the blends we prepare in our own kitchen, available for pickup only.',
      'If you prefer to feed differently, we will never judge you for it. We simply ask that you choose the freshest, least processed food your family can manage, and talk with us or your veterinarian before making big changes.',
    ],
  },
  {
    id: 'delay-spay-neuter',
    image: '/images/health/delay-spay-neuter.jpg',
    title: 'Delay Spay & Neuter',
    description: `We ask every family to wait at least ${CARE_FACTS.spayNeuterWaitMonths} months before spaying or neutering, so that a growing Labrador can finish developing.`,
    essay: [
      `One of the most important decisions you will make for your Labrador’s long-term health is when to spay or neuter. Our recommendation is simple: wait until your dog is at least ${CARE_FACTS.spayNeuterWaitMonths} months old.`,
      'Hormones do far more than govern reproduction. In a growing dog they help guide bone growth, muscle development and the closing of the growth plates. A Labrador is a large, substantial breed that keeps maturing well past its first birthday, and removing those hormones too early can interrupt that process.',
      'Waiting allows your puppy to grow into the balanced, well-proportioned adult its pedigree promises, with the bone and muscle to support active joints for years to come. Many owners also find that a dog allowed to mature fully is more settled and confident.',
      'Waiting does ask a little more of you. A young female will come into season, and an intact young male needs thoughtful supervision. We will walk you through exactly what to expect and how to manage it calmly at home during your handover session.',
      'Every dog is an individual, and there are sometimes good medical reasons to act sooner. Please make this decision together with your veterinarian, and let us know if you have any questions along the way.',
    ],
  },
  {
    id: 'reduce-vaccinations',
    image: '/images/health/reduce-vaccinations.jpg',
    title: 'Reduce Vaccinations',
    description:
      'We protect our puppies with the core vaccines they need, and we avoid giving more than is necessary. Fewer, well-timed vaccinations support a strong immune system.',
    essay: [
      'Vaccines are one of the great achievements of veterinary medicine, and our puppies receive the core protection they need. What we avoid is vaccinating more often, or with more combined vaccines, than a dog actually needs.',
      'A puppy’s immune system is still developing. We space vaccinations thoughtfully and never vaccinate a puppy who is unwell, stressed or in the middle of a big change such as going home. Calm, healthy puppies respond best.',
      'For adult dogs, we encourage families to ask their veterinarian about titer testing, a simple blood test that measures existing immunity. A good titer result can show that a booster is not yet needed, sparing your dog an unnecessary vaccination.',
      'We also suggest looking closely at non-core vaccines. Some are valuable for dogs in particular regions or lifestyles, and others may not apply to your dog at all. The right plan depends on where you live and how your dog spends its days.',
      'Your puppy goes home with a complete record of every vaccination given on the farm. Please share it with your veterinarian at the first visit, and build your dog’s ongoing plan together.',
    ],
  },
  {
    id: 'dna-ofa-testing',
    image: '/images/health/dna-ofa-testing.jpg',
    title: 'DNA & OFA Testing',
    description:
      'Our breeding dogs are health screened with DNA panels and Orthopedic Foundation for Animals (OFA) evaluations before they are ever paired.',
    essay: [
      'Champion bloodlines mean little without sound health behind them. Before any Cedar Bluff dog is considered for breeding, it is screened with DNA testing and with evaluations recorded through the Orthopedic Foundation for Animals, known as OFA.',
      'DNA testing tells us which inherited conditions a dog is clear of, carries or is affected by. For Labradors these include conditions such as exercise-induced collapse, centronuclear myopathy, progressive retinal atrophy and hereditary nasal parakeratosis. Knowing each dog’s status lets us plan pairings that will not produce affected puppies.',
      'OFA evaluations look at the structures that matter most for an active, lifelong companion: hips and elbows, along with eye and heart examinations. Results are graded by independent specialists, and we use them alongside temperament and type when choosing every pairing.',
      'Testing is not a box we tick once. Results guide our decisions across generations, which is how more than fifty years of careful selection builds Labradors with the substance, soundness and longevity our families count on.',
      'We are always happy to talk through the health results behind any litter. Ask us when you inquire, and we will share what we know about your puppy’s parents.',
    ],
  },
] satisfies HealthCard[];
