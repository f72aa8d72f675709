import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePage, timesFetched } from '../test/outside-site';
import {
  contextLoader,
  documentLoader,
  knownContexts,
  maxDocumentBytes,
  RemoteDocumentError,
} from './fediverse-documents';

afterEach(() => {
  vi.restoreAllMocks();
});

const loader = documentLoader({ allowPrivate: true, userAgent: 'Up2/test' });

describe('the fediverse context loader', () => {
  it('answers every context Up2 reads from its bundle, fetching nothing', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    for (const url of knownContexts) {
      const loaded = await contextLoader(url);
      expect(loaded.document, url).toHaveProperty('@context');
    }
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses any other context before any request, even one on this machine', async () => {
    const slow = await servePage({ body: '{"@context":{}}', stallMs: 30_000 }, 'context');
    const sent = vi.spyOn(globalThis, 'fetch');
    await expect(contextLoader(slow)).rejects.toThrow('is not one this server reads');
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    expect(await timesFetched(slow)).toBe(0);
  });
});

describe('the fediverse document loader', () => {
  it('reads an actor as JSON', async () => {
    const actor = await servePage({
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ id: 'x', type: 'Person' }),
    });
    const loaded = await loader(actor);
    expect(loaded.document).toEqual({ id: 'x', type: 'Person' });
    expect(loaded.documentUrl).toBe(actor);
  });

  it('gives up on a server that takes more than 5 seconds', async () => {
    const slow = await servePage({ body: '{}', stallMs: 8000 }, 'slow-actor');
    const started = Date.now();
    await expect(loader(slow)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6500);
  }, 10_000);

  it('refuses a document larger than 1 MB, reading no further', async () => {
    const huge = await servePage({ body: ' '.repeat(64 * 1024), repeat: 32 }, 'huge-actor');
    await expect(loader(huge)).rejects.toThrow(`larger than ${maxDocumentBytes / 1024} KB`);
  });

  it('says a 404 or 410 is final, and other errors are not', async () => {
    for (const [status, gone] of [
      [404, true],
      [410, true],
      [500, false],
    ] as const) {
      const page = await servePage({ status, body: 'no' }, `status-${status}`);
      const error = await loader(page).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RemoteDocumentError);
      expect((error as RemoteDocumentError).isGone, String(status)).toBe(gone);
    }
  });
});
