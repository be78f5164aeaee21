import { useState } from 'react';
import type { Video } from '../../../lib/types';

export const youtubeEmbedUrl = (videoID: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoID)}?autoplay=1`;

export const youtubeThumbnailUrl = (videoID: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoID)}/hqdefault.jpg`;

/**
 * A lightweight facade (thumbnail and play button) that only loads the YouTube player when clicked, so the
 * page does not pay for one iframe per video on load.
 */
function VideoPlayer({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={youtubeEmbedUrl(video.videoID)}
        title={video.title}
        width={560}
        height={315}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button
      type="button"
      className="video__facade"
      aria-label={`Reproducir vídeo: ${video.title}`}
      onClick={() => setPlaying(true)}
    >
      <img
        src={youtubeThumbnailUrl(video.videoID)}
        alt=""
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
      />
      <span className="video__play" aria-hidden="true" />
    </button>
  );
}

export function GameVideos({ videos }: { videos: Video[] | null | undefined }) {
  if (!videos || videos.length === 0) return <p className="empty-state">No hay videos disponibles.</p>;
  return (
    <ul className="video-grid">
      {videos.map((video) => (
        <li key={video.id}>
          <figure className="video">
            <div className="video__frame">
              <VideoPlayer video={video} />
            </div>
            <figcaption className="video__title">{video.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
