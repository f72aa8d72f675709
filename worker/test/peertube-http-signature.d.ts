// The part of @peertube/http-signature (it ships no types) that the fediverse tests use
// (worker/dev/http-signature-peer.ts).
declare module '@peertube/http-signature' {
  /** A request being signed: anything that reads and writes its headers by name. */
  type SignableRequest = {
    method: string;
    path: string;
    getHeader(name: string): string | undefined;
    setHeader(name: string, value: string): void;
  };
  /** A request received: Node's IncomingMessage, headers named in lower case. */
  type ReceivedRequest = {
    method?: string;
    url?: string;
    httpVersion?: string;
    headers: Record<string, string | string[] | undefined>;
  };
  type ParsedSignature = {
    scheme: string;
    keyId: string;
    algorithm: string;
    signingString: string;
    params: { keyId: string; algorithm: string; headers: string[]; signature: string };
  };
  const httpSignature: {
    signRequest(
      request: SignableRequest,
      options: {
        key: string;
        keyId: string;
        algorithm?: string;
        headers?: string[];
        authorizationHeaderName?: string;
      },
    ): boolean;
    /** Throws where the header cannot be read, a required header is unsigned or the clock is off. */
    parseRequest(
      request: ReceivedRequest,
      options?: { headers?: string[]; clockSkew?: number; authorizationHeaderName?: string },
    ): ParsedSignature;
    verifySignature(parsed: ParsedSignature, publicKeyPem: string): boolean;
  };
  export default httpSignature;
}
