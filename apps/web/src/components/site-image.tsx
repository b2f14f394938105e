import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { preload } from 'react-dom';
import { imageManifest } from 'virtual:cedar-images';
import { imageVariants, type ImageManifest } from '../lib/image-variants';
import classes from './site-image.module.css';

export interface SiteImageProps extends Omit<
  ComponentPropsWithRef<'img'>,
  'src' | 'alt' | 'srcSet' | 'loading'
> {
  /** '/images/<folder>/<name>.jpg' from packages/content */
  src: string;
  alt: string;
  /** How wide the image shows, for the browser's choice of file: a CSS `sizes` value. */
  sizes?: string;
  /**
   * The page's main image (its LCP): loaded at once with high priority and preloaded in the
   * prerendered head. Every other image loads lazily, when it nears the viewport.
   */
  priority?: boolean;
  /** Fills its box (an AspectRatio, say) and crops to it, like background-size: cover. */
  cover?: boolean;
  /** The <picture> element's class and style, for layout around the image. */
  pictureClassName?: string;
  pictureStyle?: CSSProperties;
  /** For tests; the build's manifest otherwise. */
  manifest?: ImageManifest;
}

/** `sizes` for the site's usual layouts (Container lg, breakpoints sm 48em and lg 75em). */
export const imageSizes = {
  full: '100vw',
  /** Two columns from sm */
  half: '(min-width: 75em) 600px, (min-width: 48em) 50vw, 100vw',
  /** Three columns from sm */
  third: '(min-width: 75em) 400px, (min-width: 48em) 33vw, 100vw',
  /** Four columns from lg, two from sm */
  quarter: '(min-width: 75em) 300px, (min-width: 48em) 50vw, 100vw',
} as const;

/**
 * A site photo as a <picture>: AVIF and WebP variants at several widths (made at build time by
 * vite/images-plugin.ts) and the original as the fallback, with its intrinsic width and height so
 * nothing moves while it loads.
 */
export function SiteImage({
  src,
  alt,
  sizes = '100vw',
  priority = false,
  cover = false,
  pictureClassName,
  pictureStyle,
  manifest = imageManifest,
  width,
  height,
  style,
  className,
  ...rest
}: SiteImageProps) {
  const variants = imageVariants(manifest, src);
  // React puts the preload in the prerendered page's head: the browser asks for the main image
  // before it has laid out the page.
  if (priority && variants)
    preload(src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: variants.srcSet.avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  const img = (
    <img
      src={src}
      alt={alt}
      width={width ?? variants?.width}
      height={height ?? variants?.height}
      loading={priority ? 'eager' : 'lazy'}
      // The main image shows the moment it arrives; the others are decoded off the main thread.
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cover ? [classes.cover, className].filter(Boolean).join(' ') : className}
      style={style}
      {...rest}
    />
  );
  if (!variants) return img;
  return (
    <picture
      className={
        cover ? [classes.fill, pictureClassName].filter(Boolean).join(' ') : pictureClassName
      }
      style={pictureStyle}
    >
      <source type="image/avif" srcSet={variants.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={variants.srcSet.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
