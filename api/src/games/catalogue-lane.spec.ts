import type { ArgumentMetadata } from '@nestjs/common';
import { parse } from 'node:querystring';
import { createValidationPipe } from '../common/validation.pipe.js';
import { readPageQuery } from './catalogue-lane.js';
import { GamePageQueryDto } from './dto/game-query.dto.js';

const metadata: ArgumentMetadata = { type: 'query', metatype: GamePageQueryDto };

/** What the application makes of the query: Express 5's simple parser (node:querystring), then the pipe. */
async function validated(query: string): Promise<Record<string, unknown> | 'rejected'> {
  try {
    const dto = (await createValidationPipe().transform({ ...parse(query) }, metadata)) as object;
    return { ...dto };
  } catch {
    return 'rejected';
  }
}

const VALUES: Record<string, string[]> = {
  page: ['0', '7', '100000', '100001', '-1', '07', '1.5', '1e3', ' 3', 'x', ''],
  size: ['1', '50', '100', '101', '0', '050'],
  sortBy: ['releaseDate', 'avRatings', 'avUserRatings', 'title', 'RELEASEDATE'],
  platform: ['ps5', 'switch-2', 'xbox-series', 'pc', 'PS5', 'p%735', 'gamecube'],
  spanish: ['audio', 'text', 'both'],
  genre: ['rol', 'plataformas', 'shooter', 'nope'],
  year: ['1950', '2024', '2100', '1949', '2101', '2024.0'],
  scored: ['true', 'false', '1', 'TRUE'],
  mature: ['true', 'false', 'yes'],
  addons: ['true', 'false', ''],
};

describe('readPageQuery (the catalogue lane of the front door)', () => {
  it('reads a query only as the validation pipe does, and gives the pipe anything unusual', async () => {
    const queries = [
      '',
      'page=3',
      'page=1&page=2',
      'page=3&',
      '&page=3',
      'page',
      '=3',
      'other=1',
      'page=3&other=1',
    ];
    for (const [name, values] of Object.entries(VALUES))
      for (const value of values) queries.push(`${name}=${value}`, `page=2&${name}=${value}&size=20`);
    queries.push(
      'page=12&size=50&sortBy=avUserRatings&platform=ps5&spanish=audio&genre=rol&year=2024&scored=true&mature=true&addons=false',
      'sortBy=avRatings&platform=switch&year=2020&addons=true',
    );
    let read = 0;
    for (const query of queries) {
      const lane = readPageQuery(query);
      const pipe = await validated(query);
      if (lane === null) continue;
      read++;
      expect({ query, answer: { ...lane } }).toEqual({ query, answer: pipe });
    }
    // It reads the plain queries, not just the empty one.
    expect(read).toBeGreaterThan(40);
    expect(readPageQuery('page=07')).toBeNull();
    expect(readPageQuery('page=100001')).toBeNull();
    expect(readPageQuery('other=1')).toBeNull();
  });
});
