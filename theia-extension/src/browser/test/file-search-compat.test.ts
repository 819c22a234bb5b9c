import { assert } from 'chai';
import { Container } from '@theia/core/shared/inversify';
import { FileSearchService } from '@theia/file-search/lib/common/file-search-service';
import { bindTheiaFileSearch, TheiaFileSearch } from '../file-search-compat';

suite('Theia\'s file search service, where the app has one', () => {
    test('the app\'s service when @theia/file-search bound it, none when the app lacks it (its find-files scenarios then say why they cannot run)', () => {
        const service: FileSearchService = { find: async () => ['file:///tree/a.ts'] };
        const withSearch = new Container();
        withSearch.bind(FileSearchService).toConstantValue(service);
        bindTheiaFileSearch(withSearch.bind.bind(withSearch));
        assert.strictEqual(withSearch.get<TheiaFileSearch>(TheiaFileSearch).service, service);
        const without = new Container();
        bindTheiaFileSearch(without.bind.bind(without));
        assert.isUndefined(without.get<TheiaFileSearch>(TheiaFileSearch).service);
    });
});
