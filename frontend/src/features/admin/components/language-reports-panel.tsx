import { LANGUAGE_LOCALE_LABELS, PLATFORMS } from '@veredicto/contract';
import type { LanguageReport } from '../../../lib/types';
import { decideLanguageReport, useLanguageReports } from '../api/language-reports';
import { ReportQueue } from './report-decision';

const said = (value: boolean | null) => (value === null ? 'no lo sabe' : value ? 'sí' : 'no');

/** What the report says, in words: 'PlayStation 5 · castellano · voces: sí · textos: no lo sabe'. */
export function languageClaimText(report: LanguageReport): string {
  const platform = PLATFORMS.find((one) => one.id === report.platform)?.name ?? report.platform;
  const locale = LANGUAGE_LOCALE_LABELS[report.locale].toLowerCase();
  return `${platform} · ${locale} · voces: ${said(report.audio)} · textos: ${said(report.text)}`;
}

/** 'Avisos de idiomas': players' reports of a game's Spanish, each accepted or rejected with a reason. */
export function LanguageReportsPanel() {
  const reports = useLanguageReports();
  return (
    <ReportQueue
      reports={reports}
      loading="Cargando avisos..."
      failure="Error al obtener los avisos"
      empty="No hay avisos de idiomas pendientes."
      decision={(report) => ({
        title: `${report.gameTitle} · aviso de ${report.reporter}`,
        said: languageClaimText(report),
        report,
        reasonLabel: 'Motivo de la decisión (se envía a quien informó)',
        dismiss: {
          label: 'Rechazar',
          decide: (reason) => decideLanguageReport(report.id, false, reason),
          done: 'Aviso rechazado',
        },
        act: {
          label: 'Aceptar',
          decide: (reason) => decideLanguageReport(report.id, true, reason),
          done: 'Aviso aceptado: ya está en la ficha del juego',
        },
      })}
    />
  );
}
