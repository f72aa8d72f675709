import { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documented, sendJson } from './contract';

const note = z.object({ text: z.string() });
const visitorBlock = z.object({ title: z.string() });
const ownBlock = visitorBlock.extend({ clickCount: z.number() });
const tag = 'Test';

/** What a domain function returns: more than any answer should show. */
const row = { text: 'Reading', title: 'Dune', clickCount: 7, passwordHash: 'never sent' };

const app = new Hono()
  .get('/note', documented({ tag, summary: 'A note', answers: { 200: note } }), (c) => {
    void (() => {
      // @ts-expect-error A status the route does not document cannot be sent.
      sendJson(c, row, 201);
      // @ts-expect-error A body its schema refuses cannot be sent.
      sendJson(c, { text: 7 }, 200);
    });
    return sendJson(c, row, 200);
  })
  .get(
    '/block/:whose',
    documented({ tag, summary: 'A block', answers: { 200: z.union([visitorBlock, ownBlock]) } }),
    (c) => {
      // @ts-expect-error A status documented as a union names which of its schemas this answer is.
      void (() => sendJson(c, row, 200));
      if (c.req.param('whose') === 'own') return sendJson(c, row, 200, ownBlock);
      return sendJson(c, row, 200, visitorBlock);
    },
  );

describe('an answer sent through the schema its route documents', () => {
  it('carries only the keys the documented schema names', async () => {
    const response = await app.request('/note');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Reading' });
  });

  it('is sent through the schema the handler names when the status documents several', async () => {
    const own = await app.request('/block/own');
    expect(await own.json()).toEqual({ title: 'Dune', clickCount: 7 });
    const visitor = await app.request('/block/someone');
    expect(await visitor.json()).toEqual({ title: 'Dune' });
  });

  it('is the answer the OpenAPI document shows', async () => {
    const document = await generateSpecs(app);
    const content = document.paths['/note']?.get?.responses?.['200'];
    expect(JSON.stringify(content)).toContain('"text"');
    expect(JSON.stringify(content)).not.toContain('passwordHash');
  });
});
