import { useState } from 'react';

interface GuideCardProps {
  name: string;
  title: string;
  quote: string | null;
  /** The guide's own image; null → the fallback straight away. */
  imageSrc: string | null;
  fallbackSrc: string;
  imageAlt: string;
}

/** One guide: image (falls back once if missing or broken), name, title and the quote when present. */
export function GuideCard({ name, title, quote, imageSrc, fallbackSrc, imageAlt }: GuideCardProps) {
  const [failed, setFailed] = useState(false);
  const src = imageSrc && !failed ? imageSrc : fallbackSrc;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line">
      <img
        src={src}
        alt={imageAlt}
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed(true)}
        className="aspect-square w-full bg-paper object-cover"
      />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h3 className="font-display text-xl font-semibold">{name}</h3>
        <p className="mt-1 text-sm font-medium text-ink-muted">{title}</p>
        {quote && (
          <blockquote className="mt-4 border-l-2 border-lens-1 pl-3 text-base leading-relaxed text-ink-soft">
            <p>“{quote}”</p>
          </blockquote>
        )}
      </div>
    </article>
  );
}

/** The loading state of a card: same size, no content. */
export function GuideCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="guide-skeleton"
      className="flex h-full animate-shimmer flex-col overflow-hidden rounded-card bg-surface ring-1 ring-line"
    >
      <div className="aspect-square w-full bg-line/70" />
      <div className="space-y-3 p-5 sm:p-6">
        <div className="h-5 w-2/3 rounded-full bg-line" />
        <div className="h-3.5 w-1/2 rounded-full bg-line/80" />
        <div className="h-3.5 w-5/6 rounded-full bg-line/60" />
      </div>
    </div>
  );
}
