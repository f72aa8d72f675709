import ipaddr from 'ipaddr.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveNames } from '../test/host-names';
import { fetchOutside, isPrivateHost, parseLink } from './outside-fetch';

const hostOf = (link: string) => new URL(link).hostname;

describe('isPrivateHost', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://10.1.2.3/',
    'http://172.16.5.4/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/',
    'http://0.0.0.0/',
    'http://0.1.2.3/',
    'http://100.64.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://intranet/',
    'http://printer.local/',
    'http://db.internal/',
    'http://[::7f00:1]/',
    'http://[::a00:1]/',
    'http://[::8.8.8.8]/',
    'http://localhost.localdomain/',
    'http://router.localdomain./',
    'http://nas.home/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
  ])('counts %s as private', (link) => {
    expect(isPrivateHost(hostOf(link))).toBe(true);
  });

  it.each([
    'https://example.com/',
    'http://93.184.215.14/',
    'http://172.32.0.1/',
    'http://[2606:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
  ])('counts %s as public', (link) => {
    expect(isPrivateHost(hostOf(link))).toBe(false);
  });
});

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
type Family = typeof ipaddr.IPv4 | typeof ipaddr.IPv6;

/** The ranges `range()` reads, by name: a table the library's types leave out. */
function specialRanges(family: Family): Cidr[] {
  const table = (family.prototype as unknown as { SpecialRanges: Record<string, Cidr | Cidr[]> })
    .SpecialRanges;
  return Object.values(table).flatMap((cidrs) =>
    Array.isArray(cidrs[0]) ? (cidrs as Cidr[]) : [cidrs as Cidr],
  );
}

/** The first and last address of each range ipaddr.js names as special, as URL hosts. */
function specialRangeHosts(): string[] {
  return [ipaddr.IPv4, ipaddr.IPv6].flatMap((family: Family) =>
    specialRanges(family).flatMap(([address, prefix]) => {
      const cidr = `${address.toString()}/${prefix}`;
      return [family.networkAddressFromCIDR(cidr), family.broadcastAddressFromCIDR(cidr)].map(
        (edge) => (edge.kind() === 'ipv6' ? `[${edge.toString()}]` : edge.toString()),
      );
    }),
  );
}

describe('every special range ipaddr.js knows', () => {
  it.each(specialRangeHosts())('counts %s as private', (host) => {
    expect(isPrivateHost(hostOf(`http://${host}/`))).toBe(true);
  });
});

describe('parseLink', () => {
  it('takes private addresses only where they are allowed (development)', () => {
    expect(() => parseLink('http://127.0.0.1:8787/page', false)).toThrow(
      'Links to private or local addresses cannot be read.',
    );
    expect(parseLink('http://127.0.0.1:8787/page', true).href).toBe('http://127.0.0.1:8787/page');
  });

  it('refuses other schemes and credentials, allowed addresses or not', () => {
    for (const allowPrivate of [true, false]) {
      expect(() => parseLink('file:///etc/passwd', allowPrivate)).toThrow('http:// or https://');
      expect(() => parseLink('https://a:b@example.com/', allowPrivate)).toThrow(
        'without a user name or password',
      );
      expect(() => parseLink('https://a@example.com/', allowPrivate)).toThrow(
        'without a user name or password',
      );
    }
  });
});

describe('fetchOutside where private addresses are not allowed (production)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const production = () => ({
    allowPrivate: false,
    signal: AbortSignal.timeout(5000),
    accept: 'text/html',
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['IPv6 loopback', ['::1']],
    ['a private network', ['10.0.0.7']],
    ['cloud metadata', ['169.254.169.254']],
    ['one private address among public ones', ['93.184.215.14', '192.168.1.20']],
  ])(
    'refuses a public-looking name that resolves to %s, before any connection',
    async (_, addresses) => {
      resolveNames({ 'rt-rebind.example.com': addresses });
      const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('Private page'));
      await expect(
        fetchOutside(new URL('http://rt-rebind.example.com/'), production()),
      ).rejects.toThrow('Links to private or local addresses cannot be read.');
      expect(sent).not.toHaveBeenCalled();
    },
  );

  it('refuses a name that resolves to nothing, before any connection', async () => {
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('Some page'));
    await expect(fetchOutside(new URL('https://no-such.example/'), production())).rejects.toThrow(
      "The link's site could not be found: check its address.",
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('checks the resolved address of every redirect hop, never connecting to a private one', async () => {
    resolveNames({ 'public.example': ['93.184.215.14'], 'rt-rebind.example.com': ['127.0.0.1'] });
    const sent = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(null, { status: 302, headers: { location: 'http://rt-rebind.example.com/' } }),
      )
      .mockResolvedValue(new Response('Private page'));
    await expect(fetchOutside(new URL('https://public.example/'), production())).rejects.toThrow(
      'The page redirected to a private or local address.',
    );
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('fetches a name that resolves to public addresses only', async () => {
    resolveNames({ 'public.example': ['93.184.215.14', '2606:4700::1111'] });
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('Hello'));
    const { response } = await fetchOutside(new URL('https://public.example/'), production());
    expect(await response.text()).toBe('Hello');
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
