import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_ROUTES,
  LITTERS_FILE,
  litterUrl,
  reservePuppyUrl,
  waitlistEntryUrl,
  waitlistOrderUrl,
  type Waitlist,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { describe, expect, it, vi } from 'vitest';
import type { LoggedIn, TestApp } from '../test/build';
import { call, family, LITTER, signedInApp } from '../test/per-test';
import { ordinal, wishesOf } from './waitlist';

async function setup() {
  const a = await signedInApp();
  vi.spyOn(a.app.publisher, 'request');
  return a;
}

type A = TestApp & LoggedIn;
const lists = async (a: A) => {
  const res = await call(a, 'GET', API_ROUTES.waitlist.path);
  expect(res.statusCode).toBe(200);
  return { etag: res.headers.etag as string, ...(res.json() as Waitlist) };
};
const listOf = (w: Waitlist, key: string) => w.lists.find((l) => l.key === key)!;
const add = (a: A, inquiryId: string, litterId: string | null, headers = {}) =>
  call(a, 'POST', API_ROUTES.addToWaitlist.path, { inquiryId, litterId }, headers);
const onDisk = async (a: A) =>
  JSON.parse(await fs.readFile(path.join(a.repoRoot, LITTERS_FILE), 'utf8')) as Litter[];

async function threeOnTheList(a: A) {
  const ids: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const inquiry = await a.services.store.inquiries.create(family(i));
    ids.push(inquiry.id);
    expect((await add(a, inquiry.id, LITTER)).statusCode).toBe(201);
  }
  return ids;
}

