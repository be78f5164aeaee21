import { SaxesParser } from 'saxes';

/**
 * Reads a document as a strict XML 1.0 parser does (saxes, as feed readers do): throws on any character XML
 * forbids, raw or as a reference, and on any well-formedness error. Answers the text of every <title>.
 */
export function strictXmlTitles(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const titles: string[] = [];
  let inTitle = false;
  let text = '';
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    inTitle = tag.local === 'title';
    text = '';
  });
  const collect = (chunk: string) => {
    if (inTitle) text += chunk;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', (tag) => {
    if (tag.local === 'title') titles.push(text);
    inTitle = false;
  });
  parser.write(xml).close();
  if (failure) throw failure;
  return titles;
}
