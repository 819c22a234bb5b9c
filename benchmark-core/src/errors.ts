/** Thrown by the runner when a run was cancelled; a cancelled run yields no result. */
export class BenchmarkCancelledError extends Error {
    constructor(message = 'The benchmark run was cancelled; no results were written.') {
        super(message);
        this.name = 'BenchmarkCancelledError';
    }
}

/** Thrown when bytes a scenario returned do not match the fixture manifest; the run stops and writes no result. */
export class VerificationError extends Error {
    constructor(message: string, readonly fileName?: string) {
        super(message);
        this.name = 'VerificationError';
    }
}

/** Thrown when a fixture is missing from the folder or the manifest, or the manifest is unreadable. */
export class FixtureError extends Error {
    constructor(message: string, readonly fileName?: string) {
        super(message);
        this.name = 'FixtureError';
    }
}

/** Thrown when a results file does not match the results schema; the message names the field. */
export class ResultsValidationError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'ResultsValidationError';
    }
}

export function isCancellation(error: unknown): error is BenchmarkCancelledError {
    return error instanceof BenchmarkCancelledError;
}
