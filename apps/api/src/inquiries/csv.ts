import { INQUIRY_STATUS_LABELS, type InboxInquiry } from '@cedar/api-contract';

/**
 * A cell a spreadsheet program takes as a formula (or, after a tab or carriage return, may):
 * such a cell is prefixed with an apostrophe so that it shows as the text it is (OWASP's advice
 * on CSV injection). A phone number written `+1 518…` shows as `'+1 518…`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Where a family is on the waitlists: the list's name and their place in it. */
export type WaitlistPlaces = ReadonlyMap<string, { list: string; place: number; deposit?: string }>;

const COLUMNS: [string, (i: InboxInquiry, places: WaitlistPlaces) => string][] = [
  // `YYYY-MM-DD HH:MM:SS` is read as a date and time by Excel, LibreOffice and Google Sheets.
  ['Received (UTC)', (i) => i.createdAt.slice(0, 19).replace('T', ' ')],
  ['First name', (i) => i.firstName],
  ['Last name', (i) => i.lastName],
  ['E-mail', (i) => i.email],
  ['Phone', (i) => i.phone],
  ['Preferred colour', (i) => i.preferredColor],
  ['Status', (i) => INQUIRY_STATUS_LABELS[i.status]],
  ['Message', (i) => i.message ?? ''],
  ['Note', (i) => i.note],
  ['Waitlist', (i, places) => places.get(i.id)?.list ?? ''],
  ['Place', (i, places) => String(places.get(i.id)?.place ?? '')],
  // Issue 40: the family's deposit in words ("Paid $300.00 (cheque, Nov 29, 2026)").
  ['Deposit', (i, places) => places.get(i.id)?.deposit ?? ''],
];

/** The header row, ahead of the rows: UTF-8 with a byte-order mark so Excel reads it as UTF-8. */
export const CSV_HEADER = `\uFEFF${COLUMNS.map(([name]) => csvCell(name)).join(',')}\r\n`;

/** One row per inquiry, every cell quoted, lines ending in CRLF (RFC 4180). */
export const csvRows = (inquiries: InboxInquiry[], places: WaitlistPlaces = new Map()): string =>
  inquiries
    .map((i) => `${COLUMNS.map(([, cell]) => csvCell(cell(i, places))).join(',')}\r\n`)
    .join('');
