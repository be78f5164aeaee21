import { useState } from 'react';
import { PlaceholderCover } from './placeholder-cover';

interface CoverImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/** An image with fixed dimensions (no layout shift) that falls back to the placeholder when missing or broken. */
export function CoverImage({ src, alt, width, height, className, loading = 'lazy' }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <PlaceholderCover alt={alt} className={className} />;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
