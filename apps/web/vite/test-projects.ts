/**
 * The admin's unit tests that replace a module with `vi.mock` (the browser's WebAuthn calls). They
 * run in the `admin-mocks` project, each with modules of its own: a mock cannot take the place of
 * a module that the `admin` project's shared worker has already loaded (decision 041).
 * `test-projects.test.ts` checks that this list names exactly the admin test files that mock.
 */
export const ADMIN_MOCKING_TESTS = [
  'src/features/admin/invite-screen.test.tsx',
  'src/features/admin/login-factors.test.tsx',
  'src/features/admin/sign-in-methods.test.tsx',
];
