import { describe, expect, it } from 'vitest';
import { usernameChangeNote, usernameHint } from './username-hint';

describe('usernameHint', () => {
  it('states the rule while nothing is typed', () => {
    expect(usernameHint('', 'up2.example')).toBe('Only letters and numbers, 3-20 characters');
  });

  it('shows the board link on this host once a username is typed', () => {
    expect(usernameHint('maya', 'localhost:5173')).toBe('Your board link: localhost:5173/@maya');
  });
});

describe('usernameChangeNote', () => {
  it('says what a typed username became, and nothing when it is kept as typed', () => {
    expect(usernameChangeNote('New_Bie', 'newbie')).toBe(
      'Usernames use small letters and numbers only: "New_Bie" became "newbie".',
    );
    expect(usernameChangeNote('newbie', 'newbie')).toBeNull();
  });
});
