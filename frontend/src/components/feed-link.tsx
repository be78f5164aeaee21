import type { PageFeed } from '@veredicto/contract';

/**
 * A page's feed, visible to a reader who wants to follow it from a feed reader (Atom; the head also links
 * the JSON Feed). A plain link: a feed reader, or the browser, opens the address.
 */
export function FeedLink({ feed }: { feed: PageFeed }) {
  return (
    <a className="feed-link" href={feed.path('xml')} type="application/atom+xml" data-testid="feed-link">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <circle cx="3" cy="13" r="2" fill="currentColor" />
        <path
          d="M1 6a9 9 0 0 1 9 9M1 1a14 14 0 0 1 14 14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      Suscríbete: {feed.title} (RSS)
    </a>
  );
}
