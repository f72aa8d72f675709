import { test as setup } from '@playwright/test';
import { grantModerator } from './support/moderator';

setup('a moderator is granted before any journey runs', async ({ request }) => {
  await grantModerator(request);
});
