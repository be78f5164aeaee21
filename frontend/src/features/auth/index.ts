// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { RequireAuth } from './components/require-auth';
export { useAuthenticatedKey, useSession } from './use-session';
export { changePassword } from './api/password';
