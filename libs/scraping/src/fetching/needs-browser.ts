import { load } from 'cheerio';

/** Below this much visible text a page is most likely an empty shell waiting for its scripts. */
const MIN_VISIBLE_TEXT = 200;
const APP_ROOT_SELECTOR = '#root, #app, #__next, #__nuxt, #___gatsby';
const ENABLE_JS_PROMPT =
  /(enable|turn on|activ(?:a|e)|habilit(?:a|e)|necesitas?|requires?|need)[^.]{0,40}javascript|javascript[^.]{0,40}(required|disabled|desactivado|necesario)/i;

/**
 * Default test of whether an HTML page served over plain HTTP needs a browser to show its content: very
 * little visible text, an empty single-page-app root, or a `<noscript>` asking to enable JavaScript.
 */
export function defaultNeedsBrowser(html: string): boolean {
  const $ = load(html);
  const noscriptText = $('noscript').text();
  if (ENABLE_JS_PROMPT.test(noscriptText)) return true;

  const emptyRoot = $(APP_ROOT_SELECTOR)
    .toArray()
    .some((element) => $(element).children().length === 0 && $(element).text().trim() === '');
  if (emptyRoot) return true;

  $('script, style, noscript, template, svg, head').remove();
  const visibleText = $('body').text().replace(/\s+/g, ' ').trim();
  return visibleText.length < MIN_VISIBLE_TEXT;
}
