import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { encode as encodeJpeg } from 'jpeg-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageRatio } from '../../../../schema/block-values';
import { maxAvatarBytes, maxImageSide } from '../../../../schema/images';
import { generateLocalImage, localImageSizes } from '../../../platform/local-image';
import { createUser, fetchSettled, runCron, type TestUser } from '../../../test/factories';

const origin = 'http://up2.test';
const ratios = ['square', 'wide', 'tall'] as const;
const aiSizes = {
  square: { width: 1024, height: 1024 },
  wide: { width: 1344, height: 768 },
  tall: { width: 896, height: 1152 },
};
const generationFailed = 'Failed to generate image. Please try again.';
const describeImage = 'Please describe the image you want.';
const notAnImage = 'Please upload a PNG, JPEG, WebP or GIF image.';

type SendOptions = {
  token?: string;
  body?: BodyInit;
  json?: unknown;
  headers?: Record<string, string>;
};

/**
 * Calls the Worker's fetch handler with the test's own `env`, so a spy on `env.AI` is the one
 * the route uses, and waits for anything the request left running.
 */
async function send(method: string, path: string, options: SendOptions = {}) {
  const headers = new Headers(options.headers);
  headers.set(
    'cf-connecting-ip',
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  return fetchSettled(new Request(`${origin}${path}`, { method, headers, body }));
}

/** What these tests read of the image routes' answers (uploads, generation, refusals, profile). */
type ImageAnswer = {
  url?: string;
  imageUrl?: string;
  error?: string;
  fields?: Record<string, string>;
  user?: { avatar: string | null };
};

async function sendJson(method: string, path: string, options: SendOptions = {}) {
  const response = await send(method, path, options);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ImageAnswer,
  };
}

function bytesOf(...parts: (number[] | string)[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map((part) =>
    typeof part === 'string' ? Array.from(new TextEncoder().encode(part)) : part,
  );
  return new Uint8Array(chunks.flat());
}

/** An 8-bit PNG of a soft gradient: RGB, or RGBA with every pixel at `alpha`. */
function gradientPng(width: number, height: number, alpha?: number): Uint8Array<ArrayBuffer> {
  const channels = alpha === undefined ? 3 : 4;
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 160;
      if (alpha !== undefined) data[i + 3] = alpha;
    }
  }
  return new Uint8Array(encodePng({ width, height, data, channels }));
}

function grayJpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4).fill(128);
  return new Uint8Array(encodeJpeg({ width, height, data }, 80).data);
}

/** A small image of each accepted format (the server reads the header's size; it does not decode). */
const samples = {
  png: {
    bytes: gradientPng(64, 64),
    contentType: 'image/png',
    extension: 'png',
  },
  jpeg: {
    bytes: grayJpeg(16, 16),
    contentType: 'image/jpeg',
    extension: 'jpg',
  },
  webp: {
    bytes: bytesOf(
      'RIFF',
      [0x1a, 0x00, 0x00, 0x00],
      'WEBPVP8L',
      [0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00],
    ),
    contentType: 'image/webp',
    extension: 'webp',
  },
  gif: {
    bytes: bytesOf(
      'GIF89a',
      [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x3b],
    ),
    contentType: 'image/gif',
    extension: 'gif',
  },
};

function avatarForm(bytes: Uint8Array, name: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

async function uploadAvatar(user: TestUser | undefined, form: FormData) {
  return sendJson('POST', '/api/upload/avatar', { token: user?.token, body: form });
}

/** Width and height from a JPEG's start-of-frame segment (SOF0 baseline or SOF2 progressive). */
function jpegSize(jpeg: Uint8Array): { width: number; height: number } {
  expect(Array.from(jpeg.subarray(0, 2))).toEqual([0xff, 0xd8]);
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  // Segments after SOI: 0xFF, a marker byte, then a big-endian length that counts itself.
  for (let offset = 2; offset + 9 <= jpeg.byteLength; offset += 2 + view.getUint16(offset + 2)) {
    expect(jpeg[offset]).toBe(0xff);
    const marker = jpeg[offset + 1];
    if (marker === 0xc0 || marker === 0xc2) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
  }
  throw new Error('No SOF0/SOF2 segment in the JPEG');
}

function r2Key(url: string): string {
  expect(url.startsWith('/api/images/')).toBe(true);
  return url.slice('/api/images/'.length);
}

async function storedKeys(prefix: string): Promise<string[]> {
  return (await env.IMAGES.list({ prefix })).objects.map((object) => object.key);
}

function imageStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice());
      controller.close();
    },
  });
}

