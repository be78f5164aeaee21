import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { FeedFormat } from '@veredicto/contract';
import type { FeedDocument } from './feed-document.js';
import { FeedsService } from './feeds.service.js';

/** `name.xml` or `name.json` with a name matching the pattern; anything else names no feed (404, no query). */
function feedFile(file: string, name: RegExp): { key: string; format: FeedFormat } {
  const match = /^(.+)\.(xml|json)$/.exec(file);
  if (!match || !name.test(match[1])) throw new NotFoundException('Canal no encontrado');
  return { key: match[1], format: match[2] as FeedFormat };
}

const IGDB_ID = /^\d{1,10}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,40}$/;

/**
 * The open feeds (section 15). Readers poll: each answer carries an ETag and Last-Modified, and a
 * conditional GET that still matches gets 304 with no body.
 */
@ApiExcludeController()
@Controller('feeds')
export class FeedsController {
  constructor(private readonly feeds: FeedsService) {}

  @Get(':file')
  async news(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const { format } = feedFile(file, /^noticias$/);
    send(req, res, await this.feeds.news(format));
  }

  @Get('juegos/:file')
  async game(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const { key, format } = feedFile(file, IGDB_ID);
    send(req, res, await this.feeds.gameReviews(Number(key), format));
  }

  @Get('medios/:file')
  async outlet(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const { key, format } = feedFile(file, SLUG);
    send(req, res, await this.feeds.outletReviews(key, format));
  }

  @Get('lanzamientos/:file')
  async releases(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const { key, format } = feedFile(file, SLUG);
    send(req, res, await this.feeds.releases(key, format));
  }
}

function send(req: Request, res: Response, feed: FeedDocument): void {
  res.set({
    'Content-Type': feed.contentType,
    ETag: feed.etag,
    'Last-Modified': feed.lastModified.toUTCString(),
    'Cache-Control': 'public, max-age=300',
  });
  if (isFresh(req, feed)) {
    res.status(304).end();
    return;
  }
  res.send(feed.body);
}

/**
 * RFC 9110 13.2.2: If-None-Match (weak comparison) decides when present, If-Modified-Since otherwise. Not
 * Express's req.fresh: it answers "stale" to any request with Cache-Control: no-cache, a header for caches
 * that fetch() adds to every conditional request.
 */
function isFresh(req: Request, feed: FeedDocument): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch) {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
}
