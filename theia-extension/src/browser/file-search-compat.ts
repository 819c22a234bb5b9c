/**
 * Theia's file search service (`@theia/file-search`: what Quick Open and a plugin's `workspace.findFiles` use), when the
 * running app has it. The package is not one this extension needs to load: an app without it gets the extension with
 * its two find-files scenarios unavailable, and the reason. The require stays a plain `require` in try/catch, which
 * Theia's bundlers leave to run time (as preferences-compat.ts does).
 */
import { interfaces } from '@theia/core/shared/inversify';
import type { FileSearchService } from '@theia/file-search/lib/common/file-search-service';

export type { FileSearchService };

function loadIdentifier(): symbol | undefined {
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require('@theia/file-search/lib/common/file-search-service') as { FileSearchService?: symbol }).FileSearchService;
    } catch {
        return undefined;
    }
}

const FILE_SEARCH_SERVICE = loadIdentifier();

/** The app's file search service, or none: see the file's comment. */
export interface TheiaFileSearch {
    readonly service: FileSearchService | undefined;
}
export const TheiaFileSearch = Symbol('TheiaFileSearch');

export function bindTheiaFileSearch(bind: interfaces.Bind): void {
    bind(TheiaFileSearch).toDynamicValue(({ container }): TheiaFileSearch => ({
        service: FILE_SEARCH_SERVICE !== undefined && container.isBound(FILE_SEARCH_SERVICE) ? container.get<FileSearchService>(FILE_SEARCH_SERVICE) : undefined,
    })).inSingletonScope();
}