/** Generates an image with Workers AI answering `answer`: the URL given back and what R2 holds. */
async function generateFromAnswer(user: TestUser, answer: Uint8Array, ratio: ImageRatio) {
  vi.spyOn(env.AI, 'run').mockResolvedValue(imageStream(answer) as never);
  const response = await sendJson('POST', '/api/generate-image', {
    token: user.token,
    json: { prompt: 'a picture', ratio },
  });
  vi.restoreAllMocks();
  expect(response.status).toBe(201);
  const imageUrl = response.body.imageUrl as string;
  const stored = await env.IMAGES.get(r2Key(imageUrl));
  return {
    imageUrl,
    contentType: stored?.httpMetadata?.contentType,
    bytes: new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/upload/avatar', () => {
  it('refuses a signed-out upload with 401', async () => {
    const response = await uploadAvatar(
      undefined,
      avatarForm(samples.png.bytes, 'me.png', 'image/png'),
    );
    expect(response.status).toBe(401);
  });

  for (const [format, sample] of Object.entries(samples)) {
    it(`accepts a ${format.toUpperCase()} by its magic bytes and serves it back as ${sample.contentType}`, async () => {
      const user = await createUser();
      // The name and declared type are ignored: the bytes decide.
      const response = await uploadAvatar(
        user,
        avatarForm(sample.bytes, 'upload.bin', 'application/octet-stream'),
      );
      expect(response.status).toBe(201);
      const url = response.body.url as string;
      expect(url).toMatch(
        new RegExp(`^/api/images/avatars/${user.id}/[0-9a-f-]{36}\\.${sample.extension}$`),
      );
      const served = await send('GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(sample.contentType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      // Other sites show a board's images: an embed's host, a feed reader.
      expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.bytes);
    });
  }

  it('gives an uploaded avatar a URL the profile accepts as its avatar', async () => {
    const user = await createUser();
    const upload = await uploadAvatar(user, avatarForm(samples.png.bytes, 'me.png', 'image/png'));
    const profile = await sendJson('PUT', '/api/auth/me', {
      token: user.token,
      json: { avatar: upload.body.url },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.user?.avatar).toBe(upload.body.url);
  });

  it('refuses a text file named x.png sent as image/png with 400 and stores nothing', async () => {
    const user = await createUser();
    const response = await uploadAvatar(
      user,
      avatarForm(bytesOf('just some text, not a picture'), 'x.png', 'image/png'),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(notAnImage);
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it('refuses an HTML file with 400 and stores nothing', async () => {
    const user = await createUser();
    const html = bytesOf('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const asHtml = await uploadAvatar(user, avatarForm(html, 'evil.html', 'text/html'));
    expect(asHtml.status).toBe(400);
    expect(asHtml.body.error).toBe(notAnImage);
    const disguised = await uploadAvatar(user, avatarForm(html, 'evil.gif', 'image/gif'));
    expect(disguised.status).toBe(400);
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it(`takes an image ${maxImageSide} pixels a side, and refuses one a pixel longer with 400`, async () => {
    const user = await createUser();
    const longest = await uploadAvatar(
      user,
      avatarForm(gradientPng(maxImageSide, 1), 'strip.png', 'image/png'),
    );
    expect(longest.status).toBe(201);
    const tooLong = await uploadAvatar(
      user,
      avatarForm(gradientPng(1, maxImageSide + 1), 'tower.png', 'image/png'),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe(
      `The image is 1 × ${maxImageSide + 1} pixels: the limit is ${maxImageSide} pixels a side.`,
    );
    expect(await storedKeys(`avatars/${user.id}/`)).toHaveLength(1);
  });

  it('refuses a file that starts like an image but has no readable size with 400', async () => {
    const user = await createUser();
    const headerOnly = await uploadAvatar(
      user,
      avatarForm(bytesOf('GIF89a'), 'x.gif', 'image/gif'),
    );
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.error).toBe(notAnImage);
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it('takes 30 uploads an hour per person, then answers 429 with Retry-After', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const upload = await uploadAvatar(user, avatarForm(samples.gif.bytes, 'a.gif', 'image/gif'));
      statuses.push(upload.status);
    }
    expect(new Set(statuses)).toEqual(new Set([201]));
    const refused = await uploadAvatar(user, avatarForm(samples.gif.bytes, 'a.gif', 'image/gif'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^You uploaded 30 images in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await storedKeys(`avatars/${user.id}/`)).toHaveLength(30);
    const someoneElse = await uploadAvatar(
      other,
      avatarForm(samples.gif.bytes, 'a.gif', 'image/gif'),
    );
    expect(someoneElse.status).toBe(201);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const user = await createUser();
    const bytes = new Uint8Array(maxAvatarBytes);
    bytes.set(samples.png.bytes);
    const response = await uploadAvatar(user, avatarForm(bytes, 'big.png', 'image/png'));
    expect(response.status).toBe(201);
  });

  it('refuses an image one byte over 2 MB with 413 and stores nothing', async () => {
    const user = await createUser();
    const bytes = new Uint8Array(maxAvatarBytes + 1);
    bytes.set(samples.png.bytes);
    const response = await uploadAvatar(user, avatarForm(bytes, 'big.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('The image is too large: the limit is 2 MB.');
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it('refuses a body far over 2 MB with 413', async () => {
    const user = await createUser();
    const bytes = new Uint8Array(3 * 1024 * 1024);
    bytes.set(samples.png.bytes);
    const response = await uploadAvatar(user, avatarForm(bytes, 'huge.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it('refuses with 413 from a Content-Length over the limit before reading the body', async () => {
    const user = await createUser();
    const form = avatarForm(samples.gif.bytes, 'small.gif', 'image/gif');
    const encoded = new Response(form);
    const response = await sendJson('POST', '/api/upload/avatar', {
      token: user.token,
      body: await encoded.arrayBuffer(),
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(3 * 1024 * 1024),
      },
    });
    expect(response.status).toBe(413);
    expect(await storedKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it('names the 2 MB limit in every 413 answer, however the size is detected', async () => {
    const user = await createUser();
    const justOver = new Uint8Array(maxAvatarBytes + 1);
    justOver.set(samples.png.bytes);
    const farOver = new Uint8Array(3 * 1024 * 1024);
    farOver.set(samples.png.bytes);
    const small = new Response(avatarForm(samples.gif.bytes, 'small.gif', 'image/gif'));
    const responses = [
      await uploadAvatar(user, avatarForm(justOver, 'big.png', 'image/png')),
      await uploadAvatar(user, avatarForm(farOver, 'huge.png', 'image/png')),
      await sendJson('POST', '/api/upload/avatar', {
        token: user.token,
        body: await small.arrayBuffer(),
        headers: {
          'content-type': small.headers.get('content-type') ?? '',
          'content-length': String(3 * 1024 * 1024),
        },
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(413);
      expect(response.body.error).toBe('The image is too large: the limit is 2 MB.');
    }
  });

  it('refuses a form without a file field with 400', async () => {
    const user = await createUser();
    const wrongField = await uploadAvatar(
      user,
      avatarForm(samples.png.bytes, 'me.png', 'image/png', 'avatar'),
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe(
      'Send the image as multipart/form-data, in a field named "file".',
    );
    const textField = new FormData();
    textField.append('file', 'not a file');
    expect((await uploadAvatar(user, textField)).status).toBe(400);
    const notMultipart = await sendJson('POST', '/api/upload/avatar', {
      token: user.token,
      json: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
  });
});

function uploadBlockImage(user: TestUser | undefined, form: FormData) {
  return sendJson('POST', '/api/upload/block-image', { token: user?.token, body: form });
}

describe('POST /api/upload/block-image', () => {
  it('refuses a signed-out upload with 401', async () => {
    const response = await uploadBlockImage(
      undefined,
      avatarForm(samples.png.bytes, 'cover.png', 'image/png'),
    );
    expect(response.status).toBe(401);
  });

  it('stores an image by its bytes under the user, at a URL a block accepts as its image', async () => {
    const user = await createUser();
    const response = await uploadBlockImage(
      user,
      avatarForm(samples.jpeg.bytes, 'cover.bin', 'application/octet-stream'),
    );
    expect(response.status).toBe(201);
    const url = response.body.url ?? '';
    expect(url).toMatch(new RegExp(`^/api/images/blocks/${user.id}/[0-9a-f-]{36}\\.jpg$`));
    const served = await send('GET', url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(samples.jpeg.bytes);
    const block = await send('POST', '/api/blocks', {
      token: user.token,
      json: {
        category: 'learning',
        type: 'books-reading',
        title: 'With an uploaded cover',
        imageUrl: url,
      },
    });
    expect(block.status).toBe(201);
  });

  it('refuses a text file that claims to be a PNG with 400 and stores nothing', async () => {
    const user = await createUser();
    const response = await uploadBlockImage(
      user,
      avatarForm(bytesOf('just some text, not a picture'), 'cover.png', 'image/png'),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(notAnImage);
    expect(await storedKeys(`blocks/${user.id}/`)).toEqual([]);
  });

  it('refuses an image one byte over 2 MB with 413 and stores nothing', async () => {
    const user = await createUser();
    const bytes = new Uint8Array(maxAvatarBytes + 1);
    bytes.set(samples.png.bytes);
    const response = await uploadBlockImage(user, avatarForm(bytes, 'big.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('The image is too large: the limit is 2 MB.');
    expect(await storedKeys(`blocks/${user.id}/`)).toEqual([]);
  });
});

describe('POST /api/generate-image', () => {
  it('refuses a signed-out caller with 401', async () => {
    const response = await sendJson('POST', '/api/generate-image', {
      json: { prompt: 'a cat', ratio: 'square' },
    });
    expect(response.status).toBe(401);
  });

  it('refuses an empty or blank prompt with "Please describe the image you want."', async () => {
    const user = await createUser();
    for (const json of [{ prompt: '' }, { prompt: '   \n\t ' }, { ratio: 'square' }]) {
      const response = await sendJson('POST', '/api/generate-image', { token: user.token, json });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(describeImage);
    }
  });

  it('refuses a ratio other than square, wide or tall with 400', async () => {
    const user = await createUser();
    for (const ratio of ['panorama', 'auto', 1]) {
      const response = await sendJson('POST', '/api/generate-image', {
        token: user.token,
        json: { prompt: 'a cat', ratio },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Ratio must be square, wide or tall.');
    }
  });

  it('falls back to the local generator where Workers AI is out of reach, at the size of each ratio', async () => {
    const user = await createUser();
    for (const ratio of ratios) {
      const response = await sendJson('POST', '/api/generate-image', {
        token: user.token,
        json: { prompt: 'a lighthouse at dusk', ratio },
      });
      expect(response.status).toBe(201);
      expect(Object.keys(response.body)).toEqual(['imageUrl']);
      const imageUrl = response.body.imageUrl as string;
      expect(imageUrl).toMatch(
        new RegExp(`^/api/images/generated/${user.id}/[0-9a-f-]{36}\\.jpg$`),
      );
      const served = await send('GET', imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(jpegSize(new Uint8Array(await served.arrayBuffer()))).toEqual(localImageSizes[ratio]);
    }
  });

  it('defaults to a square image when no ratio is sent', async () => {
    const user = await createUser();
    const response = await sendJson('POST', '/api/generate-image', {
      token: user.token,
      json: { prompt: 'a fox' },
    });
    expect(response.status).toBe(201);
    const served = await send('GET', response.body.imageUrl ?? '');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(jpegSize(new Uint8Array(await served.arrayBuffer()))).toEqual(localImageSizes.square);
  });

  it('asks Workers AI for the size of each ratio and stores its PNG in R2 as a JPEG of that size', async () => {
    const user = await createUser();
    for (const ratio of ratios) {
      const { width, height } = aiSizes[ratio];
      const png = gradientPng(width, height);
      const run = vi.spyOn(env.AI, 'run').mockResolvedValue(imageStream(png) as never);
      const response = await sendJson('POST', '/api/generate-image', {
        token: user.token,
        json: { prompt: `  a ${ratio} mountain  `, ratio },
      });
      expect(response.status).toBe(201);
      expect(run).toHaveBeenCalledTimes(1);
      expect(run.mock.calls[0]?.[1]).toEqual({ prompt: `a ${ratio} mountain`, ...aiSizes[ratio] });
      const imageUrl = response.body.imageUrl as string;
      expect(imageUrl).toMatch(
        new RegExp(`^/api/images/generated/${user.id}/[0-9a-f-]{36}\\.jpg$`),
      );
      const stored = await env.IMAGES.get(r2Key(imageUrl));
      expect(stored?.httpMetadata?.contentType).toBe('image/jpeg');
      const storedBytes = new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0));
      expect(jpegSize(storedBytes)).toEqual(aiSizes[ratio]);
      const served = await send('GET', imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(storedBytes);
      vi.restoreAllMocks();
    }
  });

  it('stores a Workers AI answer that is already a JPEG byte for byte', async () => {
    const user = await createUser();
    const jpeg = generateLocalImage('already a jpeg', 'wide');
    const generated = await generateFromAnswer(user, jpeg, 'wide');
    expect(generated.imageUrl).toMatch(/\.jpg$/);
    expect(generated.contentType).toBe('image/jpeg');
    expect(generated.bytes).toEqual(jpeg);
  });

  it('keeps a Workers AI PNG a JPEG cannot hold (transparency, undecodable) as it came', async () => {
    const user = await createUser();
    const translucent = gradientPng(32, 32, 128);
    const truncated = gradientPng(64, 64).slice(0, 60);
    for (const png of [translucent, truncated]) {
      const generated = await generateFromAnswer(user, png, 'square');
      expect(generated.imageUrl).toMatch(/\.png$/);
      expect(generated.contentType).toBe('image/png');
      expect(generated.bytes).toEqual(png);
    }
  });

  it('answers 502 "Failed to generate image. Please try again." when Workers AI fails, storing nothing', async () => {
    const user = await createUser();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(env.AI, 'run').mockRejectedValue(new Error('3040: Capacity temporarily exceeded'));
    const response = await sendJson('POST', '/api/generate-image', {
      token: user.token,
      json: { prompt: 'a cat', ratio: 'square' },
    });
    expect(response.status).toBe(502);
    expect(response.body.error).toBe(generationFailed);
    expect(await storedKeys(`generated/${user.id}/`)).toEqual([]);
  });

  it('answers 502 when Workers AI answers something that is not an image', async () => {
    const user = await createUser();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(env.AI, 'run').mockResolvedValue(
      imageStream(new TextEncoder().encode('<html>oops</html>')) as never,
    );
    const response = await sendJson('POST', '/api/generate-image', {
      token: user.token,
      json: { prompt: 'a cat', ratio: 'wide' },
    });
    expect(response.status).toBe(502);
    expect(response.body.error).toBe(generationFailed);
    expect(await storedKeys(`generated/${user.id}/`)).toEqual([]);
  });

  it('limits each user to 10 images a minute, answering 429 with Retry-After, without limiting others', async () => {
    const user = await createUser();
    const jpeg = generateLocalImage('rate limited', 'square');
    vi.spyOn(env.AI, 'run').mockImplementation((async () => imageStream(jpeg)) as never);
    const generate = (who: TestUser) =>
      send('POST', '/api/generate-image', {
        token: who.token,
        json: { prompt: 'again', ratio: 'square' },
      });

    const first = [];
    for (let i = 0; i < 10; i += 1) first.push((await generate(user)).status);
    expect(first).toEqual(Array(10).fill(201));

    // Windows follow the wall clock: if one ended during the first ten, a few more fit in the next.
    let refused: Response | undefined;
    for (let i = 0; i < 11 && !refused; i += 1) {
      const response = await generate(user);
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(201);
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toBe('60');
    const refusal = (await refused?.json()) as { error: string } | undefined;
    expect(refusal?.error).toBe('Too many attempts. Please wait a minute and try again.');

    const other = await createUser();
    expect((await generate(other)).status).toBe(201);
  });

  it('limits each user to 30 images an hour as well, answering 429 with Retry-After', async () => {
    const user = await createUser();
    vi.spyOn(env.AI, 'run').mockImplementation((async () =>
      imageStream(generateLocalImage('hourly', 'square'))) as never);
    // 29 already generated this hour: the minute's limit would take longer than a test to pass.
    await env.DB.prepare('INSERT INTO quotas (key, window_start, count) VALUES (?, ?, 29)')
      .bind(`generated:${user.id}`, Date.now())
      .run();
    const generate = () =>
      sendJson('POST', '/api/generate-image', {
        token: user.token,
        json: { prompt: 'one more', ratio: 'square' },
      });
    expect((await generate()).status).toBe(201);
    const refused = await generate();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^You generated 30 images in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('GET /api/images/...', () => {
  it('answers 404 for an image that does not exist', async () => {
    const response = await sendJson(
      'GET',
      '/api/images/avatars/1/00000000-0000-4000-8000-000000000000.png',
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('Image not found.');
  });

  it('serves only uploaded and generated images: a link-preview card stored beside them is not', async () => {
    const user = await createUser();
    expect((await send('GET', `/api/og/${user.username}.png`)).status).toBe(200);
    const [card] = await storedKeys(`og/${user.username}/`);
    expect(card).toBeDefined();
    const answer = await sendJson('GET', `/api/images/${card}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Image not found.');
  });

  it('answers 404, never 500, to an image path far longer than any key', async () => {
    const answer = await sendJson('GET', `/api/images/avatars/1/${'a'.repeat(4000)}.png`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Image not found.');
  });

  it('is swept a day after it was stored if no block, profile or follower shows it', async () => {
    const user = await createUser();
    const form = () => avatarForm(samples.png.bytes, 'cover.png', 'image/png');
    const [unused, used, followerPicture] = [
      await uploadBlockImage(user, form()),
      await uploadBlockImage(user, form()),
      await uploadBlockImage(user, form()),
    ];
    const unusedUrl = unused.body.url ?? '';
    const usedUrl = used.body.url ?? '';
    const followerUrl = followerPicture.body.url ?? '';
    const block = await send('POST', '/api/blocks', {
      token: user.token,
      json: { category: 'learning', type: 'books-reading', title: 'Kept', imageUrl: usedUrl },
    });
    expect(block.status).toBe(201);
    // A fediverse follower's picture, as the inbox keeps our copy of it.
    await env.DB.prepare(
      `INSERT INTO fediverse_followers (user_id, actor_id, follow_id, inbox, handle, avatar_url)
       VALUES (?, 'https://social.example/users/ada', 'https://social.example/f/1',
               'https://social.example/users/ada/inbox', '@ada@social.example', ?)`,
    )
      .bind(user.id, followerUrl)
      .run();
    await runCron();
    expect((await send('GET', unusedUrl)).status).toBe(200);
    const keys = [unusedUrl, usedUrl, followerUrl].map((url) => url.slice('/api/images/'.length));
    await env.DB.prepare(
      'UPDATE pending_images SET stored_at = stored_at - ? WHERE key IN (?, ?, ?)',
    )
      .bind(25 * 60 * 60 * 1000, ...keys)
      .run();
    await runCron();
    expect((await send('GET', unusedUrl)).status).toBe(404);
    expect((await send('GET', usedUrl)).status).toBe(200);
    expect((await send('GET', followerUrl)).status).toBe(200);
  });

  it('is deleted once the last block that shows it is gone for good, and kept while a copy or a restorable block shows it', async () => {
    const [owner, copier] = [await createUser(), await createUser()];
    const uploaded = await uploadBlockImage(
      owner,
      avatarForm(samples.png.bytes, 'cover.png', 'image/png'),
    );
    const url = uploaded.body.url ?? '';
    const block = { category: 'learning', type: 'books-reading', imageUrl: url };
    const first = await sendJson('POST', '/api/blocks', {
      token: owner.token,
      json: { ...block, title: 'First' },
    });
    const second = await sendJson('POST', '/api/blocks', {
      token: owner.token,
      json: { ...block, title: 'Second' },
    });
    const [firstId, secondId] = [first.body, second.body].map(
      (body) => (body as unknown as { block: { id: number } }).block.id,
    );
    const copied = await send('POST', `/api/blocks/${secondId}/copy`, { token: copier.token });
    expect(copied.status).toBe(201);

    expect((await send('DELETE', `/api/blocks/${firstId}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await send('GET', url)).status).toBe(200);
    expect((await send('DELETE', `/api/blocks/${secondId}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await send('GET', url)).status).toBe(200);
    const copyId = ((await copied.json()) as { block: { id: number } }).block.id;
    expect((await send('DELETE', `/api/blocks/${copyId}`, { token: copier.token })).status).toBe(
      200,
    );
    // Still restorable: the image stays until the undo windows have passed.
    await runCron();
    expect((await send('GET', url)).status).toBe(200);
    await env.DB.prepare('UPDATE deleted_blocks SET purge_at = 0 WHERE block_id IN (?, ?, ?)')
      .bind(firstId, secondId, copyId)
      .run();
    await runCron();
    expect((await send('GET', url)).status).toBe(404);
  });
});
