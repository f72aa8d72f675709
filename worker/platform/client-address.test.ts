import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keys an IPv4 address by itself', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const keys = [
      '2001:db8:85a3:1:1111:2222:3333:4444',
      '2001:0db8:85a3:0001::1',
      '2001:DB8:85A3:1:ffff:ffff:ffff:ffff',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:85a3:1::/64']));
    expect(addressKey('2001:db8:85a3:2::1')).not.toBe(keys[0]);
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys a missing or malformed address as unknown', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not an address')).toBe('unknown');
  });
});
