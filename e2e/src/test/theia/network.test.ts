import { assert } from 'chai';
import { HostSession } from '@fs-perf/bench';
import { checkReportFrame, closeSession, copyResultsIntoWorkspace, NETWORK_RUN, NETWORK_RUN_FILES, skipWithoutChromium, SLOWEST_LINK_HEADLINE } from '../session-helpers';

suite('"FS Perf: Show Report (Theia)" of a run over links', () => {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        session = await HostSession.theiaBrowser({ settings: { 'fsPerf.cpuPass': false }, workspace: { fixtures: false } });
    });
    suiteTeardown(() => closeSession(session));

    test('the committed run\'s files, all picked: the slowest link\'s sentence in the headline, a section per link with its check, wire floors and chart', async function () {
        this.timeout(180_000);
        await copyResultsIntoWorkspace(NETWORK_RUN, NETWORK_RUN_FILES, session!.workspace!);
        const { workbench } = session!;
        await workbench.runCommand('FS Perf: Show Report (Theia)', { answers: [{ pickAll: true }] });
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-theia-network.png');
        assert.isTrue(headline.some(item => SLOWEST_LINK_HEADLINE.test(item)), headline.join('\n'));
        const headings = await frame.$$eval('h2', elements => elements.map(element => element.textContent ?? ''));
        assert.includeMembers(headings.filter(heading => heading.startsWith('Over ')).map(heading => heading.split(' ')[1]), ['lan', 'cable', 'dsl']);
        assert.isAtLeast(await frame.$$eval('svg', elements => elements.filter(element => /network-dsl|Over dsl/.test(element.outerHTML)).length), 1, 'the dsl link\'s chart');
    });
});
