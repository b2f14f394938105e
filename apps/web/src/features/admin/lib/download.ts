/** How long the file stays in memory for the browser to save it (some browsers read it late). */
const KEEP_MS = 60_000;

/** Hands a file made in the page to the browser's downloads, as a link with `download` would. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
}
