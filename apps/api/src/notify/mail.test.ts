import type { InboxInquiry } from '@cedar/api-contract';
import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { testApp } from '../test/per-test';
import { composeAnnouncement } from '../waitlist/announcements';
import {
  enhancedCode,
  failureKind,
  MailError,
  ownerMail,
  oneLine,
  singleAddress,
  smtpSender,
} from './mail';

const SETTINGS = {
  smtpUrl: 'smtp://127.0.0.1:9',
  to: ['owner@cedarblufflabradors.example'],
  from: 'website@cedarblufflabradors.example',
  publicUrl: 'https://cedarblufflabradors.example',
};

/** Any text a form may send: line breaks of every kind, links, and the e-mail's own labels. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '\n',
        '\r\n',
        '\r',
        '\u2028',
        '\u2029',
        '\u0085',
        '\v',
        '\f',
        'Open it in the admin: https://evil.example/admin',
        'https://evil.example',
        'www.evil.example',
        'Name: ',
        'E-mail: ',
        'ada',
        ' ',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

const inquiryOf = (f: Record<string, string>): InboxInquiry => ({
  id: '0123456789abcdef',
  firstName: f.firstName!,
  lastName: f.lastName!,
  email: f.email!,
  phone: f.phone!,
  preferredColor: f.color!,
  ...(f.message ? { message: f.message } : {}),
  ...(f.form ? { form: { id: 'f', name: f.form } } : {}),
  createdAt: '2026-11-01T00:00:00.000Z',
  status: 'new',
  note: '',
});

const LINE = [
  /^$/,
  /^A new inquiry(?: through the .*)?, from .*\.$/,
  /^Name: /,
  /^Preferred colour: /,
  /^E-mail: /,
  /^Phone: /,
  /^Message: /,
  /^\d+ more answers? in the admin\.$/,
  /^Open it in the admin: https:\/\/cedarblufflabradors\.example\/admin\?q=\S*$/,
];

describe("the owner's e-mail about an inquiry", () => {
  it('gives every field one line, and carries one link: the admin’s, on the last line', () => {
    fc.assert(
      fc.property(
        fc.record({
          firstName: hostile,
          lastName: hostile,
          email: hostile,
          phone: hostile,
          color: hostile,
          message: hostile,
          form: hostile,
        }),
        (fields) => {
          const { text, subject } = ownerMail(SETTINGS, inquiryOf(fields));
          const lines = text.replace(/\n$/, '').split('\n');
          for (const line of lines) {
            expect(
              LINE.some((re) => re.test(line)),
              JSON.stringify(line),
            ).toBe(true);
            // No other line break of any kind inside a line.
            expect(line).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
          }
          // Each label once at most, in the template's order: nothing a form sends adds a line.
          for (const label of [
            'Name: ',
            'Preferred colour: ',
            'E-mail: ',
            'Phone: ',
            'Message: ',
            'Open it in the admin: ',
          ])
            expect(lines.filter((l) => l.startsWith(label)).length).toBeLessThanOrEqual(1);
          expect(lines.at(-1)).toMatch(/^Open it in the admin: /);
          // One web address in the whole text: the admin link.
          expect(text.split('://')).toHaveLength(2);
          for (const line of lines.slice(0, -1)) expect(line).not.toMatch(/\bwww\./i);
          expect(subject).not.toMatch(/[\r\n]/);
        },
      ),
    );
  });

  it('says an e-mail that is not one address is not valid, and never replies to it', () => {
    const mail = ownerMail(
      SETTINGS,
      inquiryOf({
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@x.example,"y" <z@x.example>',
        phone: '',
        color: 'black',
      }),
    );
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('E-mail: ada@x.example,"y" <z@x.example> (not a valid address)\n');
    const good = ownerMail(
      SETTINGS,
      inquiryOf({
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@x.example',
        phone: '',
        color: '',
      }),
    );
    expect(good.replyTo).toBe('ada@x.example');
  });

  it('cuts a long message at a word, on its one line', () => {
    expect(oneLine(`${'word '.repeat(200)}end`, 600)).toMatch(/^(word ){119}word …$/);
  });
});

describe('one recipient per family', () => {
  it('takes exactly one address by zod’s rule, and nodemailer reads exactly that one from it', () => {
    const tricky = fc.oneof(
      fc.emailAddress(),
      fc
        .tuple(
          fc.emailAddress(),
          fc.constantFrom(',', ';', ' ', '<', '>', '"y" <', ',"y" <'),
          fc.emailAddress(),
        )
        .map(([a, sep, b]) => `${a}${sep}${b}${sep.includes('<') ? '>' : ''}`),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(tricky, (value) => {
        const address = singleAddress(value);
        if (address === null) return;
        const parsed = addressparser(address, { flatten: true });
        expect(parsed).toHaveLength(1);
        expect(parsed[0]!.address).toBe(address);
      }),
    );
    expect(singleAddress('ada@x.example,"y" <z@x.example>')).toBeNull();
    expect(singleAddress('"y" <z@x.example>')).toBeNull();
    expect(singleAddress(' ada@x.example ')).toBe('ada@x.example');
  });

  it('sends an announcement to nobody when its address is not one address', async () => {
    const mail = composeAnnouncement(SETTINGS, {
      _id: 'a1:e1',
      announcementId: 'a1',
      entryId: 'e1',
      to: 'ada@x.example,"y" <z@x.example>',
      subject: 'Born',
      text: 'Hello',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
    });
    expect(mail.to).toEqual([]);
    const sender = smtpSender(SETTINGS.smtpUrl, { rateLimit: 10, rateDeltaMs: 1000 });
    await expect(sender.send(mail, new AbortController().signal)).rejects.toMatchObject({
      kind: 'refused',
    });
    sender.close();
  });
});

describe('the mail server’s replies', () => {
  it('reads the enhanced status code', () => {
    const cases: [number, string, string][] = [
      [421, '421 4.3.2 Service not available', 'retry'],
      [450, '450 4.7.1 Greylisted, try again later', 'retry'],
      [451, '451 Temporary local problem', 'retry'],
      [550, '550 5.4.5 Daily user sending limit exceeded', 'quota'],
      [550, '550 5.1.1 The email account that you tried to reach does not exist', 'bounce'],
      [550, '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found', 'bounce'],
      [535, '535 5.7.8 Authentication credentials invalid', 'auth'],
      [530, '530 5.7.8 Authentication required', 'auth'],
      [554, '554 5.7.1 Message rejected as spam', 'refused'],
      [550, '550 Mailbox unavailable', 'refused'],
    ];
    for (const [code, reply, kind] of cases) expect(failureKind(code, reply), reply).toBe(kind);
    expect(enhancedCode('550-5.1.1 first line')).toEqual([5, 1, 1]);
    expect(enhancedCode('550 no code')).toBeNull();
    expect(new MailError('x', 'bounce').permanent).toBe(true);
    expect(new MailError('x', 'quota').permanent).toBe(false);
  });
});

describe('the intake', () => {
  it('keeps an e-mail that is not one address as written, marked, and an address as given', async () => {
    const t = await testApp();
    const { intake, store } = t.services;
    const base = { firstName: 'Ada', lastName: 'Lane', phone: '', preferredColor: '' };
    const bad = await intake.receive('d-bad', {
      ...base,
      email: 'ada@x.example,"y" <z@x.example>',
      createdAt: t.clock.now(),
    });
    const good = await intake.receive('d-good', {
      ...base,
      email: 'ada@x.example',
      createdAt: t.clock.now(),
    });
    const none = await intake.receive('d-none', { ...base, email: '', createdAt: t.clock.now() });
    expect(await store.inquiries.get(bad.id)).toMatchObject({
      email: 'ada@x.example,"y" <z@x.example>',
      emailInvalid: true,
    });
    expect((await store.inquiries.get(good.id))!.emailInvalid).toBeUndefined();
    expect((await store.inquiries.get(none.id))!.emailInvalid).toBeUndefined();
  });
});
