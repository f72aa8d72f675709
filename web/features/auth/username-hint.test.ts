import { describe, expect, it } from 'vitest';
import { usernameHint } from './username-hint';

describe('usernameHint', () => {
  it('states the rule while nothing is typed', () => {
    expect(usernameHint('', 'up2.example')).toBe('Only letters and numbers, 3-20 characters');
  });

  it('shows the board link on this host once a username is typed', () => {
    expect(usernameHint('maya', 'localhost:5173')).toBe('Your board link: localhost:5173/@maya');
  });
});
