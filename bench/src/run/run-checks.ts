/** The refusals of flags that do not go together (beyond the modes each flag applies with, option-table.ts). */
import { parseBisectCell } from './bisect/cell';
import { FlagContext, FlagValues } from './option-table';

/** The size of `--cell`'s value (`5K` of "plugin, vscode.workspace.fs.readFile, 5K"), or undefined where it is no cell (refused later). */
function cellSize(text: string | undefined): string | undefined {
    try {
        return parseBisectCell(text ?? '').target;
    } catch {
        return undefined;
    }
}

/** The sides of `--compare` given as the URL of a running Theia (`[label=]http...`), as typed. */
function urlSides(sides: readonly string[] | undefined): string[] {
    return (sides ?? []).filter(text => /^(?:[A-Za-z0-9][\w.-]{0,39}=)?https?:\/\//i.test(text.trim()));
}

/** Checks between flags' values, beyond the modes each applies with; each with its refusal, naming what was given. */
export const RUN_CHECKS: readonly { readonly refuses: (values: FlagValues, context: FlagContext) => boolean; readonly refusal: (values: FlagValues) => string }[] = [
    {
        refuses: (values, context) => context.modes.includes('compare') && context.given('hosts') && values.hosts?.join() !== 'theia-browser',
        refusal: values => `--compare measures two Theia builds as the theia-browser host; leave out --hosts ${values.hosts?.join(',')} (or give --hosts theia-browser).`,
    },
    {
        refuses: (_values, context) => context.given('compare') && (context.given('bisect') || context.given('resume')),
        refusal: () => '--bisect chooses the two sides of each step itself: give --compare or --bisect (or --resume), not both.',
    },
    {
        refuses: (_values, context) => context.given('bisectExit') && (context.given('bisect') || context.given('resume')),
        refusal: () => '--bisect-exit makes one --compare a step of git bisect run, --bisect runs its own steps: give --compare or --bisect, not both.',
    },
    {
        refuses: (_values, context) => context.given('bisectExit') && !context.given('cell'),
        refusal: () => '--bisect-exit needs --cell "host, scenario, size": the cell whose verdict is the exit code (e.g. --cell "plugin, vscode.workspace.fs.readFile, 5K").',
    },
    {
        refuses: (values, context) => context.given('bisectExit') && context.given('sizes') && cellSize(values.cell) !== undefined
            && !values.sizes!.includes(cellSize(values.cell)!),
        refusal: values => `--sizes ${values.sizes!.join(',')} does not measure the --cell's size: add ${cellSize(values.cell)} (or leave out --sizes: `
            + '--bisect-exit measures the cell\'s size).',
    },
    {
        refuses: (values, context) => context.modes.includes('compare') && values.suite === 'watch',
        refusal: () => '--suite watch reads each host\'s watcher load once, not in the alternated blocks of a comparison: give --compare with --suite '
            + 'default, trees or writes (or leave out --compare).',
    },
    {
        refuses: (values, context) => values.suite !== undefined && values.suite !== 'default'
            && (context.given('bisect') || context.given('resume') || context.given('bisectExit')),
        refusal: values => `a bisect follows a cell of the reads; leave out --suite ${values.suite} (a comparison of the ${values.suite} of two builds is `
            + `--compare with --suite ${values.suite}).`,
    },
    {
        refuses: values => (values.suite === 'trees' || values.suite === 'writes') && urlSides(values.compare).length > 0,
        refusal: values => `--suite ${values.suite} sets the scenarios${values.suite === 'trees' ? ' and generates the trees' : ''} of the apps a comparison `
            + `starts, and ${urlSides(values.compare).join(' and ')} ${urlSides(values.compare).length === 1 ? 'is a Theia' : 'are Theias'} this run does not `
            + 'start: give a release, a folder of tarballs or a checkout (or leave out --suite).',
    },
    {
        refuses: (_values, context) => context.given('bisect') && context.given('resume'),
        refusal: () => '--resume goes on with the bisect its folder records: leave out --bisect.',
    },
    {
        refuses: values => values.duet === true && urlSides(values.compare).length > 0,
        refusal: values => `--duet starts both sides itself to pin their processes to a core each, and ${urlSides(values.compare).join(' and ')} `
            + `${urlSides(values.compare).length === 1 ? 'is a Theia' : 'are Theias'} this run does not start: give a release, a folder of tarballs or a checkout, or leave out --duet.`,
    },
    {
        refuses: (values, context) => values.duet === true && context.given('restartEvery'),
        refusal: values => `--duet starts both sides afresh for every pair; leave out --restart-every ${values.restartEvery} (or --duet).`,
    },
    {
        refuses: (_values, context) => context.given('budget') && context.given('pairs'),
        refusal: () => '--budget samples until every cell is resolved, --pairs takes a fixed number of pairs: give one of them.',
    },
    {
        refuses: values => values.theiaUrl !== undefined && !values.hosts?.includes('theia-browser'),
        refusal: values => `--theia-url measures the theia-browser host; add theia-browser to --hosts ${values.hosts?.join(',')}.`,
    },
    {
        refuses: values => values.theiaVersion !== undefined && !values.hosts?.includes('theia-browser'),
        refusal: values => `--theia-version measures Theia releases as the theia-browser host; add theia-browser to --hosts ${values.hosts?.join(',')}.`,
    },
];
