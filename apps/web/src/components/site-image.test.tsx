import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImageManifest } from '../lib/image-variants';
import classes from './site-image.module.css';
import { SiteImage } from './site-image';

const manifest: ImageManifest = {
  base: '/img/v1',
  folders: { dogs: [800, 600], hero: [1920, 1080] },
  files: {},
};

describe('SiteImage', () => {
  it('offers AVIF then WebP variants with sizes, and the original with its width and height', () => {
    const { container } = render(
      <SiteImage
        manifest={manifest}
        src="/images/dogs/duke.jpg"
        alt="Duke in the meadow"
        sizes="50vw"
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      '/img/v1/dogs/duke-480.avif 480w, /img/v1/dogs/duke-800.avif 800w',
    );
    expect(sources[1]).toHaveAttribute(
      'srcset',
      '/img/v1/dogs/duke-480.webp 480w, /img/v1/dogs/duke-800.webp 800w',
    );
    for (const source of sources) expect(source).toHaveAttribute('sizes', '50vw');
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute('src', '/images/dogs/duke.jpg');
    expect(img).toHaveAttribute('alt', 'Duke in the meadow');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '600');
  });

  it('loads lazily unless it is the page’s priority image', () => {
    const { container, rerender } = render(
      <SiteImage manifest={manifest} src="/images/dogs/duke.jpg" alt="Duke" />,
    );
    const img = () => container.querySelector('img');
    expect(img()).toHaveAttribute('loading', 'lazy');
    expect(img()).not.toHaveAttribute('fetchpriority');
    rerender(<SiteImage manifest={manifest} src="/images/dogs/duke.jpg" alt="Duke" priority />);
    expect(img()).toHaveAttribute('loading', 'eager');
    expect(img()).toHaveAttribute('fetchpriority', 'high');
  });

  it('fills and crops to its box when asked, by its classes (no inline style per photo)', () => {
    const { container } = render(
      <SiteImage
        manifest={manifest}
        src="/images/dogs/duke.jpg"
        alt="Duke"
        cover
        className="extra"
        pictureClassName="frame"
      />,
    );
    const picture = container.querySelector('picture');
    const img = container.querySelector('img');
    expect(picture).toHaveClass(classes.fill!, 'frame');
    expect(img).toHaveClass(classes.cover!, 'extra');
    expect(picture).not.toHaveAttribute('style');
    expect(img).not.toHaveAttribute('style');
  });

  it('is a plain image when there are no variants, keeping given sizes', () => {
    const { container } = render(
      <SiteImage
        manifest={manifest}
        src="/images/social/home.jpg"
        alt="Share image"
        width={1200}
        height={630}
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('width', '1200');
  });

  it('asks the prerendered head to preload priority images, once each', () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <SiteImage manifest={manifest} src="/images/hero/home-hero.jpg" alt="Hero" priority />
          <SiteImage
            manifest={manifest}
            src="/images/hero/home-hero.jpg"
            alt="Hero again"
            priority
          />
          <SiteImage manifest={manifest} src="/images/dogs/duke.jpg" alt="Duke" />
        </body>
      </html>,
    );
    const preloads = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('type="image/avif"');
    expect(preloads[0]).toContain(
      'imageSrcSet="/img/v1/hero/home-hero-480.avif 480w, /img/v1/hero/home-hero-800.avif 800w, /img/v1/hero/home-hero-1200.avif 1200w, /img/v1/hero/home-hero-1920.avif 1920w"',
    );
  });

  it('gets the build’s sizes for the site’s own images', () => {
    const { container } = render(<SiteImage src="/images/dogs/duke.jpg" alt="Duke" />);
    expect(container.querySelector('source')?.getAttribute('srcset')).toMatch(
      /^\/img\/[0-9a-f]{10}\/dogs\/duke-480\.avif 480w/,
    );
    expect(container.querySelector('img')).toHaveAttribute('width', '800');
  });
});
