import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';

// A StoryGraph library export as StoryGraph writes it (2026): its full header, its statuses.
const storygraphExport = [
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?',
  'Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2024/02/10,2024/02/20,2024/02/12-2024/02/20,1,mysterious,medium,Character,Yes,Yes,No,Yes,4.5,"Strange and kind.",,,,Yes',
  'Dune,Frank Herbert,,9780441478125,paperback,currently-reading,2024/03/01,,,0,,,,,,,,,,,,,No',
  'Children of Time,Adrian Tchaikovsky,,9781447273288,paperback,to-read,2024/04/01,,,0,,,,,,,,,,,,,No',
  'Ulysses,James Joyce,,9780199535675,paperback,did-not-finish,2023/05/01,2023/06/01,,0,,,,,,,,2,,,,,No',
].join('\n');

const storygraphFile = (text: string) =>
  new File([text], 'storygraph_export.csv', { type: 'text/csv' });
const param = { source: 'storygraph' as const };

function preview(user: TestUser, text: string) {
  const form = { file: storygraphFile(text) };
  return readJson(
    apiClient({ token: user.token }).import[':source'].preview.$post({ param, form }),
  );
}

function importFile(user: TestUser, text: string) {
  const form = { file: storygraphFile(text) };
  return readJson(apiClient({ token: user.token }).import[':source'].$post({ param, form }));
}

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe('a StoryGraph export imported', () => {
  it('puts read books in Done, currently reading in Now, to-read in Planned, did-not-finish in Done marked so', async () => {
    const user = await createUser();
    const previewed = await preview(user, storygraphExport);
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 4, skippedRows: 0, withIsbn: 4 });
    const imported = await importFile(user, storygraphExport);
    expectStatus(imported, 200);
    expect(imported.body.added).toBe(4);
    const board = await readJson(apiClient({ token: user.token }).blocks.me.$get());
    expectStatus(board, 200);
    expect(
      board.body.blocks.map(
        ({ title, subtitle, status, rating, review, description, statusSince }) => ({
          title,
          subtitle,
          status,
          rating,
          review,
          description,
          statusSince,
        }),
      ),
    ).toEqual([
      {
        title: 'Piranesi',
        subtitle: 'Susanna Clarke',
        status: 'done',
        rating: 4.5,
        review: 'Strange and kind.',
        description: null,
        statusSince: utc('2024-02-20'),
      },
      {
        title: 'Dune',
        subtitle: 'Frank Herbert',
        status: 'now',
        rating: null,
        review: null,
        description: null,
        statusSince: utc('2024-03-01'),
      },
      {
        title: 'Children of Time',
        subtitle: 'Adrian Tchaikovsky',
        status: 'planned',
        rating: null,
        review: null,
        description: null,
        statusSince: utc('2024-04-01'),
      },
      {
        title: 'Ulysses',
        subtitle: 'James Joyce',
        status: 'done',
        rating: 2,
        review: null,
        description: 'Did not finish',
        statusSince: utc('2023-06-01'),
      },
    ]);
    const again = await preview(user, storygraphExport);
    expect(again.body).toMatchObject({ newCount: 0, alreadyOnBoard: 4 });
  });

  it('refuses a file without StoryGraph’s columns with 400, naming them', async () => {
    const user = await createUser();
    const answer = await preview(user, 'Title,Author\nDune,Frank Herbert');
    expectStatus(answer, 400);
    expect((answer.body as unknown as { error: string }).error).toBe(
      'This is not a StoryGraph export: it has no Authors, Read Status column.',
    );
  });
});
