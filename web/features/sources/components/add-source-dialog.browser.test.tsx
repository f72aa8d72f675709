import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import type { SourcePreview } from '../api/sources';
import { AddSourceDialog } from './add-source-dialog';

const shelf: SourcePreview = {
  url: 'https://www.goodreads.com/review/list_rss/42?shelf=%23ALL%23',
  kind: 'goodreads',
  site: null,
  title: "Ada's bookshelf: all",
  shelves: [
    { shelf: 'now', name: 'currently-reading', items: 1 },
    { shelf: 'planned', name: 'to-read', items: 1 },
  ],
  blocks: [
    {
      category: 'learning',
      type: 'books-reading',
      status: 'now',
      title: 'The Left Hand of Darkness',
      subtitle: 'Ursula K. Le Guin',
      imageUrl: '/api/images/previews/1/0b5e1c3a-7d1e-4b7a-9f7e-2f2f4a1d1a01.jpg',
      onBoard: false,
    },
    {
      category: 'learning',
      type: 'books-reading',
      status: 'planned',
      title: 'Piranesi',
      subtitle: 'Susanna Clarke',
      imageUrl: null,
      onBoard: true,
    },
  ],
};

const created = {
  source: {
    id: 1,
    url: shelf.url,
    kind: 'goodreads',
    title: shelf.title,
    state: 'ok',
    lastCheckedAt: null,
    blocksMade: 1,
    options: { shelves: ['now'], startHidden: true, blockPerItem: false },
  },
};

const dialog = () => page.getByRole('dialog', { name: 'Add a source' });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const previewRow = (title: string) =>
  page
    .getByRole('list', { name: 'Blocks it would make' })
    .getByRole('listitem')
    .filter({ hasText: title });

function serve(preview: SourcePreview) {
  return answerApi(({ path }) =>
    path === '/api/sources/preview'
      ? Response.json(preview)
      : Response.json(created, { status: 201 }),
  );
}

async function pasteAndPreview(url: string) {
  await renderInApp(<AddSourceDialog open onOpenChange={vi.fn()} />);
  await dialog().getByRole('textbox', { name: 'Feed or page link' }).fill(url);
  await button('Preview').click();
}

describe('Add a source', () => {
  it('previews the blocks a pasted link would make: category, type, status, title and image', async () => {
    const calls = serve(shelf);
    await pasteAndPreview('https://www.goodreads.com/review/list_rss/42');
    await expect
      .element(previewRow('The Left Hand of Darkness'))
      .toMatchTextContent(/Ursula K\. Le Guin.*Learning · Books & Reading.*Now/);
    // The server keeps a copy of each picture it previews: the page shows that copy.
    const cover = () =>
      previewRow('The Left Hand of Darkness').element().querySelector('img')?.getAttribute('src');
    await expect
      .poll(cover)
      .toBe('/api/images/previews/1/0b5e1c3a-7d1e-4b7a-9f7e-2f2f4a1d1a01.jpg');
    expect(previewRow('Piranesi').element().querySelector('img')).toBeNull();
    await expect
      .element(previewRow('Piranesi'))
      .toMatchTextContent(/on your board already.*Planned/);
    // Said as an import's preview says it: a work on the board is updated, never added again.
    await expect
      .element(dialog())
      .toMatchTextContent(
        /Goodreads shelf\): 1 new \(1 Now\), 1 already on your board \(will be updated\)\./,
      );
    await page.getByRole('checkbox', { name: /currently-reading to Now/ }).click();
    await expect
      .element(dialog())
      .toMatchTextContent(
        /Goodreads shelf\): Nothing new: 1 already on your board \(will be updated\)\./,
      );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ url: 'https://www.goodreads.com/review/list_rss/42' });
  });

  it('connects with the shelves left in and the hidden start chosen', async () => {
    const calls = serve(shelf);
    await pasteAndPreview('https://www.goodreads.com/review/list_rss/42');
    await page.getByRole('checkbox', { name: /to-read to Planned/ }).click();
    await expect.element(previewRow('Piranesi')).not.toBeInTheDocument();
    await page.getByRole('checkbox', { name: 'New blocks start hidden' }).click();
    await button('Connect').click();
    await expect
      .poll(() => calls.find((call) => call.path === '/api/sources')?.body)
      .toEqual({
        url: shelf.url,
        options: { shelves: ['now', 'done'], startHidden: true, blockPerItem: false },
      });
  });

  it('offers one block per item for a generic feed, and sends every shelf by leaving them out', async () => {
    const feed: SourcePreview = {
      url: 'https://blog.example/feed.xml',
      kind: 'feed',
      site: null,
      title: 'A blog',
      shelves: [{ shelf: 'done', name: 'posts', items: 3 }],
      blocks: [
        {
          category: 'digital',
          type: 'blog-newsletter',
          status: 'done',
          title: 'A blog',
          subtitle: 'The latest post',
          imageUrl: null,
          onBoard: false,
        },
      ],
    };
    const calls = serve(feed);
    await pasteAndPreview('https://blog.example/');
    await page.getByRole('radio', { name: 'One block per item' }).click();
    await button('Connect').click();
    await expect
      .poll(() => calls.find((call) => call.path === '/api/sources')?.body)
      .toEqual({
        url: feed.url,
        options: { startHidden: false, blockPerItem: true },
      });
  });

  it('names the page it recognised in the address pasted: a YouTube channel', async () => {
    serve({
      url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCxxxxxxxxxxxxxxxxxxxxxx',
      kind: 'feed',
      site: 'youtube-channel',
      title: 'Ada makes things',
      shelves: [{ shelf: 'now', name: 'feed', items: 1 }],
      blocks: [
        {
          category: 'digital',
          type: 'youtube',
          status: 'now',
          title: 'Ada makes things',
          subtitle: 'A lamp from a tin can',
          imageUrl: null,
          onBoard: false,
        },
      ],
    });
    await pasteAndPreview('https://www.youtube.com/@adamakes');
    await expect
      .element(dialog())
      .toMatchTextContent(/Ada makes things \(YouTube channel\): 1 new \(1 Now\)\./);
  });

  it("tells a link that is not a feed in the server's words", async () => {
    answerApi(() =>
      Response.json(
        { error: 'No feed found at this link.', fields: { url: 'No feed found at this link.' } },
        { status: 422 },
      ),
    );
    await pasteAndPreview('https://example.com/');
    await expect.element(page.getByRole('alert')).toHaveTextContent('No feed found at this link.');
    await expect.element(button('Connect')).toBeDisabled();
  });

  it('clears the error under the link as soon as the link changes', async () => {
    answerApi(() =>
      Response.json(
        { error: 'No feed found at this link.', fields: { url: 'No feed found at this link.' } },
        { status: 422 },
      ),
    );
    await pasteAndPreview('https://example.com/');
    const link = dialog().getByRole('textbox', { name: 'Feed or page link' });
    await expect.element(page.getByRole('alert')).toBeInTheDocument();
    await expect.element(link).toHaveAttribute('aria-invalid', 'true');

    await link.fill('https://example.com/feed.xml');
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    await expect.element(link).toHaveAttribute('aria-invalid', 'false');
  });
});
