/** Mail providers that ignore dots in the local part and answer for a second domain. */
const DOTS_IGNORED: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The one form in which e-mail addresses are compared: lower case, no '+tag' (sub-addressing delivers
 * `ana+1@x.es` to `ana@x.es`), and for Gmail no dots and one domain. Two accounts whose addresses reach
 * the same mailbox this way collide, so one mailbox cannot confirm many accounts.
 */
export function emailKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED[domain]) {
    local = local.replaceAll('.', '');
    domain = DOTS_IGNORED[domain];
  }
  return `${local}@${domain}`;
}
