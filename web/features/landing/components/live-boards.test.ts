import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { demoUsers } from './demo-users';
import { LiveBoards } from './live-boards';

function linksOf(users: Parameters<typeof LiveBoards>[0]['users']): string[] {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(LiveBoards, { users })),
  );
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
}

describe('Explore Live Boards', () => {
  it('leads each live board to its page', () => {
    const links = linksOf([{ username: 'ana', displayName: 'Ana', bio: null, avatar: null }]);
    expect(links).toContain('/@ana');
  });

  it('with nobody on Discover, shows the demo people leading to Sign Up, never to a board', () => {
    const links = linksOf([]);
    for (const demo of demoUsers) expect(links).not.toContain(`/@${demo.username}`);
    expect(links.filter((href) => href === '/auth')).toHaveLength(demoUsers.length);
  });
});
