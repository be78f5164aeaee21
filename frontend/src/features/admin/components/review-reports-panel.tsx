import { REPORT_REASON_LABELS } from '@veredicto/contract';
import { decideReport } from '../api/decide-report';
import { useReviewReports } from '../api/use-review-reports';
import { ReportQueue } from './report-decision';

/** 'Denuncias': the open reports of user reviews, each decided with a written reason. */
export function ReviewReportsPanel() {
  const reports = useReviewReports();
  return (
    <ReportQueue
      reports={reports}
      loading="Cargando denuncias..."
      failure="Error al obtener las denuncias"
      empty="No hay denuncias pendientes."
      decision={(report) => ({
        title: `${report.gameTitle} · crítica de ${report.author}`,
        said: REPORT_REASON_LABELS[report.reason],
        report,
        children: <blockquote className="report__content">{report.content}</blockquote>,
        reasonLabel: 'Motivo de la decisión (se envía al autor si se oculta)',
        dismiss: {
          label: 'Mantener',
          decide: (reason) => decideReport(report.id, 'keep', reason),
          done: 'Crítica mantenida',
        },
        act: {
          label: 'Ocultar',
          decide: (reason) => decideReport(report.id, 'hide', reason),
          done: 'Crítica ocultada; se ha avisado a su autor',
        },
      })}
    />
  );
}
