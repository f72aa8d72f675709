import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const encoder = new TextEncoder();

type Cbor = Parameters<typeof isoCBOR.encode>[0];

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

/** One DER INTEGER: no leading zeros, and a zero byte in front of a high bit (it is unsigned). */
function derInteger(raw: Uint8Array): Uint8Array {
  let start = 0;
  while (start < raw.length - 1 && raw[start] === 0) start += 1;
  const trimmed = raw.slice(start);
  const body = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
  return concat(new Uint8Array([0x02, body.length]), body);
}

/** WebCrypto signs ECDSA as r‖s; WebAuthn carries it as a DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

type CreationOptions = { challenge: string; rp: { id?: string } };
type RequestOptions = { challenge: string; rpId?: string };

/**
 * A passkey authenticator in software, for the worker tests: it makes an ES256 key pair, answers
 * `navigator.credentials.create` with "none" attestation and `get` with a signed assertion, as a
 * browser would hand them to the server (the JSON of `@simplewebauthn/browser`). What it signs
 * says `origin`, the page the browser would be on.
 */
export class SoftwareAuthenticator {
  private counter = 0;
  readonly credentialId = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(16)));

  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly origin: string,
    private userHandle = '',
  ) {}

  static async create(origin = 'http://localhost:5173') {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    return new SoftwareAuthenticator(keys, origin);
  }

  private clientData(type: string, challenge: string) {
    return encoder.encode(JSON.stringify({ type, challenge, origin: this.origin }));
  }

  private async authenticatorData(rpId: string, attested?: Uint8Array) {
    this.counter += 1;
    // User present and verified; attested credential data follows when registering.
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    return concat(
      await sha256(encoder.encode(rpId)),
      new Uint8Array([flags]),
      uint32(this.counter),
      attested ?? new Uint8Array(),
    );
  }

  async register(options: CreationOptions & { user: { id: string } }) {
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const publicKey = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const id = isoBase64URL.toBuffer(this.credentialId);
    const attested = concat(new Uint8Array(16), new Uint8Array([0, id.length]), id, publicKey);
    const authData = await this.authenticatorData(options.rp.id ?? '', attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          this.clientData('webauthn.create', options.challenge),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  async signIn(options: RequestOptions) {
    const clientData = this.clientData('webauthn.get', options.challenge);
    const authData = await this.authenticatorData(options.rpId ?? '');
    const signed = concat(authData, await sha256(clientData));
    const raw = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      this.keys.privateKey,
      signed,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(new Uint8Array(raw))),
        userHandle: this.userHandle,
      },
    };
  }
}