describe('the waitlists', () => {
  it('answers every list in order: the general one, then each litter’s, with a version as ETag', async () => {
    const a = await setup();
    const w = await lists(a);
    expect(w.version).toBe(0);
    expect(w.etag).toBe('"0"');
    expect(w.lists[0]).toMatchObject({ key: 'general', litterId: null, name: 'the general list' });
    expect(w.lists.map((l) => l.key).slice(1)).toEqual(
      (await onDisk(a)).filter((l) => !l.archived).map((l) => l.id),
    );
    expect(listOf(w, LITTER).name).toBe('Ranger x Juniper’s list');
  });

  it('puts a family on a list from its inquiry, with the wishes it says, and marks it Waitlist', async () => {
    const a = await setup();
    const inquiry = await a.services.store.inquiries.create(
      family(1, {
        preferredColor: 'yellow',
        answers: [{ name: 'puppy_sex', label: 'Male or female puppy?', value: 'Female' }],
      }),
    );
    const res = await add(a, inquiry.id, LITTER);
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const [entry] = listOf(res.json() as Waitlist, LITTER).entries;
    expect(entry).toMatchObject({
      inquiryId: inquiry.id,
      name: 'Family1 Lane',
      email: 'family1@example.com',
      sex: 'Female',
      color: 'yellow',
      unsubscribed: false,
    });
    expect((await a.services.store.inquiries.get(inquiry.id))?.status).toBe('waitlist');
    const general = await a.services.store.inquiries.create(family(2));
    expect((await add(a, general.id, null)).statusCode).toBe(201);
    expect(listOf(await lists(a), 'general').entries.map((e) => e.name)).toEqual(['Family2 Lane']);
  });

  it('refuses an unknown litter (404) and an unknown inquiry (404)', async () => {
    const a = await setup();
    const inquiry = await a.services.store.inquiries.create(family(1));
    const litter = await add(a, inquiry.id, 'no-such-litter');
    expect(litter.statusCode).toBe(404);
    expect(litter.json()).toMatchObject({ error: 'unknown_litter', message: 'No such litter' });
    const unknown = await add(a, 'nope', LITTER);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_inquiry' });
    expect((await lists(a)).version).toBe(0);
  });

  it('never lists a family twice: a second add says where they are (409)', async () => {
    const a = await setup();
    const [, second] = await threeOnTheList(a);
    const again = await add(a, second!, null);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'already_listed',
      message: 'Family2 Lane is already 2nd on Ranger x Juniper’s list',
    });
  });

  it('moves a family up, and refuses a stale order from a second tab (409) without losing anyone', async () => {
    const a = await setup();
    await threeOnTheList(a);
    const tab = await lists(a);
    const [one, two, three] = listOf(tab, LITTER).entries.map((e) => e.id);
    const order = (entryIds: (string | undefined)[], headers = {}) =>
      call(a, 'PUT', waitlistOrderUrl(LITTER), { entryIds }, headers);
    const moved = await order([one, three, two], { 'if-match': tab.etag });
    expect(moved.statusCode).toBe(200);
    expect(listOf(moved.json() as Waitlist, LITTER).entries.map((e) => e.id)).toEqual([
      one,
      three,
      two,
    ]);
    // The second tab still shows the old version: its move is refused.
    const stale = await order([two, one, three], { 'if-match': tab.etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict' });
    // Without If-Match, an order that drops or repeats a family is refused too.
    for (const entryIds of [
      [one, two],
      [one, two, two],
      [one, two, three, 'ffff'],
    ]) {
      const res = await order(entryIds);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'stale_order' });
    }
    expect(listOf(await lists(a), LITTER).entries.map((e) => e.id)).toEqual([one, three, two]);
  });

  it('keeps every family when two tabs add at once: one add wins, the other is refused', async () => {
    const a = await setup();
    const { etag } = await lists(a);
    const x = await a.services.store.inquiries.create(family(1));
    const y = await a.services.store.inquiries.create(family(2));
    const answers = await Promise.all([
      add(a, x.id, LITTER, { 'if-match': etag }),
      add(a, y.id, LITTER, { 'if-match': etag }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(listOf(await lists(a), LITTER).entries).toHaveLength(1);
  });

  it('reserves a puppy for a family: the litter file says reserved and is published', async () => {
    const a = await setup();
    await threeOnTheList(a);
    const { entries } = listOf(await lists(a), LITTER);
    const available = (await onDisk(a))
      .find((l) => l.id === LITTER)!
      .puppies!.find((p) => p.status === 'available')!;
    const res = await call(a, 'PUT', reservePuppyUrl(entries[0]!.id), { puppyId: available.id });
    expect(res.statusCode).toBe(200);
    expect(listOf(res.json() as Waitlist, LITTER).entries[0]!.puppyId).toBe(available.id);
    const litter = (await onDisk(a)).find((l) => l.id === LITTER)!;
    expect(litter.puppies!.find((p) => p.id === available.id)!.status).toBe('reserved');
    expect(litter.available).toBe('1 of 7 available');
    expect(a.app.publisher.request).toHaveBeenCalled();

    // The same puppy for another family: 409, naming who has it.
    const twice = await call(a, 'PUT', reservePuppyUrl(entries[1]!.id), { puppyId: available.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: 'puppy_reserved',
      message: `${available.name} is already reserved for Family1 Lane`,
    });
    // A placed puppy, and one the litter does not have.
    const placed = litter.puppies!.find((p) => p.status === 'placed')!;
    expect(
      (await call(a, 'PUT', reservePuppyUrl(entries[1]!.id), { puppyId: placed.id })).json(),
    ).toMatchObject({ error: 'puppy_placed' });
    const none = await call(a, 'PUT', reservePuppyUrl(entries[1]!.id), { puppyId: 'no-such' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'unknown_puppy' });

    // Taken back: the puppy is available again.
    const back = await call(a, 'PUT', reservePuppyUrl(entries[0]!.id), { puppyId: null });
    expect(back.statusCode).toBe(200);
    expect(
      (await onDisk(a)).find((l) => l.id === LITTER)!.puppies!.find((p) => p.id === available.id)!
        .status,
    ).toBe('available');
  });

  it('keeps a reserved puppy in its litter: a Litters save that drops it or frees it gets 409, the file untouched', async () => {
    const a = await setup();
    await threeOnTheList(a);
    const { entries } = listOf(await lists(a), LITTER);
    const puppy = (await onDisk(a))
      .find((l) => l.id === LITTER)!
      .puppies!.find((p) => p.status === 'available')!;
    await call(a, 'PUT', reservePuppyUrl(entries[0]!.id), { puppyId: puppy.id });
    const { id: _id, name: _name, ...draft } = (await onDisk(a)).find((l) => l.id === LITTER)!;
    const before = await onDisk(a);
    for (const puppies of [
      draft.puppies!.filter((p) => p.id !== puppy.id),
      draft.puppies!.map((p) => (p.id === puppy.id ? { ...p, status: 'available' as const } : p)),
    ]) {
      const res = await call(a, 'PUT', litterUrl(LITTER), { ...draft, puppies });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'puppy_reserved',
        message: `${puppy.name} is reserved for Family1 Lane on the waitlist: take the reservation back on the Waitlist screen first`,
      });
      expect(await onDisk(a)).toEqual(before);
    }
    // Other edits of the litter go through; once taken back, the puppy may go too.
    expect((await call(a, 'PUT', litterUrl(LITTER), draft)).statusCode).toBe(200);
    await call(a, 'PUT', reservePuppyUrl(entries[0]!.id), { puppyId: null });
    const freed = (await onDisk(a)).find((l) => l.id === LITTER)!;
    const res = await call(a, 'PUT', litterUrl(LITTER), {
      ...draft,
      puppies: freed.puppies!.filter((p) => p.id !== puppy.id),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a reservation for a family on the general list, or one not listed', async () => {
    const a = await setup();
    const inquiry = await a.services.store.inquiries.create(family(1));
    const { entries } = listOf((await add(a, inquiry.id, null)).json() as Waitlist, 'general');
    const res = await call(a, 'PUT', reservePuppyUrl(entries[0]!.id), { puppyId: 'blue-collar' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'general_list' });
    expect(
      (await call(a, 'PUT', reservePuppyUrl('0123abcd'), { puppyId: 'blue-collar' })).statusCode,
    ).toBe(404);
  });

  it('takes a family off; their reserved puppy is available again', async () => {
    const a = await setup();
    await threeOnTheList(a);
    const { entries } = listOf(await lists(a), LITTER);
    const puppy = (await onDisk(a))
      .find((l) => l.id === LITTER)!
      .puppies!.find((p) => p.status === 'available')!;
    await call(a, 'PUT', reservePuppyUrl(entries[1]!.id), { puppyId: puppy.id });
    const res = await call(a, 'DELETE', waitlistEntryUrl(entries[1]!.id));
    expect(res.statusCode).toBe(200);
    expect(listOf(res.json() as Waitlist, LITTER).entries.map((e) => e.id)).toEqual([
      entries[0]!.id,
      entries[2]!.id,
    ]);
    expect(
      (await onDisk(a)).find((l) => l.id === LITTER)!.puppies!.find((p) => p.id === puppy.id)!
        .status,
    ).toBe('available');
    expect((await call(a, 'DELETE', waitlistEntryUrl(entries[1]!.id))).statusCode).toBe(404);
  });

  it('adds the list and the place to the CSV export; a deleted inquiry leaves its list', async () => {
    const a = await setup();
    const [first] = await threeOnTheList(a);
    const csv = (await call(a, 'GET', API_ROUTES.inquiryExport.path)).body;
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toContain('"Waitlist","Place"');
    expect(rows.find((r) => r.includes('family2@example.com'))).toContain(
      '"Ranger x Juniper’s list","2"',
    );
    expect((await call(a, 'DELETE', `/api/admin/inquiries/${first!}`)).statusCode).toBe(204);
    expect(listOf(await lists(a), LITTER).entries.map((e) => e.name)).toEqual([
      'Family2 Lane',
      'Family3 Lane',
    ]);
  });

  it('refuses bodies it does not know (400)', async () => {
    const a = await setup();
    expect(
      (
        await call(a, 'POST', API_ROUTES.addToWaitlist.path, {
          inquiryId: 'x',
          litterId: null,
          extra: 1,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('waitlist words', () => {
  it('writes places as the owner says them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '103rd',
    ]);
  });

  it('takes no colour wish from “no preference”, and either sex when the inquiry says none', () => {
    const inquiry = {
      id: 'x',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      phone: '',
      preferredColor: 'no-preference',
      createdAt: new Date().toISOString(),
      status: 'new' as const,
      note: '',
    };
    expect(wishesOf(inquiry)).toEqual({ sex: 'Either', color: '' });
    expect(
      wishesOf({ ...inquiry, answers: [{ name: 'gender', label: 'Gender', value: 'male' }] }).sex,
    ).toBe('Male');
  });
});
