import type { ArgumentMetadata } from '@nestjs/common';
import { parse } from 'node:querystring';
import { createValidationPipe } from '../common/validation.pipe.js';
import { readPageQuery, readSearchQuery } from '@veredicto/catalogue';
import { SPANISH_FILTERS } from '@veredicto/contract';
import { GamePageQueryDto, SearchQueryDto } from './dto/game-query.dto.js';

/** What the application makes of the query: Express 5's simple parser (node:querystring), then the pipe. */
async function validated(
  query: string,
  metatype: ArgumentMetadata['metatype'] = GamePageQueryDto,
): Promise<Record<string, unknown> | 'rejected'> {
  const metadata: ArgumentMetadata = { type: 'query', metatype };
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
  sortBy: ['releaseDate', 'avRatings', 'avUserRatings', 'length', 'title', 'RELEASEDATE'],
  platform: ['ps5', 'switch-2', 'xbox-series', 'pc', 'PS5', 'p%735', 'gamecube'],
  spanish: [...SPANISH_FILTERS, 'both'],
  genre: ['rol', 'plataformas', 'shooter', 'nope'],
  year: ['1950', '2024', '2100', '1949', '2101', '2024.0'],
  scored: ['true', 'false', '1', 'TRUE'],
  length: ['short', 'medium', 'long', 'SHORT', 'corto'],
  mature: ['true', 'false', 'yes'],
  addons: ['true', 'false', ''],
};

describe('the front door’s lanes (readPageQuery, readSearchQuery)', () => {
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
      'sortBy=length&length=short&platform=ps5',
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

  it('reads a search only as the validation pipe does, its name decoded as node:querystring does', async () => {
    const names = [
      'zelda',
      'the%20legend%20of%20zelda',
      'final+fantasy+x',
      'pok%C3%A9mon',
      'caf%C3%A9+%26+t%C3%A9',
      '%E2%82%AC%20euro',
      'a',
      'x'.repeat(100),
      'x'.repeat(101),
      '%20',
      '%',
      '%zz',
      '%00nul',
      '%F0%9F%8E%AE%20game',
      'na%6De',
      '',
    ];
    const queries = ['', 'page=2', 'name', 'name=a&name=b', 'nam%65=zelda', 'name=zelda&other=1'];
    for (const name of names) {
      queries.push(`name=${name}`, `page=3&name=${name}&size=10`);
      for (const [key, values] of Object.entries({
        page: ['0', '500', '501', '07', '-1'],
        size: ['1', '100', '101', '0'],
        spanish: [...SPANISH_FILTERS, 'both'],
        length: ['short', 'medium', 'long', 'corto'],
        mature: ['true', 'false', 'yes'],
      }))
        for (const value of values) queries.push(`name=${name}&${key}=${value}`);
    }
    let read = 0;
    for (const query of queries) {
      const lane = readSearchQuery(query);
      if (lane === null) continue;
      read++;
      expect({ query, answer: { ...lane } }).toEqual({
        query,
        answer: await validated(query, SearchQueryDto),
      });
    }
    expect(read).toBeGreaterThan(90);
    expect(readSearchQuery('name=%zz')).toBeNull();
    expect(readSearchQuery(`name=${'x'.repeat(101)}`)).toBeNull();
    expect(readSearchQuery('name=zelda&page=501')).toBeNull();
    expect(readSearchQuery('name=final+fantasy')?.name).toBe('final fantasy');
  });
});
