import { describe, expect, it } from 'vitest';
import {
  imageVariants,
  parseImageSource,
  variantWidths,
  type ImageManifest,
} from './image-variants';

const manifest: ImageManifest = {
  base: '/img/abc123',
  folders: { dogs: [800, 600], hero: [1920, 1080], social: [1200, 630] },
  files: { 'dogs/tall': [600, 900] },
};

describe('variantWidths', () => {
  it('never enlarges and always includes the full width up to the largest step', () => {
    expect(variantWidths(800, 'dogs')).toEqual([480, 800]);
    expect(variantWidths(600, 'team')).toEqual([480, 600]);
    expect(variantWidths(900, 'pedigrees')).toEqual([480, 800, 900]);
    expect(variantWidths(4000, 'dogs')).toEqual([480, 800, 1200]);
    expect(variantWidths(300, 'dogs')).toEqual([300]);
  });

  it('gives full-screen hero images a 1920 px variant', () => {
    expect(variantWidths(1920, 'hero')).toEqual([480, 800, 1200, 1920]);
    expect(variantWidths(3000, 'hero')).toEqual([480, 800, 1200, 1920]);
  });
});

describe('parseImageSource', () => {
  it('reads the folder and name of a site image', () => {
    expect(parseImageSource('/images/dogs/duke.jpg')).toEqual({ folder: 'dogs', key: 'dogs/duke' });
    expect(parseImageSource('/images/litters/a/b-c_d.png')).toEqual({
      folder: 'litters',
      key: 'litters/a/b-c_d',
    });
  });

  it('leaves anything else alone', () => {
    for (const src of [
      '/favicon.svg',
      'https://example.com/images/dogs/duke.jpg',
      '/images/duke.jpg',
      '/images/dogs/duke.gif',
    ]) {
      expect(parseImageSource(src)).toBeNull();
    }
  });
});

describe('imageVariants', () => {
  it('lists AVIF and WebP files by width, with the intrinsic size of the folder', () => {
    expect(imageVariants(manifest, '/images/dogs/duke.jpg')).toEqual({
      width: 800,
      height: 600,
      srcSet: {
        avif: '/img/abc123/dogs/duke-480.avif 480w, /img/abc123/dogs/duke-800.avif 800w',
        webp: '/img/abc123/dogs/duke-480.webp 480w, /img/abc123/dogs/duke-800.webp 800w',
      },
    });
  });

  it('uses the size of an image that differs from its folder', () => {
    const tall = imageVariants(manifest, '/images/dogs/tall.jpg');
    expect([tall?.width, tall?.height]).toEqual([600, 900]);
    expect(tall?.srcSet.avif).toBe(
      '/img/abc123/dogs/tall-480.avif 480w, /img/abc123/dogs/tall-600.avif 600w',
    );
  });

  it('has none for share images, unknown folders and other URLs', () => {
    expect(imageVariants(manifest, '/images/social/home.jpg')).toBeNull();
    expect(imageVariants(manifest, '/images/unknown/x.jpg')).toBeNull();
    expect(imageVariants(manifest, '/favicon.svg')).toBeNull();
  });
});
