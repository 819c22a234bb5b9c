import * as http from 'http';
import { FsPerfLogger } from '../../common/fs-perf-logger';
import { AddressInfo } from 'net';
import express from '@theia/core/shared/express';
import { ILogger } from '@theia/core/lib/common/logger';
import { HttpConnectionValidator } from '@theia/core/lib/node';
import { Container } from '@theia/core/shared/inversify';
import { MockLogger } from '@theia/core/lib/common/test/mock-logger';
import { bindConnectionGuard, FsPerfHttpContribution } from '../fs-perf-http-contribution';
import { ReadLimits } from '../read-limiter';
import { WorkspaceRootsProvider } from '../workspace-roots';
import { bindReadLimiter } from './test-workspace';

export const ACCEPT_ALL: HttpConnectionValidator = { validateRequest: (_request, _response, next) => next() };

/** An express app with the real route, listening on 127.0.0.1 on a free port. */
export async function startRouteServer(validator: HttpConnectionValidator, roots: WorkspaceRootsProvider, logger: ILogger,
    limits?: ReadLimits): Promise<http.Server> {
    const container = new Container();
    bindReadLimiter(container, limits);
    container.bind(FsPerfHttpContribution).toSelf().inSingletonScope();
    container.bind(HttpConnectionValidator).toConstantValue(validator);
    bindConnectionGuard(container.bind.bind(container));
    container.bind(WorkspaceRootsProvider).toConstantValue(roots);
    container.bind(FsPerfLogger).toConstantValue(logger);
    const app = express();
    container.get(FsPerfHttpContribution).configure(app);
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
    });
    return server;
}

export async function stopRouteServer(server: http.Server | undefined): Promise<void> {
    if (server?.listening) {
        server.closeAllConnections();
        await new Promise<void>(resolve => server.close(() => resolve()));
    }
}

/**
 * Run as a program (`node route-server.js <workspace root>`): the route with the default limits in a process
 * of its own, so a test can read that process's memory. Prints `{"port":N}` and exits when stdin closes.
 */
async function main(root: string): Promise<void> {
    const server = await startRouteServer(ACCEPT_ALL, { getRoots: async () => [root] }, new MockLogger());
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
    process.stdin.resume();
    process.stdin.once('end', () => {
        stopRouteServer(server).finally(() => process.exit(0));
    });
}

if (require.main === module) {
    main(process.argv[2]).catch(error => {
        console.error(error);
        process.exit(1);
    });
}
