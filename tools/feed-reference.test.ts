import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { feedText, readFeed } from '../worker/domain/sources/feed-formats';
import { atomFeed, rdfFeed } from '../worker/test/fixtures/feeds';
import {
  feedBytes,
  type ReferenceFeed,
  referenceFeeds,
  siteFeeds,
} from '../worker/test/fixtures/reference-feeds';

// Up2's reading of feeds checked against software we did not write: Debian's python3-feedparser
// (.ci/run installs it) reads the same bytes with the same Content-Type, and both must find the
// same feed title and the same titles, links and dates of its items, in order.

/** Debian's Python, whose python3-feedparser is the reference (not a Python of someone's PATH). */
const debianPython = '/usr/bin/python3';
const readWithFeedparser = 'worker/test/read-with-feedparser.py';

const feeds: Record<string, ReferenceFeed> = {
  ...referenceFeeds,
  ...siteFeeds,
  // Feeds the sources tests serve as their sites write them.
  githubActivity: {
    contentType: 'application/atom+xml',
    encoding: 'utf-8',
    body: atomFeed('Ada on GitHub', [
      { id: 'e2', title: 'ada pushed to up2', link: 'https://github.com/ada/up2/compare/1' },
      { id: 'e1', title: 'ada starred hono', link: 'https://github.com/honojs/hono' },
    ]),
  },
  rdfBlog: {
    contentType: 'application/rdf+xml',
    encoding: 'utf-8',
    body: rdfFeed('An old blog', [
      { about: 'https://old-blog.example/lamps', title: 'On lamps', date: '2026-11-20T10:00:00Z' },
      { about: 'https://old-blog.example/chairs', title: 'On chairs', date: '2026-10-02' },
    ]),
  },
};

const urlOf = (name: string) => `https://feeds.example/${name}`;

type Reading = {
  title: string;
  entries: { title: string; link: string | null; date: number | null }[];
};

function readByFeedparser(): Record<string, Reading> {
  const input = Object.entries(feeds).map(([name, feed]) => ({
    name,
    url: urlOf(name),
    contentType: feed.contentType,
    base64: Buffer.from(feedBytes(feed)).toString('base64'),
  }));
  const printed = execFileSync(debianPython, [readWithFeedparser], {
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  return JSON.parse(printed) as Record<string, Reading>;
}

function readByUp2(feed: ReferenceFeed, url: string): Reading | null {
  const read = readFeed(feedText(feedBytes(feed), feed.contentType), url);
  if (!read) return null;
  return {
    title: read.title,
    entries: read.entries.map((entry) => ({
      title: entry.title,
      link: entry.externalUrl,
      date: entry.statusAt,
    })),
  };
}

const reference = readByFeedparser();

it.each(Object.keys(feeds))(
  'reads %s as feedparser does: the same titles, links and dates',
  (name) => {
    expect(readByUp2(feeds[name] as ReferenceFeed, urlOf(name))).toEqual(reference[name]);
  },
);
