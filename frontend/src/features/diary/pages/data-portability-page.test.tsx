import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import type { DiaryImport } from '../../../lib/types';
import { DataPortabilityPage } from './data-portability-page';

const row = (line: number, title: string, candidates: DiaryImport['matched'][number]['candidates'] = []) => ({
  line,
  title,
  platform: null,
  status: 'completed' as const,
  rating: 80,
  ratingText: '4',
  ratingMapping: '4/5 → 80',
  hours: null,
  startedAt: null,
  finishedAt: null,
  problem: null,
  candidates,
});

const ready: DiaryImport = {
  id: 7,
  source: 'grouvee',
  ratingScale: { detected: 5, options: [5, 10, 100] },
  state: 'ready',
  rows: 3,
  matched: [row(1, 'Astral Chain', [{ igdbID: 11, title: 'Astral Chain', year: 2019 }])],
  ambiguous: [
    row(2, 'Dreamscaper', [
      { igdbID: 21, title: 'Dreamscaper', year: 2020 },
      { igdbID: 22, title: 'Dreamscaper', year: 2021 },
    ]),
  ],
  unmatched: [{ ...row(3, 'Tribes: Ascend'), problem: null }],
  result: null,
};

describe('DataPortabilityPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('uploads a file, shows the three groups, and confirms with the game picked for a doubtful row', async () => {
    window.localStorage.setItem('token', 'sesion');
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/user/import' && init?.method === 'POST')
        return jsonResponse({ ...ready, state: 'matching' });
      if (url === '/api/user/import/7') return jsonResponse(ready);
      if (url === '/api/user/import/7/confirm')
        return jsonResponse({ ...ready, state: 'done', result: { statuses: 2, ratings: 2 } });
      return jsonResponse({ username: 'ana', email: 'ana@example.com' });
    });
    renderWithProviders(<DataPortabilityPage />);

    const file = new File(['id,name,shelves\n'], 'grouvee.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Fichero'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Origen'), { target: { value: 'grouvee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir y buscar los juegos' }));

    expect(await screen.findByRole('heading', { name: 'Encontrados (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dudosos (1): elige el juego' })).toBeTruthy();
    expect(screen.getByText('Fila 3: «Tribes: Ascend»')).toBeTruthy();
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/user/import');
    const sent = upload?.[1]?.body as FormData;
    expect(sent.get('source')).toBe('grouvee');
    expect((sent.get('file') as File).name).toBe('grouvee.csv');

    fireEvent.change(screen.getByLabelText(/«Dreamscaper»/), { target: { value: '22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar importación' }));
    expect((await screen.findByTestId('import-result')).textContent).toContain(
      'Importación terminada: 2 estados y 2 notas añadidos.',
    );
    const confirm = fetchMock.mock.calls.find(([url]) => url === '/api/user/import/7/confirm');
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ choices: [{ line: 2, igdbID: 22 }] });
  }, 20_000);

  it('shows each score mapping, and asks the scale before confirming when the file cannot tell it', async () => {
    window.localStorage.setItem('token', 'sesion');
    const asked: DiaryImport = {
      ...ready,
      source: 'csv',
      ratingScale: { detected: null, options: [5, 10, 100] },
      matched: [{ ...ready.matched[0], rating: null, ratingText: '4,5', ratingMapping: null }],
      ambiguous: [],
      unmatched: [],
    };
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/user/import' && init?.method === 'POST') return jsonResponse(asked);
      if (url === '/api/user/import/7') return jsonResponse(asked);
      if (url === '/api/user/import/7/confirm')
        return jsonResponse({ ...asked, state: 'done', result: { statuses: 1, ratings: 1 } });
      return jsonResponse({ username: 'ana', email: 'ana@example.com' });
    });
    renderWithProviders(<DataPortabilityPage />);
    const file = new File(['titulo;nota\n'], 'notas.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Fichero'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir y buscar los juegos' }));

    expect(await screen.findByText(/nota 4,5 \(¿sobre cuánto\?\)/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Confirmar importación' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/¿Sobre cuánto están las notas/), { target: { value: '10' } });
    expect(await screen.findByText(/nota 4,5\/10 → 45/)).toBeTruthy();
    fireEvent.click(button);
    await screen.findByTestId('import-result');
    const confirm = fetchMock.mock.calls.find(([url]) => url === '/api/user/import/7/confirm');
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ choices: [], ratingScale: 10 });
  }, 20_000);

  it("shows the API's Spanish message when the file is refused", async () => {
    window.localStorage.setItem('token', 'sesion');
    stubFetch((url) =>
      url === '/api/user/import'
        ? jsonResponse({ statusCode: 400, message: 'El fichero está vacío' }, 400)
        : jsonResponse({ username: 'ana', email: 'ana@example.com' }),
    );
    renderWithProviders(<DataPortabilityPage />);
    fireEvent.change(await screen.findByLabelText('Fichero'), {
      target: { files: [new File([''], 'vacio.csv')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subir y buscar los juegos' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('El fichero está vacío'));
  });
});
