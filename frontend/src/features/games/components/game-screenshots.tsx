import { useState } from 'react';
import { Modal } from '../../../components/modal';

interface GameScreenshotsProps {
  title: string;
  screenshots: string[] | null | undefined;
  bigScreenshots: string[] | null | undefined;
}

/** Thumbnails; one opens its large version (same position in bigScreenshots) in an overlay closed by a click. */
export function GameScreenshots({ title, screenshots, bigScreenshots }: GameScreenshotsProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (!screenshots || screenshots.length === 0) {
    return <p className="empty-state">No hay imágenes disponibles.</p>;
  }
  const close = () => setOpenIndex(null);
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
          <button type="button" className="lightbox__close" onClick={close} aria-label="Cerrar imagen">
            <img
              src={bigScreenshots?.[openIndex] || screenshots[openIndex]}
              alt={`Captura ${openIndex + 1} de ${title}, tamaño grande`}
              width={1280}
              height={720}
              decoding="async"
            />
          </button>
        </Modal>
      ) : null}
    </>
  );
}
