import type { LiveBoardUser } from './live-boards';

/** Shown under "Explore Live Boards" when no public board exists yet (the dev seed's people). */
export const demoUsers: LiveBoardUser[] = [
  {
    username: 'maya',
    displayName: 'Maya Chen',
    bio: 'Product designer in Lisbon. Learning Portuguese, one pastel de nata at a time.',
    avatar: '/api/avatars/lorelei/maya.svg',
  },
  {
    username: 'leo',
    displayName: 'Leo Martins',
    bio: 'Backend engineer, trail runner and sourdough apprentice.',
    avatar: '/api/avatars/lorelei/leo.svg',
  },
  {
    username: 'sofia',
    displayName: 'Sofia Rossi',
    bio: 'Illustrator and weekend potter. Currently drawing every day for 100 days.',
    avatar: '/api/avatars/lorelei/sofia.svg',
  },
  {
    username: 'kenji',
    displayName: 'Kenji Watanabe',
    bio: 'Indie hacker shipping small tools. Open source on weekends.',
    avatar: '/api/avatars/lorelei/kenji.svg',
  },
];
