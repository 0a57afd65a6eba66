/**
 * Last Express handler: every error becomes a JSON answer with a status and a short message, never
 * Express' HTML page with a stack trace and file paths (bad JSON, too large a body, a bug).
 */
import type { NextFunction, Request, Response } from 'express';
import { logger } from '../ops/logger.js';

interface HttpError { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string }

export function jsonErrors(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const e = (typeof error === 'object' && error !== null ? error : {}) as HttpError;
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 500) logger.error({ err: error, path: req.path }, 'request failed');
  const [code, message] = status === 413 ? ['body_too_large', 'The request body is too large.']
    : e.type === 'entity.parse.failed' ? ['bad_json', 'The request body is not valid JSON.']
    : status < 500 ? ['bad_request', e.expose && e.message ? e.message : 'The request was refused.']
    : ['server_error', 'Something went wrong on our side.'];
  // `code` is what the client formats (server:error.<code>); `status` repeats the HTTP status.
  res.status(status).json({ error: message, code, status });
}

/** Mounted on /api after every API router: an unknown API route is a JSON 404, never the client's HTML. */
export function apiNotFound(_req: Request, res: Response): void {
  res.status(404).json({ error: 'No such API route.', code: 'no_such_route', status: 404 });
}
