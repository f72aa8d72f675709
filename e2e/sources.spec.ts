import { encode as encodePng } from 'fast-png';
import { startOutsideSite } from '../worker/dev/outside-site';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast, tabWithCount } from './support/ui';
import { createUser, signInWithToken } from './support/users';

function coverPng() {
  const data = new Uint8Array(40 * 60 * 3).map((_, i) => (i * 7) % 256);
  return Buffer.from(encodePng({ width: 40, height: 60, data, channels: 3 }));
}

type Book = { id: number; title: string; author: string; shelf: string; readAt?: string };

/** A Goodreads shelf's RSS, in Goodreads' own layout (`list_rss/<id>?shelf=%23ALL%23`). */
function goodreadsShelf(origin: string, books: Book[]) {
  const items = books
    .map(
      (book) => `<item>
      <guid><![CDATA[https://www.goodreads.com/review/show/${book.id}0?utm_medium=api&utm_source=rss]]></guid>
      <pubDate><![CDATA[Mon, 02 Nov 2026 10:00:00 -0800]]></pubDate>
      <title>${book.title}</title>
      <link><![CDATA[https://www.goodreads.com/review/show/${book.id}0?utm_medium=api&utm_source=rss]]></link>
      <book_id>${book.id}</book_id>
      <book_image_url><![CDATA[${origin}/covers/${book.id}.png]]></book_image_url>
      <book_large_image_url><![CDATA[${origin}/covers/${book.id}.png]]></book_large_image_url>
      <author_name>${book.author}</author_name>
      <user_name>Ada</user_name>
      <user_rating>0</user_rating>
      <user_read_at><![CDATA[${book.readAt ?? ''}]]></user_read_at>
      <user_date_added><![CDATA[Mon, 02 Nov 2026 10:00:00 -0800]]></user_date_added>
      <user_shelves>${book.shelf}</user_shelves>
      <description><![CDATA[<img src="${origin}/covers/${book.id}.png"> author: ${book.author}]]></description>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <xhtml:meta xmlns:xhtml="http://www.w3.org/1999/xhtml" name="robots" content="noindex" />
    <title>Ada's bookshelf: all</title>
    <copyright><![CDATA[Copyright (C) 2026 Goodreads Inc. All rights reserved.]]></copyright>
    <link><![CDATA[https://www.goodreads.com/review/list_rss/42?shelf=%23ALL%23]]></link>
    <atom:link href="https://www.goodreads.com/review/list_rss/42?shelf=%23ALL%23" rel="self" type="application/rss+xml"/>
    <description><![CDATA[Ada's bookshelf: all]]></description>
    <language>en-US</language>
    <lastBuildDate>Thu, 26 Nov 2026 10:00:00 -0800</lastBuildDate>
    <ttl>60</ttl>
    ${items}
  </channel>
</rss>`;
}

const feedPath = '/review/list_rss/42';
const rss = { 'content-type': 'application/rss+xml; charset=utf-8' };

test('an owner connects a Goodreads shelf, sees its books on the board, and a finished book moves to Done on "Check now"', async ({
  page,
  request,
}) => {
  // Goodreads, on this machine: the journeys' server allows loopback addresses.
  const site = await startOutsideSite();
  for (const id of [101, 102]) {
    site.serve(`/covers/${id}.png`, {
      headers: { 'content-type': 'image/png' },
      base64: coverPng().toString('base64'),
    });
  }
  const reading: Book = {
    id: 101,
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    shelf: 'currently-reading',
  };
  const planned: Book = { id: 102, title: 'Piranesi', author: 'Susanna Clarke', shelf: 'to-read' };
  site.serve(feedPath, { headers: rss, body: goodreadsShelf(site.origin, [reading, planned]) });

  try {
    const owner = await createUser(request, { prefix: 'sources' });
    await signInWithToken(page, owner);
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Add a source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a source' });
    await dialog.getByLabel('Feed or page link').fill(`${site.origin}${feedPath}?shelf=%23ALL%23`);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // The preview: each book as the block it would make, before anything is written.
    const preview = dialog.getByRole('list', { name: 'Blocks it would make' });
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    const first = preview.getByRole('listitem').filter({ hasText: reading.title });
    await expect(first).toContainText('Ursula K. Le Guin');
    await expect(first).toContainText('Learning · Books & Reading');
    await expect(first).toContainText('Now');
    // Its cover is already a copy kept on Up2, never the source's own address.
    await expect(first.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
    await expect(preview.getByRole('listitem').filter({ hasText: 'Piranesi' })).toContainText(
      'Planned',
    );
    await expect(dialog.getByText('2 new (1 Now, 1 Planned).')).toBeVisible();
    await expect(
      dialog.getByRole('checkbox', { name: 'New blocks start hidden' }),
    ).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expectToast(page, 'Source connected');
    await expect(dialog).toBeHidden();

    // The blocks are on the board at once, their covers kept on Up2.
    await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 1));
    await expect(boardTab(page, 'Planned')).toHaveAccessibleName(tabWithCount('Planned', 1));
    await boardTab(page, 'Now').click();
    await expect(boardPanel(page, 'Now').getByText(reading.title)).toBeVisible();
    const sources = page.getByRole('list', { name: 'Your sources' });
    const source = sources.getByRole('listitem').filter({ hasText: "Ada's bookshelf" });
    await expect(source).toContainText('Goodreads shelf');
    await expect(source).toContainText('OK');
    await expect(source).toContainText('2 blocks made');

    // Ada finishes the book; "Check now" moves it to Done, with its story.
    site.serve(feedPath, {
      headers: rss,
      body: goodreadsShelf(site.origin, [
        { ...reading, shelf: 'read', readAt: new Date().toUTCString() },
        planned,
      ]),
    });
    await source.getByRole('button', { name: 'Check now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Checked:' })).toHaveText(
      'Checked: 1 block moved.',
    );
    await expect(boardTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 1));
    await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 0));

    // Visitors see it on the public board: in Done, finished.
    await page.goto(`/@${owner.username}`);
    await boardTab(page, 'Done').check();
    const card = page.getByRole('article').filter({ hasText: reading.title });
    await expect(card).toContainText('Finished');
    await expect(card.locator('img').first()).toHaveAttribute('src', /^\/api\/images\//);
  } finally {
    await site.close();
  }
});
