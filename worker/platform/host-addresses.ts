import ipaddr from 'ipaddr.js';

/** The addresses (A and AAAA) a host name resolves to; none when the name does not exist. */
export type HostResolver = (hostname: string, signal: AbortSignal) => Promise<string[]>;

const dnsOverHttps = 'https://cloudflare-dns.com/dns-query';
const recordTypes = { A: 1, AAAA: 28 } as const;

type DnsJsonAnswer = { Status: number; Answer?: { type: number; data: string }[] };

async function queryRecords(hostname: string, type: keyof typeof recordTypes, signal: AbortSignal) {
  const url = new URL(dnsOverHttps);
  url.searchParams.set('name', hostname);
  url.searchParams.set('type', type);
  const response = await fetch(url, { headers: { accept: 'application/dns-json' }, signal });
  if (!response.ok) throw new Error(`DNS over HTTPS answered HTTP ${response.status}.`);
  const answer: DnsJsonAnswer = await response.json();
  // A CNAME chain comes back as records of other types before the addresses it leads to.
  return (answer.Answer ?? [])
    .filter((record) => record.type === recordTypes[type] && ipaddr.isValid(record.data))
    .map((record) => record.data);
}

/** Workers have no resolver of their own to ask: Cloudflare's DNS over HTTPS, A and AAAA at once. */
const resolveOverHttps: HostResolver = async (hostname, signal) => {
  const [v4, v6] = await Promise.all([
    queryRecords(hostname, 'A', signal),
    queryRecords(hostname, 'AAAA', signal),
  ]);
  return [...v4, ...v6];
};

let resolver: HostResolver = resolveOverHttps;

/** The addresses `hostname` resolves to, through the resolver in use (DNS over HTTPS unless replaced). */
export function resolveHost(hostname: string, signal: AbortSignal): Promise<string[]> {
  return resolver(hostname, signal);
}

/**
 * Development and tests: names resolve through `replacement` instead of DNS over HTTPS (tests send
 * nothing off this machine, and a test name can resolve to loopback). Answers the one it replaced.
 */
export function replaceHostResolver(replacement: HostResolver): HostResolver {
  const replaced = resolver;
  resolver = replacement;
  return replaced;
}
