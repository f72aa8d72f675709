import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser } from './support/users';

const thisYear = new Date().getUTCFullYear();

test("the year in review wears the board's colour: its handle, links, busiest month and stars", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'yearhue' });
  const auth = { authorization: `Bearer ${owner.token}` };
  const coloured = await request.put('/api/boards/me', { headers: auth, data: { accent: 'teal' } });
  expect(coloured.status(), await coloured.text()).toBe(200);
  const tagline = await request.put('/api/auth/me', {
    headers: auth,
    data: { tagline: 'A year of slow reading' },
  });
  expect(tagline.status(), await tagline.text()).toBe(200);
  await createBlock(request, owner, {
    title: 'Piranesi',
    status: 'done',
    progress: 100,
    rating: 4,
  });

  await page.goto(`/@${owner.username}/year/${thisYear}`);
  await expect(page.getByRole('heading', { name: `${thisYear} in review` })).toBeVisible();
  const palette = await page.evaluate(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const colourOf = (hue: string) => {
      probe.style.color = `var(--color-${hue}-700)`;
      return getComputedStyle(probe).color;
    };
    const colours = { teal: colourOf('teal'), violet: colourOf('violet') };
    probe.remove();
    return colours;
  });
  expect(palette.teal).not.toBe(palette.violet);

  const colourOf = (text: string | RegExp) =>
    page
      .getByRole('main')
      .getByText(text)
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  expect(await colourOf('A year of slow reading'), 'the tagline').toBe(palette.teal);
  expect(await colourOf(`/@${owner.username}`), 'the handle').toBe(palette.teal);
  expect(await colourOf('Feed'), 'the feed link').toBe(palette.teal);

  const months = page.getByRole('list', { name: 'News per month' });
  const busiest = await months.evaluate((list) => {
    const bars = [...list.querySelectorAll('li > span:first-child')];
    const tallest = bars.reduce((most, bar) =>
      bar.getBoundingClientRect().height > most.getBoundingClientRect().height ? bar : most,
    );
    return getComputedStyle(tallest).backgroundColor;
  });
  expect(busiest, 'the busiest month').toBe(palette.teal);

  const stars = await page
    .locator('.block-card-stars')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(stars, 'the stars').toContain(palette.teal);

  // Nothing on the page keeps Up2's own violet where the board chose teal.
  const violet = await page.getByRole('main').evaluate((main, violetColour) => {
    const painted = (element: Element) => {
      const style = getComputedStyle(element);
      return [style.color, style.backgroundColor, style.borderTopColor, style.backgroundImage];
    };
    return [...main.querySelectorAll('*')]
      .filter((element) => painted(element).some((value) => value.includes(violetColour)))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  }, palette.violet);
  expect(violet, 'elements still in violet').toEqual([]);
});
