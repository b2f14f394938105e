import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './document-csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("a document's inline-script hashes", () => {
  it('hashes each inline script exactly, and not scripts by URL or JSON-LD data', () => {
    const html =
      '<head><script type="application/ld+json">{"a":1}</script></head><body>' +
      '<script>window.__reactRouterContext = {};</script>' +
      '<script type="module" async="">import "/assets/x.js";</script>' +
      '<script src="/assets/y.js"></script></body>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__reactRouterContext = {};'),
      sha('import "/assets/x.js";'),
    ]);
  });

  it('has none for a document without inline scripts', () => {
    expect(inlineScriptHashes('<p>hi</p>')).toEqual([]);
  });
});
