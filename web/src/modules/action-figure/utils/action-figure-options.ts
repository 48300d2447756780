/** Action figure configuration (spec §3); packagingStyle and sceneEnvironment are not exposed. */
export type ActionFigureConfig = {
  name: string;
  profession: string;
  accessories: string[];
  pose: string;
  style: string;
  packagingStyle: '';
  sceneEnvironment: '';
};

export type ProfessionPreset = {
  name: string;
  /** 5–7 suggested accessories for the blister pack. */
  accessories: readonly string[];
};

export const PROFESSION_PRESETS: readonly ProfessionPreset[] = [
  {
    name: 'GCSE Student',
    accessories: [
      'Backpack',
      'Revision cards',
      'Calculator',
      'Headphones',
      'Exam timetable',
      'Water bottle',
    ],
  },
  {
    name: 'Doctor',
    accessories: [
      'Stethoscope',
      'Clipboard',
      'Medical bag',
      'Face mask',
      'Reflex hammer',
      'Coffee cup',
    ],
  },
  {
    name: 'Chef',
    accessories: [
      'Chef’s knife',
      'Frying pan',
      'Whisk',
      'Chef’s hat',
      'Cutting board',
      'Recipe book',
    ],
  },
  {
    name: 'Photographer',
    accessories: [
      'DSLR camera',
      'Telephoto lens',
      'Tripod',
      'Camera bag',
      'Flash unit',
      'Memory cards',
    ],
  },
  {
    name: 'Gamer',
    accessories: [
      'Game controller',
      'Gaming headset',
      'Mechanical keyboard',
      'Energy drink',
      'Handheld console',
      'Trophy',
    ],
  },
  {
    name: 'Artist',
    accessories: ['Paint palette', 'Brushes', 'Easel', 'Sketchbook', 'Paint tubes', 'Beret'],
  },
  {
    name: 'Musician (Guitarist)',
    accessories: [
      'Electric guitar',
      'Amplifier',
      'Guitar picks',
      'Capo',
      'Sheet music',
      'Guitar case',
    ],
  },
  {
    name: 'Astronaut',
    accessories: [
      'Space helmet',
      'Mission patch',
      'Model rocket',
      'Oxygen pack',
      'Moon rock',
      'Flag',
    ],
  },
  {
    name: 'Fashion Designer',
    accessories: [
      'Measuring tape',
      'Fabric swatches',
      'Sketch pad',
      'Dress form',
      'Scissors',
      'Pin cushion',
    ],
  },
  {
    name: 'Software Developer',
    accessories: [
      'Laptop',
      'Coffee mug',
      'Rubber duck',
      'Mechanical keyboard',
      'Headphones',
      'Sticky notes',
      'Second monitor',
    ],
  },
  {
    name: 'Fitness Trainer',
    accessories: [
      'Dumbbells',
      'Kettlebell',
      'Water bottle',
      'Stopwatch',
      'Yoga mat',
      'Resistance bands',
    ],
  },
  {
    name: 'Baker',
    accessories: [
      'Rolling pin',
      'Loaf of bread',
      'Mixing bowl',
      'Oven mitts',
      'Cupcake tray',
      'Flour bag',
    ],
  },
  {
    name: 'Pilot',
    accessories: [
      'Aviator sunglasses',
      'Pilot cap',
      'Flight bag',
      'Model aircraft',
      'Headset',
      'Logbook',
    ],
  },
  {
    name: 'Firefighter',
    accessories: ['Helmet', 'Fire hose', 'Axe', 'Fire extinguisher', 'Radio', 'Oxygen mask'],
  },
  {
    name: 'Police Officer',
    accessories: ['Police cap', 'Radio', 'Notebook', 'Badge', 'Torch', 'High-visibility vest'],
  },
  {
    name: 'Journalist',
    accessories: ['Notepad', 'Microphone', 'Press pass', 'Voice recorder', 'Camera', 'Newspaper'],
  },
  {
    name: 'Entrepreneur',
    accessories: [
      'Laptop',
      'Smartphone',
      'Business cards',
      'Coffee cup',
      'Pitch deck',
      'Briefcase',
    ],
  },
  {
    name: 'YouTuber',
    accessories: [
      'Camera',
      'Ring light',
      'Microphone',
      'Tripod',
      'Play button award',
      'Smartphone',
    ],
  },
  {
    name: 'Engineer',
    accessories: ['Hard hat', 'Blueprints', 'Toolbox', 'Spanner', 'Safety goggles', 'Laptop'],
  },
  {
    name: 'Teacher',
    accessories: ['Books', 'Apple', 'Whiteboard marker', 'Glasses', 'Globe', 'Pointer'],
  },
];

export const POSE_OPTIONS: readonly string[] = [
  'Natural (as in profile image)',
  'Crossed Arms',
  'Holding Object in Hand',
  'One Arm Raised',
  'Hands on Hips',
  'Kneeling with One Knee',
  'Victory Pose',
  'Typing Pose',
  'Writing on Clipboard',
  'Leaning Back with Smile',
  'Hands Behind Back',
];

export const FIGURE_STYLE_OPTIONS: readonly string[] = [
  'Natural (as in profile image)',
  'Realistic',
  'Cartoon',
  'Anime',
  'Comic Book',
  'Minimalist',
  'Detailed Sculpture',
  'Vintage Toy',
  'Modern Collectible',
];
