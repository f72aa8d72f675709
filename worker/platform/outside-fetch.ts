import ipaddr from 'ipaddr.js';
import { resolveHost } from './host-addresses';
import { Refusal } from './refusal';

/** How long one read of another site (its page, its picture, its icon) may take, redirects included. */
export const outsideFetchDeadlineMs = 5000;
const maxRedirects = 3;

type LinkProblem = 'protocol' | 'credentials' | 'private' | 'unfound';

const linkMessages: Record<LinkProblem, string> = {
  protocol: 'Please paste a link that starts with http:// or https://.',
  credentials: 'Please paste a link without a user name or password in it.',
  private: 'Links to private or local addresses cannot be read.',
  unfound: "The link's site could not be found: check its address.",
};

const redirectMessages: Record<LinkProblem, string> = {
  protocol: 'The page redirected to a link that is not http:// or https://.',
  credentials: 'The page redirected to a link with a user name or password in it.',
  private: 'The page redirected to a private or local address.',
  unfound: 'The page redirected to a site that could not be found.',
};

// Names that only mean something inside one network, never on the public internet.
const localNames =
  /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home|corp|home\.arpa)$/;

// IPv4-compatible IPv6 (`::a.b.c.d`, deprecated, never routed): ipaddr.js counts it as unicast.
const ipv4Compatible = ipaddr.parseCIDR('::/96');

/**
 * Whether a host is an address of this machine or of a private network: loopback, private,
 * link-local, unique-local, unspecified, IPv4 inside IPv6 that is any of those, IPv4-compatible
 * IPv6, and every other range ipaddr.js knows as special (anything but public unicast); `localhost` and other local names; a name without a dot.
 * The URL parser has already turned `2130706433` or `0x7f.1` into `127.0.0.1`.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (ipaddr.isValid(host)) {
    const address = ipaddr.process(host);
    if (address.kind() === 'ipv6' && address.match(ipv4Compatible)) return true;
    return address.range() !== 'unicast';
  }
  return !host.includes('.') || localNames.test(host);
}

function linkProblem(url: URL, allowPrivate: boolean): LinkProblem | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'protocol';
  if (url.username || url.password) return 'credentials';
  if (!allowPrivate && isPrivateHost(url.hostname)) return 'private';
  return undefined;
}

/**
 * What is wrong with the address a public-looking name resolves to: a name that resolves to a
 * private address is as private as the address written out; one that resolves to nothing is unfound.
 */
async function resolvedProblem(url: URL, signal: AbortSignal): Promise<LinkProblem | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return undefined;
  const addresses = await resolveHost(host.replace(/\.$/, ''), signal);
  if (addresses.length === 0) return 'unfound';
  return addresses.some((address) => isPrivateHost(address)) ? 'private' : undefined;
}

/**
 * The address rules for what the Worker fetches of another server: the link as written, then
 * (unless private addresses are allowed) every address its name resolves to. Answers a problem, or
 * undefined for a link that may be fetched.
 */
export async function outsideAddressProblem(url: URL, allowPrivate: boolean, signal: AbortSignal) {
  return (
    linkProblem(url, allowPrivate) ??
    (allowPrivate ? undefined : await resolvedProblem(url, signal))
  );
}

/** The link a person pasted, or a refusal saying what is wrong with it. */
export function parseLink(link: string, allowPrivate: boolean): URL {
  if (!URL.canParse(link)) throw new Refusal('invalid', linkMessages.protocol);
  const url = new URL(link);
  const problem = linkProblem(url, allowPrivate);
  if (problem)
    throw new Refusal('invalid', linkMessages[problem], { fields: { url: linkMessages[problem] } });
  return url;
}

export type OutsideFetch = {
  /** Whether private and loopback addresses may be fetched (development only). */
  allowPrivate: boolean;
  signal: AbortSignal;
  accept: string;
  /** More request headers (a conditional GET's `if-none-match`, `if-modified-since`, who asks). */
  headers?: Record<string, string>;
  /** Signs each hop's request before it is sent (the fediverse's authenticated fetches). */
  sign?: (request: Request) => Promise<Request>;
};

const userAgent = 'Mozilla/5.0 (compatible; Up2LinkPreview/1.0)';
const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

async function checkHop(url: URL, redirects: number, options: OutsideFetch) {
  const problem = await outsideAddressProblem(url, options.allowPrivate, options.signal);
  if (!problem) return;
  throw new Refusal('unreadable', (redirects === 0 ? linkMessages : redirectMessages)[problem]);
}

/**
 * Fetches a link, following at most 3 redirects itself so that every address (as written and as
 * resolved) is checked before anything is sent to it (fetch's own following would send first).
 * Answers the last response and its address.
 */
export async function fetchOutside(link: URL, options: OutsideFetch) {
  let url = link;
  for (let redirects = 0; ; redirects += 1) {
    await checkHop(url, redirects, options);
    const request = new Request(url, {
      redirect: 'manual',
      signal: options.signal,
      headers: { 'user-agent': userAgent, ...options.headers, accept: options.accept },
    });
    const response = await fetch(options.sign ? await options.sign(request) : request);
    const location = isRedirect(response.status) ? response.headers.get('location') : null;
    if (location === null) return { response, url };
    await response.body?.cancel();
    if (redirects === maxRedirects) {
      throw new Refusal('unreadable', `The page redirected more than ${maxRedirects} times.`);
    }
    if (!URL.canParse(location, url)) {
      throw new Refusal('unreadable', 'The page redirected to an address that is not a link.');
    }
    url = new URL(location, url);
  }
}

/** The whole body when it is at most `maxBytes`, or undefined (having stopped reading at the limit). */
export async function readAtMost(response: Response, maxBytes: number) {
  if (Number(response.headers.get('content-length')) > maxBytes || !response.body) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
