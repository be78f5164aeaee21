import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Modal } from '../../../components/modal';

interface GameScreenshotsProps {
  title: string;
  screenshots: string[] | null | undefined;
  bigScreenshots: string[] | null | undefined;
}

/** How far a finger must travel sideways for a swipe to change the image. */
const SWIPE_PX = 40;

/**
 * Thumbnails; one opens its large version (same position in bigScreenshots) in an overlay closed by a click
 * on the image. The overlay goes to the previous and next image with its buttons, the arrow keys and a swipe.
 */
export function GameScreenshots({ title, screenshots, bigScreenshots }: GameScreenshotsProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const touchStart = useRef<number | null>(null);
  if (!screenshots || screenshots.length === 0) {
    return <p className="empty-state">No hay imágenes disponibles.</p>;
  }
  const count = screenshots.length;
  const close = () => setOpenIndex(null);
  const step = (by: number) =>
    setOpenIndex((index) => (index === null ? null : (index + by + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    event.preventDefault();
    step(end < start ? 1 : -1);
  };
  return (
    <>
      <ul className="screenshot-grid">
        {screenshots.map((src, index) => (
          <li key={`${src}-${index}`}>
            <button type="button" className="screenshot" onClick={() => setOpenIndex(index)}>
              <img
                src={src}
                alt={`Captura ${index + 1} de ${title}`}
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {openIndex !== null ? (
        <Modal
          title={`Captura ${openIndex + 1} de ${title}`}
          onClose={close}
          hideTitle
          className="modal--lightbox"
        >
          <div className="lightbox" onKeyDown={onKeyDown} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            <button type="button" className="lightbox__close" onClick={close} aria-label="Cerrar imagen">
              <img
                src={bigScreenshots?.[openIndex] || screenshots[openIndex]}
                alt={`Captura ${openIndex + 1} de ${title}, tamaño grande`}
                width={1280}
                height={720}
                decoding="async"
              />
            </button>
            {count > 1 ? (
              <div className="lightbox__nav">
                <button
                  type="button"
                  className="button"
                  onClick={() => step(-1)}
                  aria-label="Imagen anterior"
                >
                  ‹ Anterior
                </button>
                <span className="lightbox__count" aria-live="polite">
                  {openIndex + 1} / {count}
                </span>
                <button
                  type="button"
                  className="button"
                  onClick={() => step(1)}
                  aria-label="Imagen siguiente"
                >
                  Siguiente ›
                </button>
              </div>
            ) : null}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
