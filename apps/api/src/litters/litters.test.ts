import fs from 'node:fs/promises';
import path from 'node:path';
import {
  LITTERS_FILE,
  LITTER_UPLOADS_DIR,
  MAX_PHOTO_BYTES,
  litterUrl,
  revisionsUrl,
} from '@cedar/api-contract';
import { litterSchema, type Litter, type LitterDraft } from '@cedar/content';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { LoggedIn, TestApp } from '../test/build';
import { signedInApp } from '../test/per-test';

async function setup() {
  const t = await signedInApp();
  vi.spyOn(t.app.publisher, 'request');
  return t;
}

const DRAFT: LitterDraft = {
  sire: 'duke',
  dam: 'clover',
  birthDate: '2026-10-19',
  puppiesCount: 7,
  available: '7 of 7 available',
  readyDate: 'Ready mid-December 2026',
  images: ['/images/litters/duke-clover-1.jpg'],
  status: 'Current',
  description: 'Seven yellow puppies, sturdy and curious.',
};

const PUPPY = {
  id: 'red-collar',
  name: 'Red collar',
  sex: 'Male',
  color: 'Black',
  status: 'available',
};

const send = (
  a: TestApp & LoggedIn,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  headers = {},
) => a.app.inject({ method, url, headers: { ...a.headers, ...headers }, payload: body as object });
const onDisk = async (a: TestApp) =>
  z
    .array(litterSchema)
    .parse(JSON.parse(await fs.readFile(path.join(a.repoRoot, LITTERS_FILE), 'utf8')));
const list = async (a: TestApp & LoggedIn) => {
  const res = await a.app.inject({ method: 'GET', url: '/api/admin/litters', headers: a.headers });
  expect(res.statusCode).toBe(200);
  return {
    etag: res.headers.etag as string,
    ...(res.json() as { litters: Litter[]; sha256: string }),
  };
};

