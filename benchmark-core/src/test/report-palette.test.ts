import { assert } from 'chai';
import { meaningOf, PALETTE_COLORS, reportPalette } from '../report/svg/palette';

suite('report palette: a colour per meaning', () => {
    const charts = [
        [{ name: 'VS Code server (through the workbench)' }, { name: 'VS Code server (in the extension host)' }, { name: 'Theia browser (plugin)' }],
        [{ name: 'Backend disk read (floor)' }, { name: 'RPC transport of an in-memory buffer' }, { name: 'HTTP fetch (wire floor)', floor: true },
            { name: 'Node fs service (RPC)' }, { name: 'FileService.readFile' }, { name: 'Plugin workspace.fs.readFile' }],
        [{ name: 'Theia browser (plugin)' }, { name: 'VS Code server' }],
        [{ name: 'Theia backend' }, { name: 'page renderer' }, { name: 'plugin host' }, { name: 'extension host' }, { name: 'VS Code server' }],
    ];

    test('one name, one colour in every chart; the series of one chart all differ', () => {
        const palette = reportPalette(charts);
        for (const chart of charts) {
            const colors = chart.map(series => palette.color(series.name));
            assert.strictEqual(new Set(colors).size, colors.length, `distinct in ${chart.map(series => series.name).join(', ')}`);
            colors.forEach(color => assert.include(PALETTE_COLORS, color));
        }
        assert.strictEqual(reportPalette(charts).color('VS Code server'), palette.color('VS Code server'), 'built again, the same');
    });

    test('names of one meaning share a colour: the plugin host\'s read, the plugin\'s read path and the plugin host process', () => {
        const palette = reportPalette(charts);
        assert.strictEqual(meaningOf('Theia browser (plugin)'), meaningOf('Plugin workspace.fs.readFile'));
        assert.strictEqual(palette.color('Theia browser (plugin)'), palette.color('Plugin workspace.fs.readFile'));
        assert.strictEqual(palette.color('Theia browser (plugin)'), palette.color('plugin host'));
        assert.strictEqual(palette.color('VS Code server (in the extension host)'), palette.color('extension host'));
        assert.strictEqual(palette.color('Backend disk read (floor)'), palette.color('Theia backend'));
    });

    test('two names of one meaning in one chart still differ, and a floor takes a colour without hue', () => {
        const palette = reportPalette([[{ name: 'Theia browser (plugin)' }, { name: 'Theia electron (plugin)' }], [{ name: 'plugin host' }, { name: 'x' }]]);
        assert.notStrictEqual(palette.color('Theia browser (plugin)'), palette.color('Theia electron (plugin)'));
        assert.strictEqual(palette.color('plugin host'), palette.color('Theia browser (plugin)'));
        assert.include(['#000000', '#777777'], reportPalette(charts).color('HTTP fetch (wire floor)'));
    });

    test('no two series of a chart of up to six are near in hue (blue beside sky blue, orange beside vermillion)', () => {
        const six = Array.from({ length: 6 }, (_, index) => ({ name: `s${index}` }));
        const colors = six.map(series => reportPalette([six]).color(series.name));
        assert.notIncludeMembers(colors, ['#56b4e9', '#d55e00'], 'the near twins are left for a seventh series and more');
    });
});
