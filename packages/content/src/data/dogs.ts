import type { Dog } from '../schemas';

export const sires = [
  {
    id: 'duke',
    name: 'Duke',
    formalName: "Cedar Bluff's Duke of Hoosick",
    gender: 'Male',
    color: 'Yellow',
    ageLabel: 'Active Stud',
    image: '/images/dogs/duke.jpg',
    pedigreeHighlight: 'Son of GCH Windmere Royal Oak, MBISS',
    description:
      'Duke is the calm, broad-headed gentleman at the heart of our yellow line. He greets every visitor with a slow, sweeping tail and a soft mouth, and he passes that easy, unhurried temperament on to his puppies. Families tell us his sons and daughters settle into the house as if they had always lived there.',
    hasPuppies: true,
  },
  {
    id: 'bourbon',
    name: 'Bourbon',
    formalName: "Cedar Bluff's Kentucky Bourbon",
    gender: 'Male',
    color: 'Chocolate',
    ageLabel: 'Active Stud',
    image: '/images/dogs/bourbon.jpg',
    pedigreeHighlight: 'Son of CH Thornbury Cocoa Bean JH',
    description:
      'Bourbon carries a rich, deep chocolate coat, a thick otter tail and the kind of steady focus that makes training a pleasure. He is happiest with a job to do, whether that is a retrieve across the field or simply keeping an eye on the puppies from the fence line. His litters are known for sound structure and warm, biddable natures.',
    hasPuppies: true,
  },
  {
    id: 'ranger',
    name: 'Ranger',
    formalName: "Cedar Bluff's Battenkill Ranger",
    gender: 'Male',
    color: 'Black',
    ageLabel: 'Active Stud',
    image: '/images/dogs/ranger.jpg',
    pedigreeHighlight: 'Son of GCH Kinloch Vale Midnight Piper SHR',
    description:
      'Ranger is our glossy black champion, named for the Battenkill River of our home county. In the show ring he is all poise; at home he is a gentle clown who carries a stick everywhere he goes. He brings a classic blocky head and a dependable, people-loving temperament to every litter.',
    hasPuppies: true,
  },
  {
    id: 'copper',
    name: 'Copper',
    formalName: "Cedar Bluff's Copper Ridge",
    gender: 'Male',
    color: 'Fox Red',
    ageLabel: 'Active Stud',
    image: '/images/dogs/copper.jpg',
    pedigreeHighlight: 'Son of CH Glen Arden Red Rowan WC',
    description:
      'Copper is the newest stud at Cedar Bluff, a deep fox red with a wonderfully level head and an irrepressible sense of fun. He comes from proven working lines yet switches off beautifully indoors. His first litter, with Ginger, is growing up in our nursery.',
    hasPuppies: false,
  },
  {
    id: 'captain',
    name: 'Captain',
    formalName: "Cedar Bluff's Captain of the Hudson",
    gender: 'Male',
    color: 'Yellow',
    ageLabel: 'Previous Stud',
    image: '/images/dogs/captain.jpg',
    pedigreeHighlight: 'Sire of our dames Willow and Clover',
    description:
      'Captain has retired from stud duty and now spends his days supervising the farm from the porch. He sired generations of the gentle, well-built Labradors our families know, including our own Willow and Clover. His wise, patient nature still sets the tone for every young dog on the property.',
    hasPuppies: true,
  },
  {
    id: 'moose',
    name: 'Moose',
    formalName: "Cedar Bluff's Adirondack Moose",
    gender: 'Male',
    color: 'Black',
    ageLabel: 'Previous Stud',
    image: '/images/dogs/moose.jpg',
    pedigreeHighlight: 'A foundation sire of our black line',
    description:
      'Moose earned his name as a puppy and grew into it completely: a big-boned, deep-chested black dog with the softest eyes on the farm. He is enjoying a well-earned retirement of long walks and afternoon naps. His influence lives on in the substance and kindness of our black Labradors.',
    hasPuppies: false,
  },
] satisfies Dog[];

