import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useAccountConfirmation } from '../api/use-account-confirmation';
import './auth.css';

/** /confirm after registering; /confirm?token=... is the link of the confirmation e-mail. */
export function ConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data, error, isLoading } = useAccountConfirmation(token);
  usePageMeta({ title: 'Confirmación de cuenta' });

  let content;
  if (!token) {
    content = <p>Se ha enviado un email de confirmación a tu correo electrónico</p>;
  } else if (isLoading) {
    content = <p role="status">Confirmando tu cuenta...</p>;
  } else if (error) {
    content = (
      <p className="form-error" role="alert">
        {serverMessage(error, 'No se ha podido confirmar la cuenta. El enlace no es válido o ha caducado.')}
      </p>
    );
  } else if (data !== undefined) {
    content = (
      <>
        <p className="form-success">Tu cuenta ha sido confirmada. Ya puedes iniciar sesión.</p>
        <Link to={routes.login()} className="button button--primary">
          Iniciar sesión
        </Link>
      </>
    );
  }

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Confirma tu cuenta</h1>
        {content}
      </div>
    </div>
  );
}
