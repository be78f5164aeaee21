import { apiDownload } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Downloads the user's data as the ZIP the API builds, under the name it gives. */
export async function downloadExport(): Promise<void> {
  const { blob, fileName } = await apiDownload(apiPaths.user.export());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'veredicto.zip';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
