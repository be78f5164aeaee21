/** The spec's alerts (section 8) are browser alerts; kept in one place. */
export function notify(message: string): void {
  window.alert(message);
}
