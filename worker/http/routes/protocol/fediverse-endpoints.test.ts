import { describe, expect, it } from 'vitest';
import { asksForActivityJson } from './fediverse-endpoints';

const asProfile = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

describe('asksForActivityJson', () => {
  it.each([
    ['Mastodon', `application/activity+json, ${asProfile}`],
    ['Fedify', 'application/activity+json'],
    ['JSON-LD with the ActivityStreams profile', asProfile],
    ['Misskey and Pleroma', `${asProfile}, application/activity+json`],
    ['JSON preferred by q-value', 'text/html;q=0.5, application/activity+json'],
    ['JSON first of equals', 'application/activity+json, text/html'],
    ['JSON over anything', 'application/activity+json, */*;q=0.1'],
  ])('answers the actor to %s (%s)', (_, accept) => {
    expect(asksForActivityJson(accept)).toBe(true);
  });

  it.each([
    ['a browser', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['a crawler listing HTML first', 'text/html, application/activity+json'],
    ['HTML preferred by q-value', 'application/activity+json;q=0.9, text/html'],
    ['anything first', '*/*, application/activity+json'],
    ['plain JSON-LD', 'application/ld+json'],
    ['JSON refused', 'application/activity+json;q=0, text/html;q=0.1'],
    ['curl', '*/*'],
    ['no Accept at all', undefined],
  ])('answers the page to %s (%s)', (_, accept) => {
    expect(asksForActivityJson(accept)).toBe(false);
  });
});
