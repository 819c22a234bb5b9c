import { interfaces } from '@theia/core/shared/inversify';
import { ILogger, LoggerFactory } from '@theia/core/lib/common/logger';

/**
 * The extension's logger, named `fs-perf`. Made with Theia's `LoggerFactory`, which every supported release binds in
 * frontend and backend; `@inject(ILogger) @named('fs-perf')` works only where Theia binds named loggers on demand
 * (not in 1.54.0, whose backend then fails to start the extension's services).
 */
export const FsPerfLogger = Symbol('FsPerfLogger');
export type FsPerfLogger = ILogger;

export function bindFsPerfLogger(bind: interfaces.Bind): void {
    bind(FsPerfLogger).toDynamicValue(({ container }) => container.get<LoggerFactory>(LoggerFactory)('fs-perf')).inSingletonScope();
}
