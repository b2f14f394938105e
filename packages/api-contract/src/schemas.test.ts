import { describe, expect, it } from 'vitest';
import {
  auditQuerySchema,
  inviteRequestSchema,
  EDITABLE_FILES,
  editableFilePathSchema,
  inquirySchema,
  inquirySubmissionSchema,
  loginRequestSchema,
  loginResponseSchema,
} from './schemas';
import { API_ROUTES, fileUrl, restoreUrl } from './routes';

describe('login', () => {
  it('accepts a username and password and nothing else', () => {
    expect(loginRequestSchema.parse({ username: 'owner', password: 'pw' })).toEqual({
      username: 'owner',
      password: 'pw',
    });
    expect(
      loginRequestSchema.safeParse({ username: 'owner', password: 'pw', admin: true }).success,
    ).toBe(false);
    expect(loginRequestSchema.safeParse({ username: { $gt: '' }, password: 'pw' }).success).toBe(
      false,
    );
    expect(loginRequestSchema.safeParse({ username: '', password: 'pw' }).success).toBe(false);
  });

  it('answers a token and a user with a username', () => {
    expect(
      loginResponseSchema.safeParse({ token: 't', user: { username: 'owner', role: 'owner' } })
        .success,
    ).toBe(true);
    expect(loginResponseSchema.safeParse({ token: 't', user: {} }).success).toBe(false);
  });
});

describe('inquiries', () => {
  const inquiry = {
    id: '1',
    firstName: 'Ada',
    lastName: 'Lane',
    email: 'ada@example.com',
    phone: '518-555-0100',
    preferredColor: 'fox-red',
    createdAt: '2026-11-01T12:00:00.000Z',
  };
  it('has the spec fields with an optional message', () => {
    expect(inquirySchema.parse(inquiry)).toEqual(inquiry);
    expect(inquirySchema.parse({ ...inquiry, message: 'Hello' }).message).toBe('Hello');
    expect(inquirySchema.safeParse({ ...inquiry, createdAt: 'yesterday' }).success).toBe(false);
  });
  it('validates webhook submissions strictly', () => {
    const { id: _id, createdAt: _c, ...submission } = inquiry;
    expect(inquirySubmissionSchema.safeParse(submission).success).toBe(true);
    expect(inquirySubmissionSchema.safeParse({ ...submission, email: 'nope' }).success).toBe(false);
    expect(inquirySubmissionSchema.safeParse({ ...submission, role: 'admin' }).success).toBe(false);
    expect(
      inquirySubmissionSchema.safeParse({ ...submission, firstName: { $ne: null } }).success,
    ).toBe(false);
  });
});

describe('editable files', () => {
  it('lists the seven section files of the spec, in order', () => {
    expect(EDITABLE_FILES.map((f) => f.name)).toEqual([
      'Hero Section',
      'About Section',
      'Puppies Section',
      'Contact Section',
      'Testimonials',
      'Facilities',
      'Health Testing',
    ]);
    for (const f of EDITABLE_FILES)
      expect(f.path).toMatch(/^apps\/web\/src\/sections\/[a-z-]+\.tsx$/);
  });
  it('refuses any other path', () => {
    for (const bad of [
      '../package.json',
      'apps/web/src/main.tsx',
      '/etc/passwd',
      'apps/web/src/sections/../app.tsx',
    ]) {
      expect(editableFilePathSchema.safeParse(bad).success).toBe(false);
    }
  });
  it('encodes the path as one URL segment', () => {
    expect(fileUrl('apps/web/src/sections/hero-section.tsx')).toBe(
      '/api/admin/files/apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx',
    );
    expect(restoreUrl('a/b', 'x y')).toBe('/api/admin/revisions/a%2Fb/x%20y/restore');
  });
});

describe('route table', () => {
  it('holds every call of the API', () => {
    expect(API_ROUTES.login).toEqual({ method: 'POST', path: '/api/auth/login' });
    expect(API_ROUTES.inquiries).toEqual({ method: 'GET', path: '/api/inquiries' });
    expect(API_ROUTES.readFile.method).toBe('GET');
    expect(API_ROUTES.saveFile.method).toBe('PUT');
  });
});

describe('people and the audit log (issue 39)', () => {
  it('takes an invitation with a username and an optional e-mail, nothing else', () => {
    expect(inviteRequestSchema.safeParse({ username: 'sam' }).success).toBe(true);
    expect(inviteRequestSchema.parse({ username: ' sam ', email: 'sam@example.com' })).toEqual({
      username: 'sam',
      email: 'sam@example.com',
    });
    expect(inviteRequestSchema.safeParse({ username: '' }).success).toBe(false);
    expect(inviteRequestSchema.safeParse({ username: 'a b' }).success).toBe(false);
    expect(inviteRequestSchema.safeParse({ username: 'sam', email: 'nope' }).success).toBe(false);
    expect(inviteRequestSchema.safeParse({ username: 'sam', role: 'owner' }).success).toBe(false);
  });

  it('reads the audit filter: days in order, known forms, a page size of at most 100', () => {
    expect(auditQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(auditQuerySchema.safeParse({ from: '2026-05-02', to: '2026-05-01' }).success).toBe(
      false,
    );
    expect(auditQuerySchema.safeParse({ from: '2026-05-01', to: '2026-05-01' }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ action: 'file-save' }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ action: 'File Save' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ before: 'x' }).success).toBe(false);
  });
});
