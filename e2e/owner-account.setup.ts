import { test as setup } from '@playwright/test';
import { grantOwnerAccount } from './support/users';

setup('the owner account is granted before any journey runs', async ({ request }) => {
  await grantOwnerAccount(request);
});
