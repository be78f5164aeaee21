import type { Video } from '../../../lib/types';

export function GameVideos({ videos }: { videos: Video[] | null | undefined }) {
  if (!videos || videos.length === 0) return <p className="empty-state">No hay videos disponibles.</p>;
  return (
    <ul className="video-grid">
      {videos.map((video) => (
        <li key={video.id}>
          <figure className="video">
            <div className="video__frame">
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoID)}`}
                title={video.title}
                width={560}
                height={315}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
            <figcaption className="video__title">{video.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
