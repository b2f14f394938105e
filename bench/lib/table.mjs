// Plain-text tables for the terminal: numbers right-aligned, everything else left-aligned.
export function table(headers, rows) {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]?.length ?? 0)));
  const numeric = headers.map(
    (_, i) =>
      cells.length > 0 && cells.every((r) => /^[-+]?[\d.,]+( ?[a-zA-Z%]+)?$|^-$/.test(r[i] ?? '')),
  );
  const line = (r) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join(
    '\n',
  );
}

export const kb = (bytes) =>
  bytes === null || bytes === undefined ? null : `${(bytes / 1000).toFixed(1)} KB`;
export const fixed = (n, digits) => (n === null || n === undefined ? null : n.toFixed(digits));
