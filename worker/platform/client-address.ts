import ipaddr from 'ipaddr.js';

/**
 * Who is asking, as far as limits and visitor counts go: the IPv4 address, or the /64 of an IPv6
 * one (one household or phone is handed a whole /64, and changes addresses inside it at will).
 * Never the user agent: a client chooses that, and would be a new caller with each.
 */
export function addressKey(address: string | null | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
