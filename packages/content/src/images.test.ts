import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  collectImagePaths,
  collectImageReferences,
  collectModuleImageReferences,
} from './image-paths';
import * as content from './index';

const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));
const referenced = [...collectModuleImageReferences(content).keys()].sort();

describe('image path walker', () => {
  it('finds image paths deeply, with the object that holds them', () => {
    const dog = {
      name: 'Rex',
      image: '/images/dogs/rex.jpg',
      gallery: ['/images/a/b.png', 'not/an/image.jpg'],
    };
    const root = {
      dogs: [dog],
      copy: { hero: { src: '/images/hero/x.jpg' } },
      alt: '/images/too.gif',
    };
    const refs = collectImageReferences(root);
    expect([...refs.keys()].sort()).toEqual([
      '/images/a/b.png',
      '/images/dogs/rex.jpg',
      '/images/hero/x.jpg',
    ]);
    expect(refs.get('/images/dogs/rex.jpg')?.[0]?.owner).toBe(dog);
    expect(refs.get('/images/a/b.png')?.[0]?.owner).toBe(dog);
  });

  it('survives cycles and skips functions and class instances', () => {
    class Schema {
      example = '/images/never/seen.jpg';
    }
    const cyclic: Record<string, unknown> = {
      image: '/images/x/y.jpg',
      fn: () => '/images/no.jpg',
      schema: new Schema(),
    };
    cyclic.self = cyclic;
    expect(collectImagePaths(cyclic)).toEqual(['/images/x/y.jpg']);
  });

  it('sees the data, the copy and the page meta of the package', () => {
    expect(referenced).toContain('/images/dogs/duke.jpg');
    expect(referenced).toContain('/images/social/home.jpg');
    expect(referenced).toContain('/images/pedigrees/duke.jpg');
    expect(referenced.length).toBeGreaterThan(200);
  });
});

describe('public images', () => {
  it('exist for every path the package references (run `npm run images` to create missing ones)', () => {
    const missing = referenced.filter((p) => !existsSync(`${PUBLIC_DIR}${p}`));
    expect(missing).toEqual([]);
  });

  it('make every social image exactly 1200x630', async () => {
    const social = referenced.filter((p) => p.startsWith('/images/social/'));
    expect(social.length).toBe(content.pageMeta.length);
    for (const p of social) {
      const { width, height } = await sharp(`${PUBLIC_DIR}${p}`).metadata();
      expect([p, width, height]).toEqual([p, 1200, 630]);
    }
  });

  it('have the favicon', () => {
    expect(existsSync(`${PUBLIC_DIR}/favicon.svg`)).toBe(true);
  });
});
