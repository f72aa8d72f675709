import type { LiveBoardUser } from './live-boards';

/** Shown under "Explore Live Boards" when no public board exists yet (the dev seed's people). */
export const demoUsers: LiveBoardUser[] = [
  {
    username: 'maya',
    displayName: 'Maya Chen',
    bio: 'Product designer in Lisbon. Learning Portuguese, one pastel de nata at a time.',
    avatar: 'https://api.dicebear.com/9.x/lorelei/svg?seed=maya',
  },
  {
    username: 'leo',
    displayName: 'Leo Martins',
    bio: 'Backend engineer, trail runner and sourdough apprentice.',
    avatar: 'https://api.dicebear.com/9.x/lorelei/svg?seed=leo',
  },
  {
    username: 'sofia',
    displayName: 'Sofia Rossi',
    bio: 'Illustrator and weekend potter. Currently drawing every day for 100 days.',
    avatar: 'https://api.dicebear.com/9.x/lorelei/svg?seed=sofia',
  },
  {
    username: 'kenji',
    displayName: 'Kenji Watanabe',
    bio: 'Indie hacker shipping small tools. Open source on weekends.',
    avatar: 'https://api.dicebear.com/9.x/lorelei/svg?seed=kenji',
  },
];
