import {
  useEffect,
  useRef,
  useState,
  type Key,
  type KeyboardEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { REDUCED_MOTION_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from '../lib/use-media-query';

export const AUTO_ADVANCE_MS = 3000;
export const SWIPE_THRESHOLD_PX = 50;

type SlidePosition = 'active' | 'prev' | 'next' | 'hidden';

export function slidePosition(index: number, active: number, count: number): SlidePosition {
  if (index === active) return 'active';
  if (count > 1 && index === (active + 1) % count) return 'next';
  if (count > 2 && index === (active - 1 + count) % count) return 'prev';
  return 'hidden';
}

interface CarouselProps<T> {
  label: string;
  items: T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
}

/**
 * Under 900 px: the active card with its neighbours, wrapping around, swipe > 50 px to move, and automatic
 * advance every 3 s that pauses while the carousel is touched. Wider: a scrollable row with the same buttons.
 */
export function Carousel<T>({ label, items, getKey, renderItem }: CarouselProps<T>) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [active, setActive] = useState(0);
  const [touched, setTouched] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const count = items.length;
  const current = count === 0 ? 0 : active % count;
  const autoAdvance = small && !touched && !reducedMotion && count > 1;

  useEffect(() => {
    if (!autoAdvance) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [autoAdvance, current, count]);

  const move = (step: 1 | -1) => {
    if (count === 0) return;
    if (small) {
      setActive((index) => (index + step + count) % count);
      return;
    }
    const track = trackRef.current;
    if (!track) return;
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    const atStart = track.scrollLeft <= 2;
    if (step === 1 && atEnd) track.scrollTo({ left: 0, behavior: 'smooth' });
    else if (step === -1 && atStart) track.scrollTo({ left: track.scrollWidth, behavior: 'smooth' });
    else track.scrollBy({ left: step * track.clientWidth * 0.8, behavior: 'smooth' });
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
    setTouched(true);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    setTouched(false);
    if (!small || start === null || end === undefined) return;
    const distance = end - start;
    if (Math.abs(distance) > SWIPE_THRESHOLD_PX) move(distance < 0 ? 1 : -1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  if (count === 0) return null;

  return (
    <section
      className={`carousel ${small ? 'carousel--small' : 'carousel--wide'}`}
      aria-roledescription="carrusel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => setTouched(false)}
    >
      <button type="button" className="carousel__button carousel__button--prev" onClick={() => move(-1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">Retroceder</span>
      </button>
      <ul ref={trackRef} className="carousel__track" aria-live={autoAdvance ? 'off' : 'polite'}>
        {items.map((item, index) => {
          const position = small ? slidePosition(index, current, count) : 'active';
          return (
            <li
              key={getKey(item)}
              className={`carousel__slide carousel__slide--${position}`}
              data-position={position}
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${count}`}
              aria-hidden={position === 'hidden' ? true : undefined}
            >
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
      <button type="button" className="carousel__button carousel__button--next" onClick={() => move(1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">Avanzar</span>
      </button>
    </section>
  );
}