describe('the litters of the data file', () => {
  it('lists every litter with the file’s sha256 as ETag', async () => {
    const a = await setup();
    const { litters, etag, sha256 } = await list(a);
    expect(litters).toEqual(await onDisk(a));
    expect(etag).toBe(`"${sha256}"`);
  });

  it('adds a litter: named after its parents, written to the file with a revision, published', async () => {
    const a = await setup();
    const before = await onDisk(a);
    const res = await send(a, 'POST', '/api/admin/litters', DRAFT);
    expect(res.statusCode).toBe(201);
    const { litter } = res.json() as { litter: Litter };
    expect(litter).toEqual({ id: 'duke-clover-2026-10-19', name: 'Duke x Clover', ...DRAFT });
    expect(await onDisk(a)).toEqual([...before, litter]);
    const revisions = await a.app.inject({
      method: 'GET',
      url: revisionsUrl(LITTERS_FILE),
      headers: a.headers,
    });
    // Revisions of the litters file are kept (the listing route serves the section files only).
    expect(revisions.statusCode).toBe(404);
    const kept = await a.app.store.revisions.list(LITTERS_FILE);
    expect(kept.map((r) => r.savedBy)).toEqual(['owner', 'original']);
    expect(a.app.publisher.request).toHaveBeenCalledWith('owner');
  });

  it('edits and archives a litter: it stays in the file, marked archived', async () => {
    const a = await setup();
    const [first] = await onDisk(a);
    const { id, name: _name, puppies: _puppies, ...draft } = first!;
    const res = await send(a, 'PUT', litterUrl(id), {
      ...draft,
      available: '1 of 7 available',
      archived: true,
    });
    expect(res.statusCode).toBe(200);
    const after = (await onDisk(a)).find((l) => l.id === id);
    expect(after).toMatchObject({ available: '1 of 7 available', archived: true });
  });

  it('needs no password confirmation: the file is data, never run', async () => {
    const a = await setup();
    // Signing in counts as a confirmation; the clock moves past its 15 minutes.
    a.clock.advance(60 * 60 * 1000);
    expect((await send(a, 'POST', '/api/admin/litters', DRAFT)).statusCode).toBe(201);
  });

  it.each([
    ['sire', { sire: 'nobody' }, 'Choose one of our sires'],
    ['dam', { dam: 'duke' }, 'Choose one of our dames'],
    [
      'birthDate',
      { birthDate: '31/12/2026' },
      'Give the birth date (YYYY-MM-DD) or the month it is due',
    ],
    ['puppiesCount', { puppiesCount: 0 }, 'The number of puppies (1 to 20), or TBD'],
    [
      'puppiesCount',
      { birthDate: 'Due March 2027', status: 'Upcoming' },
      'A litter that is not born yet has TBD puppies',
    ],
    ['status', { status: 'Sold' }, 'Choose Current, Ready or Upcoming'],
    ['images', { images: [] }, 'Add at least one photo'],
    ['images.0', { images: ['https://elsewhere.example/x.jpg'] }, expect.any(String) as string],
    ['description', { description: '   ' }, 'A description is needed'],
    ['available', { available: 'x'.repeat(121) }, 'Availability fits in 120 characters'],
    [
      'puppies.0.status',
      { puppies: [{ ...PUPPY, status: 'sold' }] },
      'Choose available, reserved or placed',
    ],
    ['puppies.0.sex', { puppies: [{ ...PUPPY, sex: 'x' }] }, 'Choose male or female'],
    [
      'puppies.0.name',
      { puppies: [{ ...PUPPY, name: '' }] },
      'The puppy’s name or collar is needed',
    ],
    ['puppies.1.id', { puppies: [PUPPY, PUPPY] }, 'Two puppies have the same id'],
    [
      'puppies',
      { puppiesCount: 1, puppies: [PUPPY, { ...PUPPY, id: 'b' }] },
      'The litter has 1 puppies: 2 are listed',
    ],
  ])('refuses a bad %s with 422 naming the field', async (field, change, message) => {
    const a = await setup();
    const before = await fs.readFile(path.join(a.repoRoot, LITTERS_FILE), 'utf8');
    const res = await send(a, 'POST', '/api/admin/litters', { ...DRAFT, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'invalid_litter', field, message });
    expect(await fs.readFile(path.join(a.repoRoot, LITTERS_FILE), 'utf8')).toBe(before);
    expect(a.app.publisher.request).not.toHaveBeenCalled();
  });

  it('keeps the puppies, and works the availability text out from them', async () => {
    const a = await setup();
    const puppies = [
      PUPPY,
      { ...PUPPY, id: 'blue-collar', name: 'Blue collar', status: 'reserved' },
      { ...PUPPY, id: 'green-collar', name: 'Green collar', status: 'placed', sex: 'Female' },
    ];
    const res = await send(a, 'POST', '/api/admin/litters', { ...DRAFT, puppies });
    expect(res.statusCode).toBe(201);
    const { litter } = res.json() as { litter: Litter };
    expect(litter.puppies).toEqual(puppies);
    expect(litter.available).toBe('1 of 3 available');
    const none = await send(a, 'PUT', litterUrl(litter.id), {
      ...DRAFT,
      puppies: puppies.map((p) => ({ ...p, status: 'placed' })),
    });
    expect((none.json() as { litter: Litter }).litter.available).toBe('None available');
  });

  it('refuses fields it does not know, and a body that is no litter', async () => {
    const a = await setup();
    expect((await send(a, 'POST', '/api/admin/litters', { ...DRAFT, id: 'mine' })).statusCode).toBe(
      422,
    );
    expect((await send(a, 'POST', '/api/admin/litters', [DRAFT])).statusCode).toBe(422);
  });

  it('answers 404 for a litter that does not exist', async () => {
    const a = await setup();
    expect((await send(a, 'PUT', litterUrl('no-such-litter'), DRAFT)).statusCode).toBe(404);
  });

  it('refuses a save over a change made since the form was opened (If-Match)', async () => {
    const a = await setup();
    const { etag } = await list(a);
    expect(
      (await send(a, 'POST', '/api/admin/litters', DRAFT, { 'if-match': etag })).statusCode,
    ).toBe(201);
    const stale = await send(a, 'POST', '/api/admin/litters', DRAFT, { 'if-match': etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict' });
  });

  it('is for signed-in admins only', async () => {
    const a = await setup();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/litters',
      headers: { origin: a.headers.origin },
      payload: DRAFT,
    });
    expect(res.statusCode).toBe(401);
    expect((await a.app.inject({ method: 'GET', url: '/api/admin/litters' })).statusCode).toBe(401);
  });
});

