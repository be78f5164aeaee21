import { cachePolicy, surrogateKeys } from './cdn-cache.js';

const anonymous = (path: string, statusCode = 200, method = 'GET') =>
  cachePolicy({ method, path, authenticated: false, statusCode }, 60, 300);

describe('CDN cache policy', () => {
  it('lets a shared cache keep anonymous reads, filed under their surrogate keys', () => {
    expect(anonymous('/api/games/1942')).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=60',
      cdnCacheControl: 'max-age=60, stale-while-revalidate=300',
      surrogateKeys: ['game-1942'],
    });
    expect(anonymous('/api/games/avRating/77')?.surrogateKeys).toEqual(['game-77']);
    expect(anonymous('/api/games/reviews/pro/77')?.surrogateKeys).toEqual(['game-77']);
    expect(anonymous('/game/the-witcher-3/1942')?.surrogateKeys).toEqual(['game-1942']);
    expect(anonymous('/api/news/12')?.surrogateKeys).toEqual(['news-12']);
    expect(anonymous('/api/games/all')?.surrogateKeys).toEqual(['home']);
    expect(anonymous('/api/news/all')?.surrogateKeys).toEqual(['home']);
    expect(anonymous('/')?.surrogateKeys).toEqual(['home']);
  });

  it('marks personal answers, writes and signed-in reads private, no-store', () => {
    for (const path of ['/api/user/favorites/games', '/api/auth/login', '/admin/queues', '/user/perfil']) {
      expect(anonymous(path)?.cacheControl).toBe('private, no-store');
    }
    expect(anonymous('/api/games/1', 200, 'POST')?.cacheControl).toBe('private, no-store');
    expect(
      cachePolicy({ method: 'GET', path: '/api/games/1', authenticated: true, statusCode: 200 }, 60, 300),
    ).toEqual({ cacheControl: 'private, no-store', surrogateKeys: [] });
  });

  it("lets a browser keep 'Tu año''s picture but ask again each time, signed in or not", () => {
    const path = '/api/users/lucia/year/2025/image.png';
    expect(anonymous(path)).toEqual({ cacheControl: 'private, no-cache', surrogateKeys: [] });
    expect(anonymous(path, 304)?.cacheControl).toBe('private, no-cache');
    expect(
      cachePolicy({ method: 'GET', path, authenticated: true, statusCode: 200 }, 60, 300)?.cacheControl,
    ).toBe('private, no-cache');
    expect(anonymous(path, 404)?.cacheControl).toBe('private, no-store');
    expect(anonymous('/api/users/lucia/year/2025')?.cacheControl).toBe('private, no-store');
  });

  it('keeps errors out of the CDN except a short-lived 404, and leaves probes and files alone', () => {
    expect(anonymous('/api/games/1', 503)).toEqual({ cacheControl: 'no-store', surrogateKeys: [] });
    expect(anonymous('/api/games/1', 404)?.cacheControl).toBe('public, max-age=0, s-maxage=10');
    expect(anonymous('/health/ready')).toBeUndefined();
    expect(anonymous('/assets/index-abc.js')).toBeUndefined();
  });

  it('ids in keys are the numbers of the URL', () => {
    expect(surrogateKeys('/api/games/007')).toEqual(['game-7']);
  });
});
