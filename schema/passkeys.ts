import { z } from 'zod';
import { visibleText } from './fields';

/** WebAuthn's binary fields travel as base64url; an attestation is a few kilobytes at most. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[\w-]*$/, 'Not base64url.');

const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const requirement = z.enum(['discouraged', 'preferred', 'required']);

// The server library types these as any string; what is sent is only ever these values.
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string().pipe(z.literal('public-key')),
  transports: z.array(z.string().pipe(transport)).optional(),
});

/** `POST /api/passkeys/registration-options`: what `navigator.credentials.create` is given. */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(
    z.object({ alg: z.number(), type: z.string().pipe(z.literal('public-key')) }),
  ),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: requirement.optional(),
      userVerification: requirement.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** `POST /api/passkeys/sign-in-options`: what `navigator.credentials.get` is given (any passkey). */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: requirement.optional(),
});

// Only what the server reads; the browser's other extension outputs are dropped.
const clientExtensionResults = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});
const attachment = z.enum(['cross-platform', 'platform']).optional();

/** What the browser made, as `@simplewebauthn/browser`'s `startRegistration` answers it. */
const registrationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    // Unknown future transports are only hints: kept out, never refused.
    transports: z
      .array(z.string().max(32))
      .max(10)
      .optional()
      .transform((names) => names?.filter((name) => transport.safeParse(name).success)),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What the passkey signed, as `startAuthentication` answers it. */
const authenticationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

const passkeyName = z
  .string({ error: 'Please name this passkey.' })
  .trim()
  .min(1, 'Please name this passkey.')
  .max(50, 'A passkey name is 50 characters at most.')
  .pipe(visibleText('Passkey name'));

export const addPasskeyInput = z.strictObject({
  name: passkeyName,
  response: registrationResponse,
});

export const passkeySignInInput = z.strictObject({ response: authenticationResponse });

export type AddPasskeyInput = z.infer<typeof addPasskeyInput>;
export type PasskeySignInInput = z.infer<typeof passkeySignInInput>;

/** A passkey as its owner sees it in settings: never its key. */
const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});

export const passkeyAnswer = z.object({ passkey: passkeyItem });
export const passkeysAnswer = z.object({ passkeys: z.array(passkeyItem) });
