// Copy of the Raw Dog Food page. The products themselves are data (data/food.ts: foodProducts).
export const rawFoodCopy = {
  eyebrow: 'Fresh Food, Naturally',
  heading: 'Raw Dog Food',
  intro:
    'Fresh food is at the heart of our holistic care. These are the same raw blends and butcher bags our own Labradors eat every day, and now your dog can enjoy them too.',
  image: '/images/food/hero.jpg',
  imageAlt: 'Fresh raw dog food blocks packed and ready for pickup',
  pickupBadge: 'Pickup only',
  productsHeading: 'Our Food',
  benefitsLabel: 'Why dogs love it',
  order: {
    heading: 'Order for Pickup',
    text: 'Choose your food and a pickup time on our scheduling page. We will have your order packed and waiting for you.',
    button: 'Place Your Order Here',
    newTab: 'The scheduling page opens in a new tab.',
    pickupTitle: 'Pickup only',
    pickupText:
      'We do not ship or deliver. Orders are collected at the kennel at the time you schedule:',
  },
} as const;
