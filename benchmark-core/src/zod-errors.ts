import type { z } from 'zod';

/** `results[2].stats.medianMs: expected number, received string` for the first few issues of a zod error. */
export function describeZodError(error: z.ZodError, maxIssues = 3): string {
    const described = error.issues.slice(0, maxIssues).map(issue => `${formatPath(issue.path)}: ${issue.message}`);
    const more = error.issues.length > maxIssues ? ` (and ${error.issues.length - maxIssues} more)` : '';
    return described.join('; ') + more;
}

function formatPath(path: readonly PropertyKey[]): string {
    if (path.length === 0) {
        return '(root)';
    }
    let text = '';
    for (const key of path) {
        if (typeof key === 'number') {
            text += `[${key}]`;
        } else {
            text += text.length === 0 ? String(key) : `.${String(key)}`;
        }
    }
    return text;
}
