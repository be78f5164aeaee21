import { pageTexts } from '@veredicto/contract';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useEmailConfirmation } from '../api/use-email-confirmation';
import './auth.css';

/** /confirm-email?token=...: the link mailed to a new address; the account takes it once opened. */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data, error, isLoading } = useEmailConfirmation(token);
  usePageMeta(pageTexts.confirmEmail());

  let content;
  if (!token || error) {
    content = (
      <p className="form-error" role="alert">
        {serverMessage(error, 'El enlace de confirmación no es válido o ha caducado.')}
      </p>
    );
  } else if (isLoading) {
    content = <p role="status">Confirmando tu nuevo email...</p>;
  } else if (data !== undefined) {
    content = (
      <>
        <p className="form-success">
          {data?.message ?? 'Tu nuevo correo electrónico ha quedado confirmado.'}
        </p>
        <Link to={routes.profile()} className="button button--primary">
          Ir a mi cuenta
        </Link>
      </>
    );
  }

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Confirma tu nuevo email</h1>
        {content}
      </div>
    </div>
  );
}