export const dames = [
  {
    id: 'maple',
    name: 'Maple',
    formalName: "Cedar Bluff's Maple Sugar",
    gender: 'Female',
    color: 'Chocolate',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/maple.jpg',
    pedigreeHighlight: 'Daughter of CH Broadwater Sable',
    description:
      'Maple is a devoted, sweet-natured chocolate mother who keeps her whelping den immaculate and her puppies content. She has a beautifully feminine head and a coat like dark cocoa. Her puppies are known for their confidence and their gentle way with children.',
    hasPuppies: true,
  },
  {
    id: 'willow',
    name: 'Willow',
    formalName: "Cedar Bluff's Weeping Willow",
    gender: 'Female',
    color: 'Yellow',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/willow.jpg',
    pedigreeHighlight: 'Daughter of our own Captain of the Hudson',
    description:
      'Willow is a pale yellow beauty with her father Captain’s kind eye and patient temperament. She loves nothing more than a slow walk around the seven acres followed by a long nap at your feet. As a mother she is calm, attentive and endlessly tolerant of curious puppies.',
    hasPuppies: true,
  },
  {
    id: 'clover',
    name: 'Clover',
    formalName: "Cedar Bluff's Four Leaf Clover",
    gender: 'Female',
    color: 'Yellow',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/clover.jpg',
    pedigreeHighlight: 'Littermate of Willow, by Captain of the Hudson',
    description:
      'Clover is Willow’s littermate and the more playful of the two sisters, always first to the door with a toy in her mouth. She has a rich butterscotch coat, a short, strong back and a merry tail. Her first litter, with Duke, is almost ready to go home.',
    hasPuppies: false,
  },
  {
    id: 'hazel',
    name: 'Hazel',
    formalName: "Cedar Bluff's Witch Hazel",
    gender: 'Female',
    color: 'Black',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/hazel.jpg',
    pedigreeHighlight: 'Daughter of CH Thornbury Night Heron JH',
    description:
      'Hazel is a sleek, intelligent black female with a natural love of water and retrieving. She is quick to learn, quick to forgive and wonderfully soft with her puppies. Families who own her sons and daughters describe them as eager, affectionate and easy to train.',
    hasPuppies: true,
  },
  {
    id: 'ginger',
    name: 'Ginger',
    formalName: "Cedar Bluff's Ginger Snap",
    gender: 'Female',
    color: 'Fox Red',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/ginger.jpg',
    pedigreeHighlight: 'Daughter of CH Redfern Autumn Blaze MX',
    description:
      'Ginger glows a deep fox red in the afternoon sun and has the bright, cheerful spirit to match. She is athletic and clever, yet settles quietly the moment she is asked. Her puppies inherit her striking colour and her wonderfully people-focused nature.',
    hasPuppies: true,
  },
  {
    id: 'juniper',
    name: 'Juniper',
    formalName: "Cedar Bluff's Juniper Berry",
    gender: 'Female',
    color: 'Black',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/juniper.jpg',
    pedigreeHighlight: 'Daughter of CH Hollyhock Hill Dark Star SHR',
    description:
      'Juniper is a compact, jet-black female with a thoughtful expression and a heart of gold. She is gentle and observant, the dog who quietly leans against you when you need it most. Her first litter, with Ranger, is ready to go home now.',
    hasPuppies: false,
  },
  {
    id: 'daisy',
    name: 'Daisy',
    formalName: "Cedar Bluff's Daisy Chain",
    gender: 'Female',
    color: 'Yellow',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/daisy.jpg',
    pedigreeHighlight: 'Granddaughter of CH Ashby Downs Highland Fling',
    description:
      'Daisy is sunshine in dog form: a cream-coloured female with a broad smile and a tail that never stops. She adores children and has a gift for calming the most excitable young dog in the play yard. She is maturing beautifully and we look forward to her first litter.',
    hasPuppies: false,
  },
  {
    id: 'honey',
    name: 'Honey',
    formalName: "Cedar Bluff's Honey Locust",
    gender: 'Female',
    color: 'Yellow',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/honey.jpg',
    pedigreeHighlight: 'From imported English show lines',
    description:
      'Honey is a golden yellow female with classic English substance, a short coat that gleams on a sunny day and a beautifully balanced outline. She is a gentle, affectionate companion who follows our team from task to task. She is expecting her first litter, with Duke, this winter.',
    hasPuppies: false,
  },
  {
    id: 'poppy',
    name: 'Poppy',
    formalName: "Cedar Bluff's Poppy Seed",
    gender: 'Female',
    color: 'Chocolate',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/poppy.jpg',
    pedigreeHighlight: 'Daughter of our own Bourbon and Maple',
    description:
      'Poppy was born here from Bourbon and Maple and stayed with us to carry their line forward. She has her mother’s sweetness and her father’s focus, wrapped in a glossy milk-chocolate coat. She is a joyful, confident young dog who loves her training sessions.',
    hasPuppies: false,
  },
] satisfies Dog[];

export const dogs: readonly Dog[] = [...sires, ...dames];

export function dogById(id: string): Dog | undefined {
  return dogs.find((d) => d.id === id);
}
