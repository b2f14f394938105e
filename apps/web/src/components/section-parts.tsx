import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button, Card, Text, type CardProps } from '@mantine/core';
import { SiteImage } from './site-image';
import { usePageAction } from './page-actions';

// The interactive parts the editable sections place (decision 014): a section holds no state,
// handler or effect of its own, so whatever needs one is here, in the shipped code, and the
// section fills it with data. The section check lets a section use these and nothing else.

/**
 * The hero's full-bleed photo. If it fails to load, the failure is logged and the photo hidden
 * (spec: "If the hero image fails to load, the error is logged and the image is hidden").
 */
export function HeroPhoto({ src, alt }: { src: string; alt: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const reported = useRef(false);
  const [failed, setFailed] = useState(false);

  const onError = useCallback(() => {
    if (!reported.current) {
      reported.current = true;
      console.error(`Hero image failed to load: ${src}`);
    }
    setFailed(true);
  }, [src]);

  // The prerendered image can fail before hydration, when no onError handler is attached yet.
  useEffect(() => {
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0) onError();
  }, [onError]);

  if (failed) return null;
  return (
    <SiteImage
      ref={imageRef}
      src={src}
      alt={alt}
      priority
      cover
      sizes="100vw"
      onError={onError}
      pictureStyle={{ position: 'absolute', inset: 0 }}
      style={{ objectPosition: '70% 50%' }}
    />
  );
}

/** The collapsed text: the first `limit` characters and an ellipsis. */
export function collapseText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/**
 * A text collapsed to `limit` characters with a Read More / Read Less toggle, offered only when
 * the text is longer than that.
 */
export function ReadMoreText({
  text,
  limit,
  readMore,
  readLess,
}: {
  text: string;
  limit: number;
  readMore: string;
  readLess: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = text.length > limit;
  return (
    <>
      <Text id={textId} fs="italic" style={{ whiteSpace: 'pre-line' }}>
        {expanded || !long ? text : collapseText(text, limit)}
      </Text>
      {long && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="sm"
          px={4}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? readLess : readMore}
        </Button>
      )}
    </>
  );
}

/**
 * A card that opens an article of the page (the Holistic Health page's health cards): a press
 * anywhere on it opens the article named by `article`.
 */
export function ArticleCard({
  article,
  style,
  ...card
}: CardProps & {
  article: string;
  component?: 'div' | 'article' | 'section' | 'li';
  children?: ReactNode;
  style?: CSSProperties;
}) {
  const act = usePageAction();
  return (
    <Card
      {...card}
      onClick={act('article', article)}
      data-testid="health-card"
      style={{ cursor: 'pointer', ...style }}
    />
  );
}
