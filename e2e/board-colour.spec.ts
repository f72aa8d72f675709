import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner gives their board a colour, and the board and its embed are drawn in it', async ({
  page,
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'teal' });
  await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { tagline: 'Reading my way round the world' },
  });
  await createBlock(request, owner, { title: 'In progress', progress: 40 });
  await signInWithToken(page, owner);
  await gotoHydrated(page, '/dashboard');
  const colours = page.getByRole('group', { name: 'Board colour' });
  await expect(colours.getByRole('radio', { name: 'Violet' })).toBeChecked();
  await colours.getByRole('radio', { name: 'Teal' }).check();
  await expect(colours.getByRole('radio', { name: 'Teal' })).toBeChecked();
  // Saved: it is still chosen after a reload.
  await gotoHydrated(page, '/dashboard');
  await expect(
    page.getByRole('group', { name: 'Board colour' }).getByRole('radio', { name: 'Teal' }),
  ).toBeChecked();

  for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
    const visitor = await newPage();
    await visitor.goto(path);
    const palette = await visitor.evaluate(() => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const colourOf = (hue: string) => {
        probe.style.color = `var(--color-${hue}-700)`;
        return getComputedStyle(probe).color;
      };
      return { teal: colourOf('teal'), violet: colourOf('violet') };
    });
    expect(palette.teal).not.toBe(palette.violet);
    if (path.startsWith('/@')) {
      const drawn = await visitor
        .getByRole('progressbar', { name: 'Progress' })
        .locator('div')
        .evaluate((bar) => getComputedStyle(bar).backgroundColor);
      expect(drawn, `the progress bar of ${path}`).toBe(palette.teal);
      const tagline = await visitor
        .getByText('Reading my way round the world')
        .evaluate((line) => getComputedStyle(line).color);
      expect(tagline).toBe(palette.teal);
    } else {
      // The embed's compact cards carry no progress bar: its link to the board wears the colour.
      const link = await visitor
        .getByRole('link', { name: 'View full board on Up2' })
        .evaluate((anchor) => getComputedStyle(anchor).color);
      expect(link, `the board link of ${path}`).toBe(palette.teal);
    }
  }
});
