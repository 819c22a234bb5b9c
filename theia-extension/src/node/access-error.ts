/** Why fs-perf refused to read a file. */
export type FsPerfAccessErrorCode =
    'invalid-uri' | 'unresolvable' | 'outside-workspace' | 'not-permitted' | 'not-found' | 'not-a-file' | 'too-large' | 'no-workspace' | 'busy';

/** HTTP status the fs-perf file route answers for each refusal. */
export const FS_PERF_ACCESS_HTTP_STATUS: Readonly<Record<FsPerfAccessErrorCode, number>> = Object.freeze({
    'invalid-uri': 400,
    'unresolvable': 400,
    'outside-workspace': 403,
    'not-permitted': 403,
    'not-found': 404,
    'not-a-file': 404,
    'too-large': 413,
    'no-workspace': 409,
    'busy': 503,
});

/**
 * A read refused by fs-perf's checks. The message names what the caller sent (shortened), the problem and
 * what to do; never anything outside the workspace (a symlink's target, whether a file exists there).
 */
export class FsPerfAccessError extends Error {
    constructor(readonly code: FsPerfAccessErrorCode, message: string) {
        super(message);
        this.name = 'FsPerfAccessError';
    }

    /** HTTP status for this refusal. */
    get httpStatus(): number {
        return FS_PERF_ACCESS_HTTP_STATUS[this.code];
    }
}

/** The hint every refusal of a bad path ends with. */
export const TRY_AGAIN = 'Pass the file:// URI of a regular file inside the open workspace.';

/** The URI for a message: as given when printable, quoted with escapes otherwise (no log forging); bounded. */
export function describeUri(uri: unknown): string {
    if (typeof uri !== 'string') {
        return `${Array.isArray(uri) ? 'an array' : typeof uri} (${shorten(String(safeJson(uri)), 100)})`;
    }
    // eslint-disable-next-line no-control-regex
    return shorten(/[\u0000-\u001f\u007f]/.test(uri) ? JSON.stringify(uri) : uri, 300);
}

/** `text` cut to `max` characters, keeping the start and the end (where a file name is). */
export function shorten(text: string, max: number): string {
    if (text.length <= max) {
        return text;
    }
    const tail = Math.floor(max / 3);
    return `${text.slice(0, max - tail - 1)}…${text.slice(text.length - tail)}`;
}

/** The refusal of anything outside the workspace; the same words whatever lies there. */
export function outsideError(shown: string): FsPerfAccessError {
    return new FsPerfAccessError('outside-workspace', `Refusing to read ${shown}: it is outside the open workspace. `
        + 'fs-perf reads only files inside the workspace.');
}


/** An unexpected failure: named by its error code only, since Node's messages carry whole (real) paths. */
export function unexpectedReadError(shown: string, error: unknown): Error {
    const code = errorCode(error);
    const reason = code ?? (error instanceof Error ? error.name : typeof error);
    return new Error(`Cannot read ${shown}: the file system answered ${reason}. Check that the Theia backend may read the file and try again.`);
}

export function errorCode(error: unknown): string | undefined {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
}

function safeJson(value: unknown): string | undefined {
    try {
        return JSON.stringify(value);
    } catch {
        return String(value);
    }
}
