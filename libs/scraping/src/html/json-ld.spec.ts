import { load } from 'cheerio';
import { hasType, imageValue, readJsonLd, textValue } from './json-ld.js';

const scripts = (...bodies: string[]) =>
  load(bodies.map((body) => `<script type="application/ld+json">${body}</script>`).join(''));

describe('readJsonLd', () => {
  it('collects nodes from several scripts, arrays, @graph and nested objects, in document order', () => {
    const graph = readJsonLd(
      scripts(
        '{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"A"},{"@type":"VideoGame","review":[{"@type":"Review","name":"R"}]}]}',
        '[{"@type":"Person","name":"P"}]',
      ),
    );
    expect(graph.nodes.map((node) => node['@type'])).toEqual(['WebSite', 'VideoGame', 'Review', 'Person']);
    const review = graph.nodes[2];
    expect(graph.parentOf(review)).toBe(graph.nodes[1]);
    expect(graph.parentOf(graph.nodes[0])).toBeNull();
  });

  it('repairs comments, CDATA, raw line breaks, trailing commas and pasted objects', () => {
    const graph = readJsonLd(
      scripts(
        '<!-- {"@type":"Thing","name":"comment"} -->',
        '/*<![CDATA[*/{"@type":"Thing","name":"cdata"}/*]]>*/',
        '{"@type":"Thing","name":"línea\nrota",}',
        '{"@type":"Thing","name":"uno"}{"@type":"Thing","name":"dos"}',
        '{"@type": "Thing", "name": ',
      ),
    );
    expect(graph.nodes.map((node) => node.name)).toEqual(['comment', 'cdata', 'línea rota', 'uno', 'dos']);
  });

  it('ignores scripts of other types', () => {
    const $ = load('<script type="application/json">{"@type":"Thing"}</script><script>var a = 1;</script>');
    expect(readJsonLd($).nodes).toEqual([]);
  });

  it('resolves @id references to the full node, never to another reference', () => {
    const graph = readJsonLd(
      scripts(
        '{"@graph":[{"@type":"Article","publisher":{"@id":"#org"}},{"@type":"Organization","@id":"#org","name":"Org","logo":{"@id":"#logo"}},{"@type":"ImageObject","@id":"#logo","contentUrl":"/l.png"}]}',
      ),
    );
    const article = graph.nodes[0];
    const publisher = graph.node(article.publisher);
    expect(publisher?.name).toBe('Org');
    expect(imageValue(graph, publisher?.logo)).toBe('/l.png');
    expect(graph.node({ '@id': '#unknown' })).toEqual({ '@id': '#unknown' });
    expect(graph.nodeList([{ '@id': '#org' }, 'text', null])).toEqual([publisher]);
  });
});

describe('JSON-LD values', () => {
  it('matches types with or without the schema.org prefix, in arrays too', () => {
    expect(hasType({ '@type': 'NewsArticle' }, 'Article', 'NewsArticle')).toBe(true);
    expect(hasType({ '@type': ['Thing', 'https://schema.org/Review'] }, 'Review')).toBe(true);
    expect(hasType({ '@type': 'UserReview' }, 'Review')).toBe(false);
    expect(hasType({}, 'Review')).toBe(false);
  });

  it('reads text from strings, numbers, @value objects and arrays', () => {
    expect(textValue(' a ')).toBe('a');
    expect(textValue(8.5)).toBe('8.5');
    expect(textValue({ '@value': 'v' })).toBe('v');
    expect(textValue(['first', 'second'])).toBe('first');
    expect(textValue('   ')).toBeNull();
    expect(textValue(Number.NaN)).toBeNull();
    expect(textValue({})).toBeNull();
  });

  it('reads images from strings, ImageObjects and arrays', () => {
    const graph = readJsonLd(load(''));
    expect(imageValue(graph, 'https://a/1.jpg')).toBe('https://a/1.jpg');
    expect(imageValue(graph, { '@type': 'ImageObject', url: 'https://a/2.jpg' })).toBe('https://a/2.jpg');
    expect(imageValue(graph, [{ contentUrl: 'https://a/3.jpg' }, 'https://a/4.jpg'])).toBe('https://a/3.jpg');
    expect(imageValue(graph, null)).toBeNull();
  });
});