/** A JPEG of w x h carrying camera EXIF with a GPS position. */
async function jpegWithGps(w = 64, h = 48) {
  return sharp({ create: { width: w, height: h, channels: 3, background: '#c8a165' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 1/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 22/1 0/1',
      },
    })
    .toBuffer();
}

const upload = (a: TestApp & LoggedIn, body: Buffer, type = 'image/jpeg') =>
  a.app.inject({
    method: 'POST',
    url: '/api/admin/litter-photos',
    headers: { ...a.headers, 'content-type': type },
    payload: body,
  });

describe('photo uploads', () => {
  it('stores a JPEG upright, without any metadata (no GPS), under a name the server chose', async () => {
    const a = await setup();
    const original = await jpegWithGps();
    const sent = await sharp(original).metadata();
    expect(sent.orientation).toBe(6);
    expect(original.includes(Buffer.from('PhoneMaker'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825), in either byte order.
    const gpsTag = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
    expect(gpsTag.some((tag) => sent.exif?.includes(tag))).toBe(true);
    const res = await upload(a, original);
    expect(res.statusCode).toBe(201);
    const { path: url } = res.json() as { path: string };
    expect(url).toMatch(/^\/images\/litters\/uploads\/[0-9a-f]{24}\.jpg$/);
    const stored = await fs.readFile(path.join(a.repoRoot, LITTER_UPLOADS_DIR, path.basename(url)));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Orientation 6 (turned a quarter): stored turned upright, 48 wide and 64 high.
    expect([meta.width, meta.height, meta.orientation]).toEqual([48, 64, undefined]);
  });

  it.each([
    [
      'PNG',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff' } })
          .png()
          .toBuffer(),
    ],
    [
      'WebP',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
    ],
  ])('takes a %s and stores it as JPEG', async (_name, make) => {
    const a = await setup();
    const res = await upload(a, await make(), 'application/octet-stream');
    expect(res.statusCode).toBe(201);
  });

  it('refuses a renamed executable with 415', async () => {
    const a = await setup();
    const res = await upload(
      a,
      await fs.readFile(process.execPath).then((b) => b.subarray(0, 4096)),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'This file is not a photo we can read. Send a JPEG, PNG, WebP or HEIC photo.',
    });
    await expect(fs.readdir(path.join(a.repoRoot, LITTER_UPLOADS_DIR))).rejects.toThrow();
  });

  it('refuses 30 MB with 413 before reading it all', async () => {
    const a = await setup();
    const res = await upload(a, Buffer.alloc(30 * 1024 * 1024, 0xff));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
    expect(MAX_PHOTO_BYTES).toBe(15 * 1024 * 1024);
  });

  it('refuses a photo claiming huge dimensions with 422, from its header alone', async () => {
    const a = await setup();
    // A PNG header saying 100,000 x 100,000 pixels (10 gigapixels): decoding it would need 40 GB.
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    const before = process.memoryUsage().rss;
    const res = await upload(a, png, 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'photo_too_large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('is for signed-in admins only', async () => {
    const a = await setup();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/litter-photos',
      headers: { origin: a.headers.origin, 'content-type': 'image/jpeg' },
      payload: await jpegWithGps(),
    });
    expect(res.statusCode).toBe(401);
  });
});
