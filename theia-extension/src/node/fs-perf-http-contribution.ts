import * as express from '@theia/core/shared/express';
import { FsPerfLogger } from '../common/fs-perf-logger';
import { inject, injectable, interfaces } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import * as theiaNode from '@theia/core/lib/node';
import type { HttpConnectionValidator } from '@theia/core/lib/node';
import { fsPerfFileRoute, MAX_READ_BYTES } from '../common/fs-perf-backend-protocol';
import { describeUri, FsPerfAccessError } from './access-error';
import { readCheckedFile } from './file-access';
import { ReadLimiter } from './read-limiter';
import { WorkspaceRootsProvider } from './workspace-roots';

/** How long a response may make no progress (the client reads nothing) before its connection is closed, ms. */
export const STALLED_CLIENT_MS = 30_000;

/** Checks an HTTP request the way Theia checks requests to its own routes; what {@link bindConnectionGuard} binds. */
export const FsPerfConnectionGuard = Symbol('FsPerfConnectionGuard');
export type FsPerfConnectionGuard = Pick<HttpConnectionValidator, 'validateRequest'>;

/**
 * Binds {@link FsPerfConnectionGuard} to Theia's connection-token check (`HttpConnectionValidator`) where the
 * running release has one. Releases before it (1.54.0 to 1.67.0 at least) check no HTTP request, their own
 * `/file` route included; there the guard lets every request through, and the route's file checks remain.
 */
export function bindConnectionGuard(bind: interfaces.Bind): void {
    const validator = (theiaNode as { HttpConnectionValidator?: interfaces.ServiceIdentifier<HttpConnectionValidator> }).HttpConnectionValidator;
    bind(FsPerfConnectionGuard).toDynamicValue(({ container }): FsPerfConnectionGuard => validator && container.isBound(validator)
        ? container.get(validator)
        : { validateRequest: (_request, _response, next) => next() }).inSingletonScope();
}

/**
 * `GET /fs-perf/file?uri=<file URI>`: a workspace file's bytes over plain HTTP, the wire floor of the other
 * read paths. Behind the same connection-token check as Theia's own `/file` route, and the same file checks
 * as the RPC service.
 */
@injectable()
export class FsPerfHttpContribution implements BackendApplicationContribution {

    @inject(FsPerfConnectionGuard) protected readonly connectionValidator: FsPerfConnectionGuard;
    @inject(WorkspaceRootsProvider) protected readonly rootsProvider: WorkspaceRootsProvider;
    @inject(FsPerfLogger) protected readonly logger: FsPerfLogger;
    @inject(ReadLimiter) protected readonly limiter: ReadLimiter;

    configure(app: express.Application): void {
        const guard: express.RequestHandler = (request, response, next) => this.connectionValidator.validateRequest(request, response, next);
        app.get(fsPerfFileRoute, guard, (request, response) => {
            this.serveFile(request, response).catch(error => this.logger.error(`fs-perf could not answer GET ${fsPerfFileRoute}: ${error}`));
        });
    }

    protected async serveFile(request: express.Request, response: express.Response): Promise<void> {
        const uri: unknown = request.query.uri;
        let release: (() => void) | undefined;
        try {
            const roots = await this.rootsProvider.getRoots();
            release = await this.limiter.acquire(describeUri(uri));
            // The turn is held until the bytes have left (or the client went away), so the bound covers them;
            // a client that stops reading for STALLED_CLIENT_MS loses its connection and gives the turn back.
            response.once('close', release);
            response.setTimeout(STALLED_CLIENT_MS, () => response.destroy());
            if (response.destroyed) {
                release();
                return;
            }
            const bytes = await readCheckedFile(uri, roots, MAX_READ_BYTES);
            // `end` rather than `send`: `send` would hash the whole body for an ETag inside the timed request.
            response.status(200).set({
                'Content-Type': 'application/octet-stream',
                'Content-Length': String(bytes.byteLength),
                'Cache-Control': 'no-store',
                'X-Content-Type-Options': 'nosniff',
            }).end(bytes);
        } catch (error) {
            release?.();
            this.sendError(response, uri, error);
        }
    }

    protected sendError(response: express.Response, uri: unknown, error: unknown): void {
        let status: number;
        let message: string;
        if (error instanceof FsPerfAccessError) {
            status = error.httpStatus;
            message = error.message;
            this.logger.warn(`fs-perf GET ${fsPerfFileRoute} refused: ${message}`);
        } else {
            status = 500;
            message = `fs-perf could not read ${describeUri(uri)}: ${error instanceof Error ? error.message : String(error)}`;
            this.logger.error(message);
        }
        if (response.headersSent) {
            response.destroy();
            return;
        }
        response.status(status).set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
        if (status === 503) {
            response.set('Retry-After', '1');
        }
        response.type('text/plain').send(message);
    }
}
