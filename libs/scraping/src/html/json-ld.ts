import type { CheerioAPI } from 'cheerio';

export type JsonLdNode = Record<string, unknown>;

/** Every JSON-LD object of a page, in document order, with `@id` references resolvable. */
export interface JsonLdGraph {
  nodes: JsonLdNode[];
  /** The object that contains a node (the VideoGame around its `review`), null for top-level nodes. */
  parentOf(node: JsonLdNode): JsonLdNode | null;
  /** A value as a node: an object, or the node an `{ "@id": ... }` reference points to; arrays give their first. */
  node(value: unknown): JsonLdNode | null;
  /** A value as nodes: like `node` for each item of an array. */
  nodeList(value: unknown): JsonLdNode[];
}

const MAX_DEPTH = 12;

export function readJsonLd($: CheerioAPI): JsonLdGraph {
  const nodes: JsonLdNode[] = [];
  const parents = new Map<JsonLdNode, JsonLdNode | null>();
  const byId = new Map<string, JsonLdNode>();

  const visit = (value: unknown, parent: JsonLdNode | null, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, parent, depth + 1);
      return;
    }
    if (!isNode(value) || parents.has(value)) return;
    const isGraphContainer = '@graph' in value && !('@type' in value);
    if (!isGraphContainer) {
      nodes.push(value);
      parents.set(value, parent);
      const id = value['@id'];
      // A bare reference ({ "@id": "#org" }) must not shadow the full node it points to.
      if (typeof id === 'string' && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '@context') continue;
      visit(child, isGraphContainer || key === '@graph' ? parent : value, depth + 1);
    }
  };

  $('script').each((_index, element) => {
    const type = ($(element).attr('type') ?? '').toLowerCase();
    if (!type.startsWith('application/ld+json')) return;
    const parsed = parseTolerantly($(element).text());
    if (parsed !== undefined) visit(parsed, null, 0);
  });

  const node = (value: unknown): JsonLdNode | null => {
    const first = Array.isArray(value) ? value[0] : value;
    if (!isNode(first)) return null;
    const id = first['@id'];
    if (typeof id === 'string' && Object.keys(first).length === 1) return byId.get(id) ?? first;
    return first;
  };
  const nodeList = (value: unknown): JsonLdNode[] =>
    (Array.isArray(value) ? value : [value]).map((item) => node(item)).filter((item) => item !== null);

  return { nodes, parentOf: (child) => parents.get(child) ?? null, node, nodeList };
}

/** Whether a node has one of the types ('Article' matches `"@type": ["Article", "NewsArticle"]`). */
export function hasType(node: JsonLdNode, ...types: string[]): boolean {
  const declared = node['@type'];
  const list = Array.isArray(declared) ? declared : [declared];
  return list.some(
    (type) => typeof type === 'string' && types.includes(type.replace(/^(https?:\/\/)?schema\.org\//, '')),
  );
}

/** A scalar value as text: strings, numbers, `{ "@value": ... }`, the first of an array. */
export function textValue(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim() || null;
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  if (isNode(first) && '@value' in first) return textValue(first['@value']);
  return null;
}

/** An image value's URL: a string, an ImageObject (url or contentUrl), or the first of an array. */
export function imageValue(graph: JsonLdGraph, value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim() || null;
  const image = graph.node(first);
  if (!image) return null;
  return textValue(image.url) ?? textValue(image.contentUrl) ?? textValue(image['@id']);
}

function isNode(value: unknown): value is JsonLdNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON-LD written by CMS templates is often not valid JSON: HTML comments or CDATA around it, raw
 * newlines inside strings, trailing commas, several objects pasted one after another. Each repair is
 * tried only if the stricter reading failed.
 */
function parseTolerantly(source: string): unknown {
  const unwrapped = source
    .replace(/^\s*(<!--|\/\*\s*<!\[CDATA\[\s*\*\/|\/\/\s*<!\[CDATA\[)/, '')
    .replace(/(-->|\/\*\s*\]\]>\s*\*\/|\/\/\s*\]\]>)\s*$/, '')
    .trim();
  if (!unwrapped) return undefined;
  // Raw control characters (line breaks, tabs) are only invalid inside strings; outside they were blanks.
  const withoutControls = unwrapped.replace(/\p{Cc}+/gu, ' ');
  const withoutTrailingCommas = withoutControls.replace(/,\s*([}\]])/g, '$1');
  const attempts = [
    unwrapped,
    withoutControls,
    withoutTrailingCommas,
    `[${withoutTrailingCommas.replace(/}\s*{/g, '},{')}]`,
  ];
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as unknown;
    } catch {
      // Try the next, more forgiving, repair.
    }
  }
  return undefined;
}
