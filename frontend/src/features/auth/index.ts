// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { RequireAuth } from './components/require-auth';
export { useAuthenticatedKey, useSession } from './use-session';
export { changePassword } from './api/password';
export { NewPasswordFields, newPasswordProblem, useNewPassword } from './components/new-password-fields';
export { loginStateFrom, SESSION_EXPIRED_NOTICE, type LoginState } from './login-state';
export { SessionExpiredBanner } from './components/session-expired-banner';
