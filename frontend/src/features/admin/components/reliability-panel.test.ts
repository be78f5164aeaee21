import { describe, expect, it } from 'vitest';
import { reliabilityLines } from './reliability-panel';

describe('reliabilityLines', () => {
  it('says when the figures were last checked, how many were fixed and what waits for the queue', () => {
    // Midday UTC: the 24th in any time zone the tests run in.
    const lines = reliabilityLines({
      reconciliation: { at: '2026-11-24T12:10:00.000Z', checked: 120, fixed: 2, gameIds: [4, 9] },
      outbox: { pending: 3, oldestPendingSeconds: 12.4 },
    });
    expect(lines[0]).toMatch(
      /^Última revisión de las notas: 24-11-2026 a las \d\d:\d\d; 120 juegos revisados, 2 corregidos\.$/,
    );
    expect(lines[1]).toBe('Recálculos pendientes de enviar a la cola: 3 (el más antiguo hace 12 s).');
  });

  it('says so when nothing was checked yet and nothing waits', () => {
    expect(
      reliabilityLines({ reconciliation: null, outbox: { pending: 0, oldestPendingSeconds: null } }),
    ).toEqual(['Las notas aún no se han revisado.', 'No hay recálculos pendientes de enviar a la cola.']);
  });
});
