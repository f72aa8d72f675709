// Block catalogue shared by the web app and the Worker: the 80 block types, each in one of the
// categories of ./categories.ts.

export const blockTypes = [
  // learning
  {
    key: 'books-reading',
    label: 'Books & Reading',
    icon: 'BookOpen',
    category: 'learning',
  },
  {
    key: 'courses-classes',
    label: 'Courses & Classes',
    icon: 'GraduationCap',
    category: 'learning',
  },
  { key: 'coding-dev', label: 'Coding & Dev', icon: 'Code', category: 'learning' },
  {
    key: 'writing-research',
    label: 'Writing & Research',
    icon: 'NotebookPen',
    category: 'learning',
  },
  {
    key: 'art-design-studies',
    label: 'Art & Design Studies',
    icon: 'Palette',
    category: 'learning',
  },
  {
    key: 'languages-communication',
    label: 'Languages & Communication',
    icon: 'Languages',
    category: 'learning',
  },
  { key: 'music-theory', label: 'Music Theory', icon: 'Music', category: 'learning' },
  {
    key: 'personal-development',
    label: 'Personal Development',
    icon: 'Sprout',
    category: 'learning',
  },
  {
    key: 'online-tutorials',
    label: 'Online Tutorials',
    icon: 'MonitorPlay',
    category: 'learning',
  },
  {
    key: 'skill-tracking',
    label: 'Skill Tracking',
    icon: 'Target',
    category: 'learning',
  },

  // lifestyle
  {
    key: 'fitness-gym',
    label: 'Fitness & Gym',
    icon: 'Dumbbell',
    category: 'lifestyle',
  },
  {
    key: 'running-cycling',
    label: 'Running & Cycling',
    icon: 'Bike',
    category: 'lifestyle',
  },
  {
    key: 'yoga-meditation',
    label: 'Yoga & Meditation',
    icon: 'PersonStanding',
    category: 'lifestyle',
  },
  {
    key: 'cooking-nutrition',
    label: 'Cooking & Nutrition',
    icon: 'ChefHat',
    category: 'lifestyle',
  },
  {
    key: 'gardening-plants',
    label: 'Gardening & Plants',
    icon: 'Flower2',
    category: 'lifestyle',
  },
  {
    key: 'travel-exploration',
    label: 'Travel & Exploration',
    icon: 'Plane',
    category: 'lifestyle',
  },
  {
    key: 'gaming-entertainment',
    label: 'Gaming & Entertainment',
    icon: 'Gamepad2',
    category: 'lifestyle',
  },
  {
    key: 'minimalism-wellness',
    label: 'Minimalism & Wellness',
    icon: 'Leaf',
    category: 'lifestyle',
  },
  {
    key: 'morning-routines',
    label: 'Morning Routines',
    icon: 'Sunrise',
    category: 'lifestyle',
  },
  {
    key: 'hobbies-leisure',
    label: 'Hobbies & Leisure',
    icon: 'Puzzle',
    category: 'lifestyle',
  },

  // work
  {
    key: 'projects-startups',
    label: 'Projects & Startups',
    icon: 'Rocket',
    category: 'work',
  },
  { key: 'tasks-goals', label: 'Tasks & Goals', icon: 'ListChecks', category: 'work' },
  {
    key: 'productivity-tools',
    label: 'Productivity Tools',
    icon: 'Zap',
    category: 'work',
  },
  {
    key: 'business-freelancing',
    label: 'Business & Freelancing',
    icon: 'Briefcase',
    category: 'work',
  },
  { key: 'tech-stack', label: 'Tech Stack', icon: 'Layers', category: 'work' },
  {
    key: 'remote-teamwork',
    label: 'Remote & Teamwork',
    icon: 'Laptop',
    category: 'work',
  },
  {
    key: 'management-leadership',
    label: 'Management & Leadership',
    icon: 'Crown',
    category: 'work',
  },
  {
    key: 'meetings-networking',
    label: 'Meetings & Networking',
    icon: 'Handshake',
    category: 'work',
  },
  {
    key: 'data-analytics',
    label: 'Data & Analytics',
    icon: 'ChartColumn',
    category: 'work',
  },
  {
    key: 'ideation-brainstorming',
    label: 'Ideation & Brainstorming',
    icon: 'Lightbulb',
    category: 'work',
  },

  // creative
  {
    key: 'art-illustration',
    label: 'Art & Illustration',
    icon: 'Brush',
    category: 'creative',
  },
  {
    key: 'photography-videography',
    label: 'Photography & Videography',
    icon: 'Camera',
    category: 'creative',
  },
  {
    key: 'writing-storytelling',
    label: 'Writing & Storytelling',
    icon: 'Feather',
    category: 'creative',
  },
  {
    key: 'music-instruments',
    label: 'Music & Instruments',
    icon: 'Guitar',
    category: 'creative',
  },
  {
    key: 'theater-performance',
    label: 'Theater & Performance',
    icon: 'Drama',
    category: 'creative',
  },
  {
    key: 'film-animation',
    label: 'Film & Animation',
    icon: 'Clapperboard',
    category: 'creative',
  },
  {
    key: 'diy-crafting',
    label: 'DIY & Crafting',
    icon: 'Scissors',
    category: 'creative',
  },
  {
    key: 'content-creation',
    label: 'Content Creation',
    icon: 'Video',
    category: 'creative',
  },
  {
    key: 'music-production',
    label: 'Music Production',
    icon: 'Headphones',
    category: 'creative',
  },
  {
    key: 'creative-projects',
    label: 'Creative Projects',
    icon: 'Sparkles',
    category: 'creative',
  },

  // social
  {
    key: 'friends-family',
    label: 'Friends & Family',
    icon: 'Heart',
    category: 'social',
  },
  {
    key: 'events-meetups',
    label: 'Events & Meetups',
    icon: 'PartyPopper',
    category: 'social',
  },
  {
    key: 'networking-collaboration',
    label: 'Networking & Collaboration',
    icon: 'Network',
    category: 'social',
  },
  {
    key: 'volunteering-local',
    label: 'Volunteering & Local',
    icon: 'HandHeart',
    category: 'social',
  },
  {
    key: 'coffee-dining',
    label: 'Coffee & Dining',
    icon: 'Coffee',
    category: 'social',
  },
  {
    key: 'online-communities',
    label: 'Online Communities',
    icon: 'MessagesSquare',
    category: 'social',
  },
  { key: 'local-groups', label: 'Local Groups', icon: 'Users', category: 'social' },
  {
    key: 'scheduled-calls',
    label: 'Scheduled Calls',
    icon: 'PhoneCall',
    category: 'social',
  },
  {
    key: 'outdoor-social',
    label: 'Outdoor Social',
    icon: 'Trees',
    category: 'social',
  },
  {
    key: 'global-connections',
    label: 'Global Connections',
    icon: 'Earth',
    category: 'social',
  },

  // building
  {
    key: 'software-development',
    label: 'Software Development',
    icon: 'Terminal',
    category: 'building',
  },
  {
    key: 'maker-hardware',
    label: 'Maker & Hardware',
    icon: 'Cpu',
    category: 'building',
  },
  {
    key: 'engineering-architecture',
    label: 'Engineering & Architecture',
    icon: 'DraftingCompass',
    category: 'building',
  },
  {
    key: 'product-design',
    label: 'Product Design',
    icon: 'PenTool',
    category: 'building',
  },
  { key: 'open-source', label: 'Open Source', icon: 'GitFork', category: 'building' },
  {
    key: 'side-hustles',
    label: 'Side Hustles',
    icon: 'CircleDollarSign',
    category: 'building',
  },
  {
    key: 'innovation-research',
    label: 'Innovation & Research',
    icon: 'FlaskConical',
    category: 'building',
  },
  {
    key: 'automation-tools',
    label: 'Automation Tools',
    icon: 'Bot',
    category: 'building',
  },
  { key: 'prototyping', label: 'Prototyping', icon: 'Boxes', category: 'building' },
  {
    key: 'infrastructure',
    label: 'Infrastructure',
    icon: 'Server',
    category: 'building',
  },

  // digital
  {
    key: 'website-portfolio',
    label: 'Website & Portfolio',
    icon: 'Globe',
    category: 'digital',
  },
  { key: 'twitter-x', label: 'X (Twitter)', icon: 'AtSign', category: 'digital' },
  { key: 'instagram', label: 'Instagram', icon: 'Aperture', category: 'digital' },
  {
    key: 'linkedin',
    label: 'LinkedIn',
    icon: 'BriefcaseBusiness',
    category: 'digital',
  },
  { key: 'github', label: 'GitHub', icon: 'FolderGit2', category: 'digital' },
  { key: 'youtube', label: 'YouTube', icon: 'SquarePlay', category: 'digital' },
  { key: 'facebook', label: 'Facebook', icon: 'ThumbsUp', category: 'digital' },
  { key: 'tiktok', label: 'TikTok', icon: 'Music2', category: 'digital' },
  {
    key: 'blog-newsletter',
    label: 'Blog & Newsletter',
    icon: 'Rss',
    category: 'digital',
  },
  {
    key: 'email-contact',
    label: 'Email & Contact',
    icon: 'Mail',
    category: 'digital',
  },
  {
    key: 'shop-ecommerce',
    label: 'Shop & E-commerce',
    icon: 'ShoppingBag',
    category: 'digital',
  },
  {
    key: 'payment-donate',
    label: 'Payments & Donations',
    icon: 'HandCoins',
    category: 'digital',
  },
  {
    key: 'calendar-booking',
    label: 'Calendar & Booking',
    icon: 'Calendar',
    category: 'digital',
  },
  { key: 'resume-cv', label: 'Resume & CV', icon: 'FileText', category: 'digital' },
  {
    key: 'portfolio-work',
    label: 'Portfolio & Work',
    icon: 'FolderOpen',
    category: 'digital',
  },
  { key: 'linktree-aggregator', label: 'Link Hub', icon: 'Link', category: 'digital' },
  {
    key: 'discord-community',
    label: 'Discord & Community',
    icon: 'MessageCircle',
    category: 'digital',
  },
  {
    key: 'phone-whatsapp',
    label: 'Phone & WhatsApp',
    icon: 'Phone',
    category: 'digital',
  },
  {
    key: 'location-maps',
    label: 'Location & Maps',
    icon: 'MapPin',
    category: 'digital',
  },
  {
    key: 'resources-bookmarks',
    label: 'Resources & Bookmarks',
    icon: 'Bookmark',
    category: 'digital',
  },
] as const;
export type BlockType = (typeof blockTypes)[number];
export type BlockTypeKey = BlockType['key'];
export const blockTypeKeys = blockTypes.map((t) => t.key) as [BlockTypeKey, ...BlockTypeKey[]];

const blockTypesByKey = new Map<string, BlockType>(blockTypes.map((t) => [t.key, t]));

export function findBlockType(key: string): BlockType | undefined {
  return blockTypesByKey.get(key);
}
