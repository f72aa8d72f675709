import { env } from 'cloudflare:workers';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as the platform gives it: on Cloudflare (production, `request.cf` present)
 * CF-Connecting-IP, which Cloudflare sets on every request it passes on, whatever the client sent;
 * anywhere else the header CLIENT_ADDRESS_HEADER names (tests name CF-Connecting-IP to stand in for
 * Cloudflare; production and development name none), or none, so a header any client can send never
 * makes one client many.
 */
export function clientAddressOf(request: Request): string | null {
  if (request.cf && env.ENVIRONMENT === 'production')
    return request.headers.get('cf-connecting-ip');
  const header = env.CLIENT_ADDRESS_HEADER;
  return header ? request.headers.get(header) : null;
}

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
